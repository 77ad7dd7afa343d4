#pragma once
// The scenarios ScaleScope ships (specs/scenarios/*.scalescope.json, in the
// spec roots the catalog is loaded from), for File → Open preset.

#include <QString>

#include <vector>

namespace scalescope {

struct ScenarioPreset {
    QString path;
    QString name;        // the scenario's "name", else its file name
    QString description; // the scenario's "description"
};

// The shipped presets, training and inference, the default scenario first,
// then by name. A file that does not load is listed
// by its file name; opening it says why.
[[nodiscard]] std::vector<ScenarioPreset> shippedPresets();

} // namespace scalescope

#include "scenario_presets.h"

#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <set>

namespace scalescope {

namespace {
const QString kDefaultPreset = QStringLiteral("default.scalescope.json");
}

std::vector<ScenarioPreset> shippedPresets()
{
    std::vector<ScenarioPreset> presets;
    std::set<QString> seen; // a file name found in two roots (source tree and install): the first root's
    for (const auto& root : builtinSpecRoots()) {
        const QDir dir(QString::fromStdString((root / "scenarios").string()));
        for (const QFileInfo& file :
             dir.entryInfoList({QStringLiteral("*.scalescope.json")}, QDir::Files, QDir::Name)) {
            if (!seen.insert(file.fileName()).second) continue;
            ScenarioPreset preset{file.filePath(), file.fileName(), QString()};
            SpecErrors errors;
            if (const auto s = loadScenarioFile(file.filePath().toStdString(), errors)) {
                if (!s->name.empty()) preset.name = QString::fromStdString(s->name);
                preset.description = QString::fromStdString(s->description);
            }
            presets.push_back(std::move(preset));
        }
    }
    std::stable_sort(presets.begin(), presets.end(), [](const ScenarioPreset& a, const ScenarioPreset& b) {
        const bool aDefault = QFileInfo(a.path).fileName() == kDefaultPreset;
        const bool bDefault = QFileInfo(b.path).fileName() == kDefaultPreset;
        if (aDefault != bDefault) return aDefault;
        return QString::localeAwareCompare(a.name, b.name) < 0;
    });
    return presets;
}

} // namespace scalescope

#pragma once
// Colours of the timeline and memory bar, one per kind of work, chosen to
// stay distinguishable for common colour-vision deficiencies (Okabe–Ito).

#include "model/pipeline_timeline.h"

#include <QColor>
#include <QString>

namespace scalescope {

[[nodiscard]] QColor eventColour(Lane lane, EventKind kind);
[[nodiscard]] QString laneTitle(Lane lane);      // translated: "compute", "TP", ...
[[nodiscard]] QString eventKindTitle(EventKind k); // translated: "forward", ...

} // namespace scalescope

#pragma once
// Colours of the timeline and memory bar, one per kind of work, chosen to
// stay distinguishable for common colour-vision deficiencies (Okabe–Ito),
// and the planner's warning ink for the light or dark theme.

#include "model/training/pipeline_timeline.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace scalescope {

[[nodiscard]] QColor eventColour(Lane lane, EventKind kind);
// Red text for errors and overflow, readable on the palette's base colour.
[[nodiscard]] QColor errorTextColour(const QPalette& palette);
[[nodiscard]] QString laneTitle(Lane lane);      // translated: "compute", "TP", ...
[[nodiscard]] QString eventKindTitle(EventKind k); // translated: "forward", ...

} // namespace scalescope

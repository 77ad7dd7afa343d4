#pragma once
// Colours of the timeline and memory bar, one per kind of work, chosen to
// stay distinguishable for common colour-vision deficiencies (Okabe–Ito),
// and the planner's warning ink for the light or dark theme.

#include "model/training/pipeline_timeline.h"

#include <QBrush>
#include <QColor>
#include <QPalette>
#include <QString>

namespace scalescope {

[[nodiscard]] QColor eventColour(Lane lane, EventKind kind);
// Red text for errors and overflow, readable on the palette's base colour.
[[nodiscard]] QColor errorTextColour(const QPalette& palette);
// How a span of TimelineSpan::colourOf `colour` is filled on `paper`:
// exposed communication and compute solid, overlapped communication hatched
// in its lane's colour, recompute striped. The legend's swatches use the same.
[[nodiscard]] QBrush timelineBrush(int colour, const QColor& paper);
// The pipeline bubble (idle compute): a grey hatch of `ink` on `paper`.
[[nodiscard]] QBrush bubbleBrush(const QColor& ink, const QColor& paper);
// Qt's pattern brush laid over `paper` as an opaque 8×8 tile. The raster
// engine blends a pattern brush pixel by pixel (its gaps are transparent);
// an opaque texture is copied. Both repeat from the device origin.
[[nodiscard]] QBrush opaquePattern(const QColor& paper, const QBrush& pattern);
[[nodiscard]] QString laneTitle(Lane lane);      // translated: "compute", "TP", ...
[[nodiscard]] QString eventKindTitle(EventKind k); // translated: "forward", ...

} // namespace scalescope

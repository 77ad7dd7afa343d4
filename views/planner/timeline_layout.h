#pragma once
// What the timeline paints, prepared once per evaluation: rows (a lane of a
// pipeline stage) and spans in seconds. Painting only maps seconds to pixels
// through TimeAxis and folds spans narrower than a few pixels into pixel
// columns that keep each kind's busy time.

#include "model/training/pipeline_timeline.h"

#include <array>
#include <bitset>
#include <vector>

namespace scalescope {

struct TimelineRow {
    int stage = 0;
    Lane lane = Lane::Compute;
};

struct TimelineSpan {
    int row = 0;
    double start = 0, end = 0; // seconds
    int event = 0;             // index into Timeline::events
    int colour = 0;            // what it is drawn as: lane, kind and exposure (colourOf)

    static constexpr int kColours = 6 * 8 * 2;
    [[nodiscard]] static constexpr int colourOf(Lane lane, EventKind kind, bool exposed) noexcept
    {
        return (static_cast<int>(lane) * 8 + static_cast<int>(kind)) * 2 + (exposed ? 1 : 0);
    }
    [[nodiscard]] static int colourOf(const TimelineEvent& e) noexcept { return colourOf(e.lane, e.kind, e.exposed); }
};

struct TimelineLayout {
    std::vector<TimelineRow> rows;
    std::vector<TimelineSpan> spans; // sorted by row, then start
    double end = 0;
    std::bitset<TimelineSpan::kColours> colours; // every colour a span has

    static TimelineLayout build(const Timeline& t);
};

// Seconds <-> pixels: x = (t − origin) / secondsPerPixel + left.
struct TimeAxis {
    double origin = 0;          // seconds at the left edge of the plot
    double secondsPerPixel = 1; // > 0
    double left = 0;            // x of the plot's left edge

    [[nodiscard]] double x(double seconds) const noexcept { return (seconds - origin) / secondsPerPixel + left; }
    [[nodiscard]] double seconds(double x) const noexcept { return (x - left) * secondsPerPixel + origin; }
    // Zooms by `factor` (> 1 zooms in) keeping the time under `anchorX` fixed.
    void zoom(double factor, double anchorX) noexcept;
    void fit(double duration, double width) noexcept;
};

// A span wide enough to draw on its own, in pixels of the view.
struct DrawnSpan {
    double x0 = 0, x1 = 0;
    int event = 0; // index into Timeline::events
};

// The busy time of one pixel column's folded spans (those narrower than the
// fold width), per colour: what the column is drawn from.
struct FoldedColumn {
    // Colours one row can hold: a row is one lane, and a lane's events are of
    // six kinds, each exposed or overlapped.
    static constexpr int kSlots = 12;
    int x = 0; // the column [x, x + 1) in pixels
    std::array<double, kSlots> seconds{}; // busy seconds per slot of RowDrawing::colours
};

// One row as drawn in [x0, x1) of the view: wide spans as boxes, the rest
// folded into pixel columns that keep each colour's busy time.
struct RowDrawing {
    std::vector<DrawnSpan> spans;      // by start
    std::vector<FoldedColumn> columns; // by x; only columns that hold folded time
    std::array<int, FoldedColumn::kSlots> colours{}; // TimelineSpan::colourOf of each slot
    int slots = 0;
    double secondsPerColumn = 0;
    // The share of the column's duration the slot's events are busy; a
    // column's shares sum to at most 1 (overlapping events are scaled down).
    [[nodiscard]] double fraction(const FoldedColumn& c, int slot) const noexcept;
};

// Row `row` of `layout` within [viewX0, viewX1): spans at least `foldPixels`
// wide are drawn whole, narrower ones add their time (clipped to the view)
// to the pixel columns they cross. `out` is reused between rows.
void drawRow(const TimelineLayout& layout, int row, const TimeAxis& axis, double viewX0, double viewX1, double foldPixels,
             RowDrawing& out);

} // namespace scalescope

#pragma once
// What the timeline paints, prepared once per evaluation: rows (a lane of a
// pipeline stage) and spans in seconds. Painting only maps seconds to pixels
// through TimeAxis and folds spans narrower than a pixel.

#include "model/training/pipeline_timeline.h"

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
    [[nodiscard]] static int colourOf(const TimelineEvent& e) noexcept
    {
        return (static_cast<int>(e.lane) * 8 + static_cast<int>(e.kind)) * 2 + (e.exposed ? 1 : 0);
    }
};

struct TimelineLayout {
    std::vector<TimelineRow> rows;
    std::vector<TimelineSpan> spans; // sorted by row, then start
    double end = 0;

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

// A span or a run of folded spans as drawn on one row.
struct DrawnSpan {
    double x0 = 0, x1 = 0;
    int event = -1; // the event drawn, -1 for a block of several folded events
    int folded = 0; // 0: a span wide enough to draw; n > 0: n narrow spans in this block
    int dominant = -1; // the longest event of the block (its colour stands for the block)
    double dominantWidth = 0;
    double coveredWidth = 0; // pixels actually covered by the folded events (density = covered / width)
};

// Spans of one row within [x0, x1) of the view, with spans narrower than
// `minPixels` merged into folded blocks.
[[nodiscard]] std::vector<DrawnSpan> drawnSpans(const TimelineLayout& layout, int row, const TimeAxis& axis,
                                                double viewX0, double viewX1, double minPixels = 1.0);

} // namespace scalescope

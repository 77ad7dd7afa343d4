#include "timeline_layout.h"

#include "model/training/stable_bucket_sort.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace scalescope {

TimelineLayout TimelineLayout::build(const Timeline& t)
{
    TimelineLayout out;
    out.end = t.end.si;
    constexpr int kLanes = static_cast<int>(Lane::Dp) + 1;
    int stages = 0;
    for (const TimelineEvent& e : t.events) stages = std::max(stages, e.stage + 1);
    // Rows in (stage, lane) order; -1 marks a lane a stage does not use.
    std::vector<int> rowOf(static_cast<size_t>(stages) * kLanes, -1);
    for (const TimelineEvent& e : t.events) rowOf[static_cast<size_t>(e.stage) * kLanes + static_cast<size_t>(e.lane)] = 0;
    for (size_t i = 0; i < rowOf.size(); ++i) {
        if (rowOf[i] < 0) continue;
        rowOf[i] = static_cast<int>(out.rows.size());
        out.rows.push_back({static_cast<int>(i / kLanes), static_cast<Lane>(i % kLanes)});
    }
    out.spans.reserve(t.events.size());
    for (size_t i = 0; i < t.events.size(); ++i) {
        const TimelineEvent& e = t.events[i];
        out.spans.push_back({rowOf[static_cast<size_t>(e.stage) * kLanes + static_cast<size_t>(e.lane)], e.start.si, e.end.si,
                             static_cast<int>(i), TimelineSpan::colourOf(e)});
    }
    for (const TimelineSpan& sp : out.spans) out.colours.set(static_cast<size_t>(sp.colour));
    stableSortByBucketThenStart(
        out.spans, static_cast<int>(out.rows.size()), [](const TimelineSpan& sp) { return sp.row; },
        [](const TimelineSpan& sp) { return sp.start; });
    return out;
}

void TimeAxis::zoom(double factor, double anchorX) noexcept
{
    const double anchor = seconds(anchorX);
    secondsPerPixel = std::max(secondsPerPixel / factor, 1e-12);
    origin = anchor - (anchorX - left) * secondsPerPixel;
}

void TimeAxis::fit(double duration, double width) noexcept
{
    origin = 0;
    secondsPerPixel = duration > 0 && width > 0 ? duration / width : 1;
}

double RowDrawing::fraction(const FoldedColumn& c, int slot) const noexcept
{
    double total = 0;
    for (int k = 0; k < slots; ++k) total += c.seconds[static_cast<size_t>(k)];
    const double scale = total > secondsPerColumn ? secondsPerColumn / total : 1.0;
    return secondsPerColumn > 0 ? c.seconds[static_cast<size_t>(slot)] * scale / secondsPerColumn : 0.0;
}

void drawRow(const TimelineLayout& layout, int row, const TimeAxis& axis, double viewX0, double viewX1, double foldPixels,
             RowDrawing& out)
{
    out.spans.clear();
    out.columns.clear();
    out.slots = 0;
    out.secondsPerColumn = axis.secondsPerPixel;
    std::array<signed char, TimelineSpan::kColours> slotOf;
    slotOf.fill(-1);
    const auto first = std::lower_bound(layout.spans.begin(), layout.spans.end(), row,
                                        [](const TimelineSpan& s, int r) { return s.row < r; });
    for (auto it = first; it != layout.spans.end() && it->row == row; ++it) {
        const double x0 = axis.x(it->start), x1 = axis.x(it->end);
        if (x1 < viewX0) continue;
        if (x0 > viewX1) break;
        if (x1 - x0 >= foldPixels) {
            out.spans.push_back({x0, x1, it->event});
            continue;
        }
        const double a = std::max(x0, viewX0), b = std::min(x1, viewX1);
        if (b <= a) continue; // no time inside the view
        signed char& slot = slotOf[static_cast<size_t>(it->colour)];
        if (slot < 0) {
            slot = static_cast<signed char>(out.slots);
            out.colours[static_cast<size_t>(out.slots++)] = it->colour;
        }
        // Spans come by start, so the columns this one crosses are the last
        // few already made or new ones after them.
        for (int c = static_cast<int>(std::floor(a)); c < b; ++c) {
            const double overlap = std::min(b, c + 1.0) - std::max(a, static_cast<double>(c));
            if (overlap <= 0) continue;
            auto col = out.columns.end();
            while (col != out.columns.begin() && (col - 1)->x >= c) --col;
            if (col == out.columns.end() || col->x != c) {
                col = out.columns.insert(col, FoldedColumn{});
                col->x = c;
            }
            col->seconds[static_cast<size_t>(slot)] += overlap * axis.secondsPerPixel;
        }
    }
}

} // namespace scalescope

#include "timeline_layout.h"

#include <algorithm>
#include <map>

namespace scalescope {

TimelineLayout TimelineLayout::build(const Timeline& t)
{
    TimelineLayout out;
    out.end = t.end.si;
    std::map<std::pair<int, int>, int> rowOf; // (stage, lane) -> row
    for (const TimelineEvent& e : t.events) rowOf.emplace(std::make_pair(e.stage, static_cast<int>(e.lane)), 0);
    for (auto& [key, row] : rowOf) {
        row = static_cast<int>(out.rows.size());
        out.rows.push_back({key.first, static_cast<Lane>(key.second)});
    }
    out.spans.reserve(t.events.size());
    for (size_t i = 0; i < t.events.size(); ++i) {
        const TimelineEvent& e = t.events[i];
        out.spans.push_back({rowOf[{e.stage, static_cast<int>(e.lane)}], e.start.si, e.end.si, static_cast<int>(i)});
    }
    std::stable_sort(out.spans.begin(), out.spans.end(), [](const TimelineSpan& a, const TimelineSpan& b) {
        return a.row != b.row ? a.row < b.row : a.start < b.start;
    });
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

std::vector<DrawnSpan> drawnSpans(const TimelineLayout& layout, int row, const TimeAxis& axis, double viewX0, double viewX1,
                                  double minPixels)
{
    std::vector<DrawnSpan> out;
    const auto first = std::lower_bound(layout.spans.begin(), layout.spans.end(), row,
                                        [](const TimelineSpan& s, int r) { return s.row < r; });
    DrawnSpan pending;
    bool hasPending = false;
    for (auto it = first; it != layout.spans.end() && it->row == row; ++it) {
        const double x0 = axis.x(it->start), x1 = axis.x(it->end);
        if (x1 < viewX0) continue;
        if (x0 > viewX1) break;
        const bool narrow = x1 - x0 < minPixels;
        if (narrow) {
            // Merge into the folded block when it touches it (within a pixel).
            if (hasPending && pending.folded > 0 && x0 - pending.x1 < minPixels) {
                pending.x1 = std::max(pending.x1, x1);
                ++pending.folded;
                pending.event = -1; // several events: no single one to describe
                if (x1 - x0 > pending.dominantWidth) {
                    pending.dominant = it->event;
                    pending.dominantWidth = x1 - x0;
                }
                continue;
            }
            if (hasPending) out.push_back(pending);
            pending = {x0, std::max(x1, x0), it->event, 1, it->event, x1 - x0};
            hasPending = true;
            continue;
        }
        if (hasPending) out.push_back(pending);
        pending = {x0, x1, it->event, 0, it->event, x1 - x0}; // wide enough to draw on its own
        hasPending = true;
    }
    if (hasPending) out.push_back(pending);
    return out;
}

} // namespace scalescope

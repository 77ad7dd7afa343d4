#include "timeline_layout.h"

#include "model/training/stable_bucket_sort.h"

#include <algorithm>
#include <array>

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

std::vector<DrawnSpan> drawnSpans(const TimelineLayout& layout, int row, const TimeAxis& axis, double viewX0, double viewX1,
                                  double minPixels)
{
    std::vector<DrawnSpan> out;
    const auto first = std::lower_bound(layout.spans.begin(), layout.spans.end(), row,
                                        [](const TimelineSpan& s, int r) { return s.row < r; });
    DrawnSpan pending;
    bool hasPending = false;
    // Width per colour inside the pending block: the block takes the colour that
    // covers most of it, not the colour of its single longest event.
    std::array<double, TimelineSpan::kColours> share{};
    std::array<int, TimelineSpan::kColours> representative{};
    auto settle = [&](DrawnSpan& block) {
        if (block.folded <= 1) return;
        const auto best = std::max_element(share.begin(), share.end()) - share.begin();
        block.dominant = representative[static_cast<size_t>(best)];
    };
    auto restart = [&](const TimelineSpan& sp, double width) {
        share.fill(0);
        share[sp.colour] = width;
        representative[sp.colour] = sp.event;
    };
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
                pending.coveredWidth += x1 - x0;
                share[it->colour] += x1 - x0;
                representative[it->colour] = it->event;
                pending.event = -1; // several events: no single one to describe
                if (x1 - x0 > pending.dominantWidth) {
                    pending.dominant = it->event;
                    pending.dominantWidth = x1 - x0;
                }
                continue;
            }
            if (hasPending) {
                settle(pending);
                out.push_back(pending);
            }
            pending = {x0, std::max(x1, x0), it->event, 1, it->event, x1 - x0, x1 - x0};
            restart(*it, x1 - x0);
            hasPending = true;
            continue;
        }
        if (hasPending) {
            settle(pending);
            out.push_back(pending);
        }
        pending = {x0, x1, it->event, 0, it->event, x1 - x0, x1 - x0}; // wide enough to draw on its own
        hasPending = true;
    }
    if (hasPending) {
        settle(pending);
        out.push_back(pending);
    }
    return out;
}

} // namespace scalescope

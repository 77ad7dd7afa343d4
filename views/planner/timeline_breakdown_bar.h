#pragma once
// The bar above the timeline's lanes: where one training step goes, in the
// headline figures' terms (model/training/operation_breakdown.h stepShares):
// compute by pass, exposed communication per axis, the bubble and the
// optimizer, each as wide as its share of the step and filled as the lanes
// fill it. It summarises the whole step at every zoom.

#include "planner_result.h"

#include <QPalette>
#include <QRectF>
#include <QString>

#include <bitset>
#include <vector>

class QPainter;
class QFontMetricsF;

namespace scalescope {

class TimelineBreakdownBar {
public:
    static constexpr double kHeight = 22; // px, with the gap below it, at the least (it holds a line of text)

    enum class Part { Forward, Backward, Recompute, Tp, Cp, Ep, Pp, Dp, Bubble, Optimizer };
    struct Segment {
        Part part;
        double seconds = 0;
    };

    // A training step's shares; an inference pass, a failed result or none: no bar.
    void setResult(const PlannerResult* result);
    [[nodiscard]] bool empty() const noexcept { return m_segments.empty(); }
    [[nodiscard]] const std::vector<Segment>& segments() const noexcept { return m_segments; }
    [[nodiscard]] double total() const noexcept { return m_total; }
    // The segment's colour (TimelineSpan::colourOf), -1 for the bubble.
    [[nodiscard]] static int colourOf(Part part) noexcept;
    [[nodiscard]] static QString title(Part part); // translated

    // Paints the bar in `bar` and its caption right-aligned in `caption`;
    // sets the colours it drew in `drawn`.
    void paint(QPainter& p, const QRectF& caption, const QRectF& bar, const QFontMetricsF& fm, const QPalette& palette,
               std::bitset<TimelineSpan::kColours>& drawn) const;
    [[nodiscard]] QString tooltipAt(double x, const QRectF& bar) const;

private:
    std::vector<Segment> m_segments; // non-empty parts, in Part order
    double m_total = 0;
};

} // namespace scalescope

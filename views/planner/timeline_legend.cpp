#include "timeline_legend.h"

#include "timeline_colours.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

namespace scalescope {

namespace {
constexpr double kSwatchWidth = 14, kSwatchHeight = 10, kTextGap = 4, kEntryGap = 14, kRightMargin = 4; // px
} // namespace

// Titles are translated in the timeline view's context.
std::vector<TimelineLegend::Entry> TimelineLegend::entries(const QPalette& palette) const
{
    QColor hatch = palette.text().color();
    hatch.setAlphaF(0.3);
    const auto solid = [](Lane l, EventKind k) { return QBrush(eventColour(l, k)); };
    if (m_serving)
        return {
            {solid(Lane::Compute, EventKind::Forward), QCoreApplication::translate("scalescope::TimelineView", "compute")},
            {solid(Lane::Tp, EventKind::Comm), laneTitle(Lane::Tp)},
            {solid(Lane::Ep, EventKind::Comm), laneTitle(Lane::Ep)},
            {solid(Lane::Pp, EventKind::Comm), laneTitle(Lane::Pp)},
            {QBrush(hatch, Qt::BDiagPattern), QCoreApplication::translate("scalescope::TimelineView", "idle (another stage runs)")},
        };
    return {
        {solid(Lane::Compute, EventKind::Forward), eventKindTitle(EventKind::Forward)},
        {solid(Lane::Compute, EventKind::Backward), eventKindTitle(EventKind::Backward)},
        {solid(Lane::Compute, EventKind::Recompute), eventKindTitle(EventKind::Recompute)},
        {solid(Lane::Tp, EventKind::Comm), laneTitle(Lane::Tp)},
        {solid(Lane::Cp, EventKind::Comm), laneTitle(Lane::Cp)},
        {solid(Lane::Ep, EventKind::Comm), laneTitle(Lane::Ep)},
        {solid(Lane::Pp, EventKind::Comm), laneTitle(Lane::Pp)},
        {solid(Lane::Dp, EventKind::Comm), QCoreApplication::translate("scalescope::TimelineView", "DP exposed")},
        {QBrush(eventColour(Lane::Dp, EventKind::Comm), Qt::Dense5Pattern), QCoreApplication::translate("scalescope::TimelineView", "DP overlapped")},
        {QBrush(hatch, Qt::BDiagPattern), QCoreApplication::translate("scalescope::TimelineView", "bubble (idle)")},
    };
}

std::vector<QPointF> TimelineLegend::positions(const std::vector<Entry>& entries, double left, double width,
                                               const QFont& font)
{
    const QFontMetricsF fm(font);
    std::vector<QPointF> at;
    double x = left, line = 0;
    for (const Entry& e : entries) {
        const double w = kSwatchWidth + kTextGap + fm.horizontalAdvance(e.title);
        if (x > left && x + w > width - kRightMargin) { // onto the next line
            x = left;
            ++line;
        }
        at.emplace_back(x, line);
        x += w + kEntryGap;
    }
    return at;
}

double TimelineLegend::height(double left, double width, const QFont& font, const QPalette& palette)
{
    if (m_height < 0 || m_width != width) {
        const std::vector<QPointF> at = positions(entries(palette), left, width, font);
        m_height = kLineHeight * (at.empty() ? 1 : at.back().y() + 1);
        m_width = width;
    }
    return m_height;
}

void TimelineLegend::paint(QPainter& p, const QRectF& area, double left, const QFont& font, const QPalette& palette) const
{
    p.setFont(font);
    const QFontMetricsF fm(font);
    const std::vector<Entry> all = entries(palette);
    const std::vector<QPointF> at = positions(all, left, area.width(), font);
    for (size_t i = 0; i < all.size(); ++i) {
        const double x = at[i].x(), centre = area.top() + (at[i].y() + 0.5) * kLineHeight;
        p.fillRect(QRectF(x, centre - kSwatchHeight / 2, kSwatchWidth, kSwatchHeight), all[i].swatch);
        p.setPen(palette.text().color());
        p.drawText(QPointF(x + kSwatchWidth + kTextGap, centre + fm.ascent() / 2 - 1), all[i].title);
    }
}

} // namespace scalescope

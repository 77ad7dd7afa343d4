#include "timeline_breakdown_bar.h"

#include "painted_text.h"
#include "timeline_colours.h"

#include "model/spec/quantity_parser.h"
#include "model/training/operation_breakdown.h"

#include <QCoreApplication>
#include <QPainter>

namespace scalescope {

namespace {

QString trBar(const char* text) { return QCoreApplication::translate("scalescope::TimelineView", text); }

constexpr double kLabelPadding = 4; // px either side of a segment's label


} // namespace

void TimelineBreakdownBar::setResult(const PlannerResult* result)
{
    m_segments.clear();
    m_total = 0;
    if (!result || !result->ok() || result->serving()) return;
    const StepShares s = stepShares(result->evaluation);
    const Segment all[] = {
        {Part::Forward, s.forward.si},
        {Part::Backward, s.backward.si},
        {Part::Recompute, s.recompute.si},
        {Part::Tp, s.exposed[static_cast<size_t>(CommAxis::Tp)].si},
        {Part::Cp, s.exposed[static_cast<size_t>(CommAxis::Cp)].si},
        {Part::Ep, s.exposed[static_cast<size_t>(CommAxis::Ep)].si},
        {Part::Pp, s.exposed[static_cast<size_t>(CommAxis::Pp)].si},
        {Part::Dp, s.exposed[static_cast<size_t>(CommAxis::Dp)].si},
        {Part::Bubble, s.bubble.si},
        {Part::Optimizer, s.optimizer.si},
    };
    for (const Segment& seg : all) {
        if (seg.seconds <= 0) continue;
        m_segments.push_back(seg);
        m_total += seg.seconds;
    }
}

int TimelineBreakdownBar::colourOf(Part part) noexcept
{
    switch (part) {
    case Part::Forward: return TimelineSpan::colourOf(Lane::Compute, EventKind::Forward, true);
    case Part::Backward: return TimelineSpan::colourOf(Lane::Compute, EventKind::Backward, true);
    case Part::Recompute: return TimelineSpan::colourOf(Lane::Compute, EventKind::Recompute, true);
    case Part::Tp: return TimelineSpan::colourOf(Lane::Tp, EventKind::Comm, true);
    case Part::Cp: return TimelineSpan::colourOf(Lane::Cp, EventKind::Comm, true);
    case Part::Ep: return TimelineSpan::colourOf(Lane::Ep, EventKind::Comm, true);
    case Part::Pp: return TimelineSpan::colourOf(Lane::Pp, EventKind::Comm, true);
    case Part::Dp: return TimelineSpan::colourOf(Lane::Dp, EventKind::Comm, true);
    case Part::Bubble: return -1;
    case Part::Optimizer: return TimelineSpan::colourOf(Lane::Compute, EventKind::Optimizer, true);
    }
    return -1;
}

QString TimelineBreakdownBar::title(Part part)
{
    switch (part) {
    case Part::Forward: return eventKindTitle(EventKind::Forward);
    case Part::Backward: return eventKindTitle(EventKind::Backward);
    case Part::Recompute: return eventKindTitle(EventKind::Recompute);
    case Part::Tp: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "exposed TP"));
    case Part::Cp: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "exposed CP"));
    case Part::Ep: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "exposed EP"));
    case Part::Pp: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "exposed PP"));
    case Part::Dp: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "exposed DP"));
    case Part::Bubble: return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "bubble"));
    case Part::Optimizer: return eventKindTitle(EventKind::Optimizer);
    }
    return {};
}

void TimelineBreakdownBar::paint(QPainter& p, const QRectF& caption, const QRectF& bar, const QFontMetricsF& fm,
                                 const QPalette& palette, std::bitset<TimelineSpan::kColours>& drawn) const
{
    if (empty() || m_total <= 0) return;
    const QColor text = palette.text().color(), paper = palette.base().color();
    p.setPen(text);
    drawTextIn(p, fm, caption, Qt::AlignRight,
               trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "step %1")).arg(QString::fromStdString(format(Seconds{m_total}))));
    double x = bar.left();
    for (const Segment& seg : m_segments) {
        const double w = bar.width() * seg.seconds / m_total;
        const QRectF box(x, bar.top(), w, bar.height());
        const int colour = colourOf(seg.part);
        p.fillRect(box, colour < 0 ? bubbleBrush(text, paper) : timelineBrush(colour, paper));
        if (colour >= 0) drawn.set(static_cast<size_t>(colour));
        // The part and its share, where they fit.
        const QString label = QStringLiteral("%1 %2 %").arg(title(seg.part)).arg(100 * seg.seconds / m_total, 0, 'f', 0);
        if (fm.horizontalAdvance(label) + 2 * kLabelPadding <= w) {
            p.setPen(colour < 0 ? text : QColor(Qt::white));
            drawTextIn(p, fm, box, Qt::AlignHCenter, label);
        }
        x += w;
    }
}

QString TimelineBreakdownBar::tooltipAt(double x, const QRectF& bar) const
{
    if (empty() || m_total <= 0 || x < bar.left() || x > bar.right()) return {};
    double left = bar.left();
    for (const Segment& seg : m_segments) {
        const double w = bar.width() * seg.seconds / m_total;
        if (x <= left + w)
            return trBar(QT_TRANSLATE_NOOP("scalescope::TimelineView", "<b>%1</b>: %2, %3 % of the step"))
                .arg(title(seg.part), QString::fromStdString(format(Seconds{seg.seconds})))
                .arg(100 * seg.seconds / m_total, 0, 'f', 1);
        left += w;
    }
    return {};
}

} // namespace scalescope

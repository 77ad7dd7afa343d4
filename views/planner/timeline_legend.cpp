#include "timeline_legend.h"

#include "timeline_colours.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace scalescope {

namespace {
constexpr double kSwatchWidth = 14, kSwatchHeight = 10, kTextGap = 4, kEntryGap = 14, kRightMargin = 4; // px

QString trLegend(const char* text) { return QCoreApplication::translate("scalescope::TimelineView", text); }

} // namespace

void TimelineLegend::setContents(const Colours& colours, bool serving)
{
    if (colours == m_colours && serving == m_serving) return;
    m_colours = colours;
    m_serving = serving;
    invalidate();
}

// Titles are translated in the timeline view's context.
std::vector<TimelineLegend::Entry> TimelineLegend::entries(const QPalette& palette) const
{
    const QColor paper = palette.base().color();
    std::vector<Entry> out;
    bool overlapped = false;
    for (EventKind kind : {EventKind::Forward, EventKind::Backward, EventKind::WeightGrad, EventKind::Recompute,
                           EventKind::Optimizer}) {
        std::vector<int> keys;
        for (bool exposed : {true, false})
            if (m_colours.test(static_cast<size_t>(TimelineSpan::colourOf(Lane::Compute, kind, exposed))))
                keys.push_back(TimelineSpan::colourOf(Lane::Compute, kind, exposed));
        if (keys.empty()) continue;
        const QString title = m_serving ? trLegend(QT_TRANSLATE_NOOP("scalescope::TimelineView", "compute")) : eventKindTitle(kind);
        out.push_back({timelineBrush(keys.front(), paper), QBrush(), title, keys});
    }
    for (Lane lane : {Lane::Tp, Lane::Cp, Lane::Ep, Lane::Pp, Lane::Dp}) {
        const int solid = TimelineSpan::colourOf(lane, EventKind::Comm, true), hatched = TimelineSpan::colourOf(lane, EventKind::Comm, false);
        const bool hasSolid = m_colours.test(static_cast<size_t>(solid)), hasHatched = m_colours.test(static_cast<size_t>(hatched));
        overlapped = overlapped || hasHatched;
        if (hasSolid && hasHatched)
            out.push_back({timelineBrush(solid, paper), timelineBrush(hatched, paper), laneTitle(lane), {solid, hatched}});
        else if (hasSolid || hasHatched)
            out.push_back({timelineBrush(hasSolid ? solid : hatched, paper), QBrush(), laneTitle(lane), {hasSolid ? solid : hatched}});
    }
    out.push_back({bubbleBrush(palette.text().color(), paper), QBrush(),
                   m_serving ? trLegend(QT_TRANSLATE_NOOP("scalescope::TimelineView", "idle (another stage runs)"))
                             : trLegend(QT_TRANSLATE_NOOP("scalescope::TimelineView", "bubble (idle)")),
                   {}});
    if (overlapped)
        out.push_back({QBrush(), QBrush(),
                       trLegend(QT_TRANSLATE_NOOP("scalescope::TimelineView", "solid: on the critical path · hatched: overlapped with compute")),
                       {}});
    return out;
}

bool TimelineLegend::covers(int colour) const
{
    const QPalette palette;
    for (const Entry& e : entries(palette))
        if (std::find(e.colours.begin(), e.colours.end(), colour) != e.colours.end()) return true;
    return false;
}

QStringList TimelineLegend::titles() const
{
    QStringList out;
    for (const Entry& e : entries(QPalette())) out << e.title;
    return out;
}

std::vector<QPointF> TimelineLegend::positions(const std::vector<Entry>& entries, double left, double width,
                                               const QFont& font)
{
    const QFontMetricsF fm(font);
    std::vector<QPointF> at;
    double x = left, line = 0;
    for (const Entry& e : entries) {
        const double swatch = e.swatch.style() == Qt::NoBrush ? 0 : kSwatchWidth + kTextGap;
        const double w = swatch + fm.horizontalAdvance(e.title);
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
        double x = at[i].x();
        const double centre = area.top() + (at[i].y() + 0.5) * kLineHeight;
        if (all[i].swatch.style() != Qt::NoBrush) {
            const QRectF swatch(x, centre - kSwatchHeight / 2, kSwatchWidth, kSwatchHeight);
            if (all[i].second.style() == Qt::NoBrush) {
                p.fillRect(swatch, all[i].swatch);
            } else { // exposed on the left half, overlapped on the right
                p.fillRect(swatch.adjusted(0, 0, -kSwatchWidth / 2, 0), all[i].swatch);
                p.fillRect(swatch.adjusted(kSwatchWidth / 2, 0, 0, 0), all[i].second);
            }
            x += kSwatchWidth + kTextGap;
        }
        p.setPen(palette.text().color());
        p.drawText(QPointF(x, centre + fm.ascent() / 2 - 1), all[i].title);
    }
}

} // namespace scalescope

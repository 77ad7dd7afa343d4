#include "timeline_view.h"

#include "painted_text.h"
#include "timeline_colours.h"

#include "model/spec/quantity_parser.h"
#include "views/hardware/hardware_palette.h"
#include "views/widgets/scene_text.h"

#include <QElapsedTimer>
#include <QLocale>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

// 1, 2 or 5 × 10^k: a readable tick step of at least `minimum`.
double niceStep(double minimum)
{
    const double p = std::pow(10.0, std::floor(std::log10(minimum)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= minimum) return m * p;
    return 10 * p;
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent), m_scroll(new QScrollBar(Qt::Vertical, this)), m_fitButton(new QToolButton(this)),
      m_resetButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("TimelineView"));
    setMouseTracking(true);
    setMinimumHeight(kMinimumHeight);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(&SceneText::instance(), &SceneText::changed, this, [this] {
        placeChildren(); // the breakdown bar's height follows its font
        updateGeometry();
        update();
    });
    setFocusPolicy(Qt::StrongFocus); // W/A/S/D after a click
    m_scroll->setObjectName(QStringLiteral("timelineRowScroll"));
    m_scroll->hide();
    connect(m_scroll, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    m_fitButton->setObjectName(QStringLiteral("timelineFit"));
    m_resetButton->setObjectName(QStringLiteral("timelineReset"));
    for (QToolButton* b : {m_fitButton, m_resetButton}) {
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);
    }
    connect(m_fitButton, &QToolButton::clicked, this, &TimelineView::fitAll);
    connect(m_resetButton, &QToolButton::clicked, this, &TimelineView::resetZoom);
    QEvent language(QEvent::LanguageChange);
    changeEvent(&language); // the buttons' texts
}

double TimelineView::plotLeft() const { return kLabelWidth; }

double TimelineView::plotRight() const
{
    return width() - kRightMargin - (m_scroll->isHidden() ? 0 : m_scroll->width());
}

double TimelineView::rowsTop() const { return barHeight() + kAxisHeight; }

double TimelineView::stepSpan() const { return std::max(m_layout->end, m_fitDuration) * kStepMargin; }

void TimelineView::setResult(const PlannerResultPtr& result)
{
    m_result = result;
    static const auto kEmpty = std::make_shared<const TimelineLayout>();
    if (result && result->ok())
        m_layout = result->layoutOf(m_pass) ? result->layoutOf(m_pass)
                                            : std::make_shared<const TimelineLayout>(TimelineLayout::build(timeline()));
    else
        m_layout = kEmpty;
    m_bar.setResult(result && m_pass == TimelinePass::Step ? result.get() : nullptr);
    TimelineLegend::Colours colours = m_layout->colours;
    for (const TimelineBreakdownBar::Segment& seg : m_bar.segments())
        if (const int c = TimelineBreakdownBar::colourOf(seg.part); c >= 0) colours.set(static_cast<size_t>(c));
    m_legend.setContents(colours, m_pass != TimelinePass::Step);
    placeChildren();
    if (!m_userZoomed) fit();
    else clampAxis();
    update();
}

void TimelineView::fit()
{
    m_axis.left = plotLeft();
    m_axis.fit(stepSpan(), std::max(10.0, plotRight() - plotLeft()));
    m_userZoomed = false;
    update();
}

void TimelineView::fitAll()
{
    m_fitAll = true;
    placeChildren();
    fit();
    Q_EMIT axisChanged(m_axis, false);
}

void TimelineView::resetZoom()
{
    m_fitAll = m_print;
    placeChildren();
    m_scroll->setValue(0);
    fit();
    Q_EMIT axisChanged(m_axis, false);
}

void TimelineView::setPrintLayout(bool print)
{
    m_print = print;
    m_fitAll = print;
    placeChildren();
    if (!m_userZoomed) fit();
}

void TimelineView::setFitDuration(double seconds)
{
    m_fitDuration = seconds;
    if (!m_userZoomed) fit();
    else clampAxis();
}

void TimelineView::setAxis(const TimeAxis& axis, bool zoomed)
{
    if (!zoomed) {
        fit();
        return;
    }
    m_axis.origin = axis.origin;
    m_axis.secondsPerPixel = axis.secondsPerPixel;
    m_axis.left = plotLeft();
    m_userZoomed = true;
    clampAxis();
    update();
}

void TimelineView::showRange(double from, double to)
{
    m_axis.left = plotLeft();
    m_axis.origin = from;
    m_axis.secondsPerPixel = std::max(1e-12, (to - from) / std::max(10.0, plotRight() - plotLeft()));
    m_userZoomed = true;
    clampAxis();
    update();
}

void TimelineView::clampAxis()
{
    const double span = stepSpan(), w = std::max(10.0, plotRight() - plotLeft());
    if (span <= 0) return;
    m_axis.left = plotLeft();
    m_axis.secondsPerPixel = std::clamp(m_axis.secondsPerPixel, 1e-12, span / w);
    m_axis.origin = std::clamp(m_axis.origin, 0.0, std::max(0.0, span - m_axis.secondsPerPixel * w));
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeChildren();
    if (!m_userZoomed) fit();
    else clampAxis();
}

int TimelineView::stageCount() const { return m_layout->rows.empty() ? 1 : m_layout->rows.back().stage + 1; }

double TimelineView::rowHeight() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_layout->rows.size()));
    const double fit = (rowsBottom() - rowsTop() - stageCount() * kStageGap) / rows;
    if (m_fitAll) return std::clamp(fit, kTightestRow, kMaxRow);
    // While presenting, a row holds its title at the raised text floor.
    const SceneText& text = SceneText::instance();
    const double readable = text.floorRaised() ? std::max(kReadableRow, text.floorPixels() * kRowPerTitle) : kReadableRow;
    return std::clamp(fit, readable, kMaxRow);
}

double TimelineView::contentHeight() const
{
    return static_cast<double>(m_layout->rows.size()) * rowHeight() + stageCount() * kStageGap;
}

double TimelineView::fullHeight() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_layout->rows.size()));
    return rowsTop() + rows * kMaxRow + stageCount() * kStageGap + legendHeight();
}

QRectF TimelineView::barRect() const
{
    return QRectF(QPointF(plotLeft(), kBarInset), QPointF(plotRight(), barHeight() - kBarInset));
}

void TimelineView::placeChildren()
{
    // The bar holds a line of the legend's type (larger on paper).
    m_barHeight = m_bar.empty() ? 0 : std::max(TimelineBreakdownBar::kHeight, QFontMetricsF(legendFont()).height() + 2 * kBarInset + 2);
    const int overflow = static_cast<int>(std::ceil(contentHeight() - (rowsBottom() - rowsTop())));
    const bool scrolls = overflow > 0 && !m_print;
    const int barWidth = m_scroll->sizeHint().width();
    m_scroll->setGeometry(width() - barWidth, static_cast<int>(rowsTop()), barWidth,
                          std::max(0, static_cast<int>(rowsBottom() - rowsTop())));
    m_scroll->setRange(0, scrolls ? overflow : 0);
    m_scroll->setSingleStep(static_cast<int>(rowHeight()));
    m_scroll->setPageStep(std::max(1, static_cast<int>(rowsBottom() - rowsTop())));
    if (m_scroll->isHidden() == scrolls) m_scroll->setVisible(scrolls);
    int x = 4;
    for (QToolButton* b : {m_fitButton, m_resetButton}) {
        const QSize hint = b->sizeHint();
        const int h = std::min(hint.height(), static_cast<int>(kAxisHeight) - 2);
        b->setGeometry(x, static_cast<int>(barHeight()) + 1, hint.width(), h);
        b->setVisible(!m_print && m_result && m_result->ok());
        x += hint.width() + 2;
    }
}

double TimelineView::rowTop(int row) const
{
    const int stage = m_layout->rows.empty() ? 0 : m_layout->rows[static_cast<size_t>(row)].stage;
    return rowsTop() + row * rowHeight() + stage * kStageGap - m_scroll->value();
}

int TimelineView::rowAt(double y) const
{
    if (y < rowsTop() || y >= rowsBottom()) return -1;
    for (int r = 0; r < static_cast<int>(m_layout->rows.size()); ++r)
        if (y >= rowTop(r) && y < rowTop(r) + rowHeight()) return r;
    return -1;
}

QRectF TimelineView::spanRect(int spanIndex) const
{
    const TimelineSpan& s = m_layout->spans[static_cast<size_t>(spanIndex)];
    const double top = rowTop(s.row);
    return QRectF(QPointF(m_axis.x(s.start), top + 1), QPointF(m_axis.x(s.end), top + rowHeight() - 1));
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QElapsedTimer clock;
    clock.start();
    struct Done {
        QElapsedTimer& clock;
        double& ms;
        ~Done() { ms = static_cast<double>(clock.nsecsElapsed()) / 1e6; }
    } done{clock, m_lastPaintMs};
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    m_lastFolded = m_lastDrawn = 0;
    m_lastColours.reset();
    if (!m_result || !m_result->ok() || m_result->timelineOmittedOperations > 0) {
        p.setPen(palette().text().color());
        QString why = m_result && !m_result->evaluationError().empty()
                          ? QString::fromStdString(m_result->evaluationError())
                          : tr("No timeline: the scenario could not be evaluated.");
        if (m_result && m_result->ok())
            why = tr("Timeline not drawn: this step schedules %1 pipeline operations (PP %2 × %3 micro-batches), more than "
                     "the %4 the planner draws. The numbers above are exact; fewer micro-batches (a larger micro-batch "
                     "size or more data parallelism) bring the timeline back.")
                      .arg(QLocale().toString(m_result->timelineOmittedOperations), QLocale().toString(m_result->scenario.parallel.pp),
                           QLocale().toString(m_result->evaluation.microbatches), QLocale().toString(kMaxDrawnOperations));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, why);
        Q_EMIT painted();
        return;
    }
    const QRectF plot(QPointF(plotLeft(), rowsTop()), QPointF(plotRight(), rowsBottom()));
    paintTimeGrid(p, plot);
    p.save();
    p.setClipRect(QRectF(0, plot.top(), width(), plot.height()));
    paintRows(p, plot);
    p.restore();
    p.setFont(rowLabelFont());
    paintAxis(p, plot);
    if (!m_bar.empty()) {
        QFont barFont = legendFont();
        p.setFont(barFont);
        const QRectF bar = barRect();
        m_bar.paint(p, QRectF(6, bar.top(), plotLeft() - 12, bar.height()), bar, QFontMetricsF(barFont), palette(), m_lastColours);
    }
    m_legend.paint(p, QRectF(0, height() - legendHeight(), width(), legendHeight()), plotLeft(), legendFont(), palette());
    Q_EMIT painted();
}

std::vector<double> TimelineView::ticks(const QRectF& plot) const
{
    const double step = niceStep(m_axis.secondsPerPixel * 90);
    std::vector<double> out;
    for (double s = std::ceil(m_axis.seconds(plot.left()) / step) * step; m_axis.x(s) <= plot.right(); s += step)
        out.push_back(std::abs(s) < step * 1e-6 ? 0.0 : s);
    return out;
}

void TimelineView::paintTimeGrid(QPainter& p, const QRectF& plot)
{
    // Under the spans, opaque: a translucent fill this tall goes through Qt's thread-pool blend.
    const QColor grid = opaqueMix(palette().text().color(), palette().base().color(), 0.18);
    for (double s : ticks(plot))
        p.fillRect(QRect(static_cast<int>(m_axis.x(s)), static_cast<int>(plot.top() - 4), 1, static_cast<int>(plot.height() + 4)),
                   grid);
}

void TimelineView::paintAxis(QPainter& p, const QRectF& plot)
{
    p.setPen(palette().text().color());
    const QFontMetricsF fm(p.font());
    for (double s : ticks(plot)) {
        const QString label = s == 0.0 ? QStringLiteral("0") : QString::fromStdString(format(Seconds{s}));
        drawTextIn(p, fm, QRectF(m_axis.x(s) - 45, barHeight() + 2, 90, kAxisHeight - 6), Qt::AlignHCenter, label);
    }
    if (m_result && m_result->ok()) {
        const double end = m_axis.x(timeline().end.si);
        if (end >= plot.left() && end <= plot.right()) {
            QPen pen(palette().highlight().color(), 1.5, Qt::DashLine);
            p.setPen(pen);
            p.drawLine(QPointF(end, plot.top() - 4), QPointF(end, plot.bottom()));
        }
    }
}

QFont TimelineView::rowLabelFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(6.5, std::min(font().pointSizeF(), rowHeight() * 0.62)));
    return SceneText::instance().paintedFont(small, 1, logicalDpiY());
}

QFont TimelineView::legendFont() const
{
    return SceneText::instance().paintedFont(font(), 0.9, logicalDpiY());
}

double TimelineView::legendHeight() const
{
    return m_legend.height(plotLeft(), width(), legendFont(), palette());
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_fitButton->setText(tr("Fit"));
        m_fitButton->setToolTip(tr("Fit the whole step and every stage in the view (F)"));
        m_resetButton->setText(tr("Reset"));
        m_resetButton->setToolTip(tr("Reset the zoom: the whole step, rows of readable height (0). "
                                     "W/S zoom, A/D pan, Shift+wheel or Up/Down scroll the stages."));
    }
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        m_legend.invalidate();
        placeChildren();
    }
    QWidget::changeEvent(event);
}

QString TimelineView::tooltipAt(QPointF pos) const
{
    if (!m_result || !m_result->ok()) return {};
    if (!m_bar.empty() && pos.y() < barHeight()) return m_bar.tooltipAt(pos.x(), barRect());
    const int row = rowAt(pos.y());
    if (row < 0) return {};
    const double t = m_axis.seconds(pos.x());
    const double slack = m_axis.secondsPerPixel * 2;
    for (const TimelineSpan& s : m_layout->spans) {
        if (s.row != row || s.end + slack < t || s.start - slack > t) continue;
        const TimelineEvent& e = timeline().events[static_cast<size_t>(s.event)];
        const QString compute = m_pass == TimelinePass::Prefill  ? tr("prefill compute")
                                : m_pass == TimelinePass::Decode ? tr("decode compute")
                                                                 : eventKindTitle(e.kind);
        QString tip = QStringLiteral("<b>%1</b>").arg(e.lane == Lane::Compute ? compute
                                                                               : tr("%1 communication").arg(laneTitle(e.lane)));
        if (e.microbatch >= 0) tip += QStringLiteral(" · ") + tr("micro-batch %1").arg(e.microbatch);
        tip += QStringLiteral("<br>") + (m_pass == TimelinePass::Step ? tr("stage %1, chunk %2").arg(e.stage).arg(e.chunk)
                                                                      : tr("stage %1").arg(e.stage));
        const double d = (e.end - e.start).si;
        tip += QStringLiteral("<br>") + tr("%1 → %2 (%3)")
                                            .arg(QString::fromStdString(format(e.start)), QString::fromStdString(format(e.end)),
                                                 QString::fromStdString(format(Seconds{d})));
        if (e.bytes.si > 0) {
            tip += QStringLiteral("<br>") + tr("%1 moved at %2").arg(QString::fromStdString(formatBytes(e.bytes)),
                                                                      QString::fromStdString(format(BytesPerSecond{e.bytes.si / d})));
        }
        const auto& tiers = m_result->context->tiers.tiers;
        if (e.tier >= 0 && e.tier < static_cast<int>(tiers.size()))
            tip += QStringLiteral("<br>") + tr("network tier: %1 (%2 per child)")
                                                .arg(QString::fromStdString(tiers[static_cast<size_t>(e.tier)].name),
                                                     QString::fromStdString(format(tiers[static_cast<size_t>(e.tier)].childEgress)));
        if (e.lane != Lane::Compute) tip += QStringLiteral("<br>") + (e.exposed ? tr("exposed: on the critical path") : tr("overlapped with compute"));
        return tip;
    }
    return {};
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = tooltipAt(help->pos());
        if (tip.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace scalescope

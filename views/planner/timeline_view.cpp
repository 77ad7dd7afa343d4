#include "timeline_view.h"

#include "painted_text.h"
#include "timeline_colours.h"

#include "model/spec/quantity_parser.h"
#include "views/hardware/hardware_palette.h"
#include "views/widgets/scene_text.h"

#include <QElapsedTimer>
#include <QImage>
#include <QLocale>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace scalescope {

namespace {

constexpr double kAxisHeight = 26;   // time axis above the rows
constexpr double kLabelWidth = 120;  // row titles on the left
constexpr double kMinRow = 7, kMaxRow = 40;
// Rows go below kMinRow only so that every stage stays above the legend
// (16 stages × 3 lanes in a 300-pixel view); then every few stages are titled.
constexpr double kTightestRow = 2;
constexpr double kStageGap = 4;      // extra space between stages
constexpr double kFoldPixels = 3;    // spans narrower than this fold into density blocks

// 1, 2 or 5 × 10^k: a readable tick step of at least `minimum`.
double niceStep(double minimum)
{
    const double p = std::pow(10.0, std::floor(std::log10(minimum)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= minimum) return m * p;
    return 10 * p;
}

// Qt's pattern brush `style` in `ink` laid over `paper`, as an opaque 8×8
// tile. The raster engine blends a pattern brush pixel by pixel (its gaps are
// transparent); an opaque texture is copied. Pattern and tile both repeat from
// the device origin, so what is painted is the same.
QBrush opaquePattern(const QColor& paper, const QBrush& pattern)
{
    QImage tile(8, 8, QImage::Format_RGB32);
    tile.fill(paper);
    QPainter tp(&tile);
    tp.fillRect(tile.rect(), pattern);
    tp.end();
    return QBrush(tile);
}

} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("TimelineView"));
    setMouseTracking(true);
    setMinimumHeight(kMinimumHeight);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(&SceneText::instance(), &SceneText::changed, this, [this] {
        updateGeometry();
        update();
    });
}

double TimelineView::plotLeft() const { return kLabelWidth; }

void TimelineView::setResult(const PlannerResultPtr& result)
{
    m_result = result;
    static const auto kEmpty = std::make_shared<const TimelineLayout>();
    if (result && result->ok())
        m_layout = result->layoutOf(m_pass) ? result->layoutOf(m_pass)
                                            : std::make_shared<const TimelineLayout>(TimelineLayout::build(timeline()));
    else
        m_layout = kEmpty;
    if (!m_userZoomed) fit();
    update();
}

void TimelineView::fit()
{
    m_axis.left = plotLeft();
    m_axis.fit(std::max(m_layout->end, m_fitDuration) * 1.01, std::max(10.0, width() - plotLeft() - 8));
    m_userZoomed = false;
    update();
}

void TimelineView::setFitDuration(double seconds)
{
    m_fitDuration = seconds;
    if (!m_userZoomed) fit();
}

void TimelineView::showRange(double from, double to)
{
    m_axis.left = plotLeft();
    m_axis.origin = from;
    m_axis.secondsPerPixel = std::max(1e-12, (to - from) / std::max(10.0, width() - plotLeft() - 8));
    m_userZoomed = true;
    update();
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (!m_userZoomed) fit();
}

double TimelineView::rowHeight() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_layout->rows.size()));
    const int stages = m_layout->rows.empty() ? 1 : m_layout->rows.back().stage + 1;
    const double fit = (height() - kAxisHeight - legendHeight() - stages * kStageGap) / rows;
    return fit < kMinRow ? std::max(kTightestRow, fit) : std::min(fit, kMaxRow);
}

double TimelineView::fullHeight() const
{
    const int rows = std::max<int>(1, static_cast<int>(m_layout->rows.size()));
    const int stages = m_layout->rows.empty() ? 1 : m_layout->rows.back().stage + 1;
    return kAxisHeight + rows * kMaxRow + stages * kStageGap + legendHeight();
}

double TimelineView::rowTop(int row) const
{
    const int stage = m_layout->rows.empty() ? 0 : m_layout->rows[static_cast<size_t>(row)].stage;
    return kAxisHeight + row * rowHeight() + stage * kStageGap;
}

int TimelineView::rowAt(double y) const
{
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
    const QRectF plot(plotLeft(), kAxisHeight, width() - plotLeft() - 4, height() - kAxisHeight - legendHeight());
    const double rh = rowHeight();
    QFont small = font();
    const double textScale = SceneText::instance().scale();
    small.setPointSizeF(std::max(6.5, std::min(font().pointSizeF(), rh * 0.62)) * textScale);
    p.setFont(small);
    const QFontMetricsF smallMetrics(small);
    const QColor text = palette().text().color();
    const QColor grid = opaqueMix(text, palette().base().color(), 0.12);
    paintTimeGrid(p, plot);
    const Timeline& t = timeline();
    const double pipelineEnd = [&] {
        double end = 0;
        for (const TimelineSpan& s : m_layout->spans)
            if (m_layout->rows[static_cast<size_t>(s.row)].lane == Lane::Compute &&
                t.events[static_cast<size_t>(s.event)].kind != EventKind::Optimizer)
                end = std::max(end, s.end);
        return end;
    }();
    const QColor paper = palette().base().color();
    const QBrush bubbleHatch = opaquePattern(paper, QBrush(opaqueMix(text, paper, 0.12), Qt::BDiagPattern));
    std::vector<std::vector<QRect>> batches(static_cast<size_t>(TimelineSpan::kColours) * 5);
    std::vector<std::pair<QRect, int>> labels;
    // Short rows: "stage N" is centred on its stage's lanes, and only every
    // titledEvery-th stage is titled when a band is lower than a line of text.
    const int stages = m_layout->rows.empty() ? 1 : m_layout->rows.back().stage + 1;
    const double stageBand = static_cast<double>(m_layout->rows.size()) / stages * rh + kStageGap;
    const int titledEvery = std::max(1, static_cast<int>(std::ceil(smallMetrics.height() / stageBand)));
    for (int r = 0; r < static_cast<int>(m_layout->rows.size()); ++r) {
        const TimelineRow& row = m_layout->rows[static_cast<size_t>(r)];
        const double top = rowTop(r);
        // Row title: "stage 3" on the compute row, the lane name on the others.
        p.setPen(row.lane == Lane::Compute ? text : QColor(text.red(), text.green(), text.blue(), 170));
        const QString title = row.lane == Lane::Compute ? tr("stage %1").arg(row.stage) : laneTitle(row.lane);
        if (rh >= 9)
            drawTextIn(p, smallMetrics, QRectF(6, top, plotLeft() - 12, rh), Qt::AlignRight, title);
        else if (row.lane == Lane::Compute && row.stage % titledEvery == 0)
            drawTextIn(p, smallMetrics, QRectF(6, top, plotLeft() - 12, stageBand - kStageGap), Qt::AlignRight, title);
        // Grid lines as one-pixel fills: a translucent pen's drawLine takes the
        // stroker path (≈ 0.14 ms per line here), a fill the solid-blend fast path.
        p.fillRect(QRect(int(plot.left()), int(top + rh), int(plot.width()), 1), grid);
        if (row.lane == Lane::Compute) {
            // Idle compute inside the pipeline is the bubble: hatched background.
            const double x0 = std::max(plot.left(), m_axis.x(0)), x1 = std::min(plot.right(), m_axis.x(pipelineEnd));
            if (x1 > x0) p.fillRect(QRectF(x0, top + 1, x1 - x0, rh - 2), bubbleHatch);
        }
        // Spans are batched by brush and drawn with one drawRects() per brush:
        // thousands of one-pixel fills cost more in call overhead than in pixels.
        for (const DrawnSpan& d : drawnSpans(*m_layout, r, m_axis, plot.left(), plot.right(), kFoldPixels)) {
            // Whole pixels, clipped to the plot: the raster engine's fast path.
            const int x0 = static_cast<int>(std::max(d.x0, plot.left()));
            const int x1 = static_cast<int>(std::min(std::max(d.x1, d.x0 + 1), plot.right()));
            if (x1 <= x0) continue;
            const int y0 = static_cast<int>(top + 1), y1 = std::max(y0, static_cast<int>(top + rh - 1) - 1); // at least a pixel high
            const QRect box(QPoint(x0, y0), QPoint(x1 - 1, y1));
            if (d.event < 0) {
                // Several events under a few pixels each: the colour that covers most of
                // the block, as opaque as the events are dense (quantised to 4 levels).
                ++m_lastFolded;
                const TimelineEvent& dom = t.events[static_cast<size_t>(d.dominant)];
                const double density = std::clamp(d.coveredWidth / std::max(1.0, d.x1 - d.x0), 0.0, 1.0);
                const int level = std::min(3, static_cast<int>(density * 4));
                batches[static_cast<size_t>(TimelineSpan::colourOf(dom) * 5 + level)].push_back(box);
                continue;
            }
            ++m_lastDrawn;
            const TimelineEvent& e = t.events[static_cast<size_t>(d.event)];
            batches[static_cast<size_t>(TimelineSpan::colourOf(e) * 5 + 4)].push_back(box);
            if (box.width() > 26 && rh >= 12 && e.microbatch >= 0 && e.lane == Lane::Compute)
                labels.push_back({box, e.microbatch});
        }
    }
    p.setPen(Qt::NoPen);
    for (size_t key = 0; key < batches.size(); ++key) {
        const std::vector<QRect>& rects = batches[key];
        if (rects.empty()) continue;
        const int colour = static_cast<int>(key / 5), level = static_cast<int>(key % 5);
        const bool exposed = colour % 2 == 1;
        const auto lane = static_cast<Lane>(colour / 2 / 8);
        const auto kind = static_cast<EventKind>(colour / 2 % 8);
        QColor c = eventColour(lane, kind);
        const bool overlapped = lane != Lane::Compute && !exposed;
        // Folded blocks: as opaque as the events are dense, mixed with the paper
        // beforehand (an opaque fill is a copy; a translucent one a blend).
        if (level < 4) c = opaqueMix(c, paper, (overlapped ? 0.5 : 1.0) * (0.2 + 0.8 * (level + 0.5) / 4));
        if (overlapped && level == 4) {
            p.setBrush(opaquePattern(paper, QBrush(c, Qt::Dense5Pattern))); // overlapped with compute: a hidden cost
            p.setPen(c);
        } else if (kind == EventKind::Recompute && level == 4) {
            p.setBrush(opaquePattern(c, QBrush(QColor(255, 255, 255, 90), Qt::FDiagPattern))); // recomputed: striped
            p.setPen(Qt::NoPen);
        } else {
            p.setBrush(c);
            p.setPen(Qt::NoPen);
        }
        p.drawRects(rects.data(), static_cast<int>(rects.size()));
    }
    p.setPen(Qt::white);
    if (labels.size() < 400)
        for (const auto& [box, microbatch] : labels)
            drawTextIn(p, smallMetrics, box, Qt::AlignHCenter, QString::number(microbatch));
    paintAxis(p, plot);
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
        p.fillRect(QRect(static_cast<int>(m_axis.x(s)), static_cast<int>(kAxisHeight - 4), 1,
                         static_cast<int>(plot.bottom() - kAxisHeight + 4)),
                   grid);
}

void TimelineView::paintAxis(QPainter& p, const QRectF& plot)
{
    p.setPen(palette().text().color());
    const QFontMetricsF fm(p.font());
    for (double s : ticks(plot)) {
        const QString label = s == 0.0 ? QStringLiteral("0") : QString::fromStdString(format(Seconds{s}));
        drawTextIn(p, fm, QRectF(m_axis.x(s) - 45, 2, 90, kAxisHeight - 6), Qt::AlignHCenter, label);
    }
    if (m_result && m_result->ok()) {
        const double end = m_axis.x(timeline().end.si);
        if (end >= plot.left() && end <= plot.right()) {
            QPen pen(palette().highlight().color(), 1.5, Qt::DashLine);
            p.setPen(pen);
            p.drawLine(QPointF(end, kAxisHeight - 4), QPointF(end, plot.bottom()));
        }
    }
}

QFont TimelineView::legendFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9 * SceneText::instance().scale());
    return f;
}

double TimelineView::legendHeight() const
{
    return m_legend.height(plotLeft(), width(), legendFont(), palette());
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) m_legend.invalidate();
    QWidget::changeEvent(event);
}

QString TimelineView::tooltipAt(QPointF pos) const
{
    if (!m_result || !m_result->ok()) return {};
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

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    m_axis.zoom(std::pow(1.25, steps), event->position().x());
    m_userZoomed = true;
    update();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) return;
    m_dragging = true;
    m_dragStart = event->position();
    m_dragOrigin = m_axis.origin;
    setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging) return;
    m_axis.origin = m_dragOrigin - (event->position().x() - m_dragStart.x()) * m_axis.secondsPerPixel;
    m_userZoomed = true;
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent*)
{
    m_dragging = false;
    unsetCursor();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

} // namespace scalescope

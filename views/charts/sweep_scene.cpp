#include "sweep_scene.h"

#include "chart_style.h"

#include "views/planner/timeline_colours.h"

#include <QGraphicsLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {
// Four panels, two by two, sized so that a 1920 × 1080 screen shows the
// scene at about its own size (the 16-px labels stay 16 px).
constexpr qreal kPanelWidth = 820, kPanelHeight = 440, kGap = 20;
constexpr int kLabelPixels = 16, kTitlePixels = 18;
constexpr qreal kDotSize = 11, kRingSize = 24;
constexpr double kBytesPerGiB = 1073741824.0; // 2^30: memory is shown in GiB
constexpr double kPercent = 100;             // MFU is shown in per cent
constexpr int kMaxExcludedLines = 4;
// The log-2 x axis reaches a quarter of an octave beyond the first and last values.
constexpr double kXMargin = 1.19;
constexpr double kYHeadroom = 1.12;

// The scenario's own value: a large ring in the timeline's forward colour,
// apart from the ink of the points and the red of what does not fit.
QColor scenarioColour() { return eventColour(Lane::Compute, EventKind::Forward); }

QString axisLabel(SweepAxis a) { return QString::fromLatin1(sweepAxisKey(a).data()).toUpper(); }

CommAxis commAxisAt(std::size_t i) { return static_cast<CommAxis>(i); }

Lane laneOf(CommAxis a)
{
    switch (a) {
    case CommAxis::Tp: return Lane::Tp;
    case CommAxis::Cp: return Lane::Cp;
    case CommAxis::Ep: return Lane::Ep;
    case CommAxis::Pp: return Lane::Pp;
    case CommAxis::Dp: return Lane::Dp;
    }
    return Lane::Tp;
}
} // namespace

QString sweepAxisTitle(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Microbatch: return SweepScene::tr("Micro-batch size");
    case SweepAxis::Gpus: return SweepScene::tr("GPUs");
    default: return axisLabel(axis);
    }
}

SweepScene::SweepScene(const SweepChartData& data, const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent), m_data(data)
{
    const AxisSweep& s = m_data.sweep;
    const QString axis = sweepAxisTitle(s.axis);
    setHeading(tr("%1 sweep: %2").arg(axis, data.scenario),
               tr("Step time, MFU, memory per GPU and exposed communication as %1 takes every valid value, everything "
                  "else fixed (for TP, PP and CP, DP takes the rest of the GPUs; for GPUs, DP scales). Each point is "
                  "one evaluation of the model.")
                   .arg(axis));
    const HardwarePalette& p = hardwarePalette();
    if (!s.ok || s.points.empty()) {
        QString why = tr("No value of %1 gives a layout the model can run.").arg(axis);
        if (!s.ok && s.errorPath == "/mode")
            why = tr("The sweep charts a training step; an inference scenario's batch sweep is the throughput–latency "
                     "chart in the planner.");
        else if (!s.ok)
            why = QString::fromStdString(s.errorPath + ": " + s.error);
        addLabel(why, QRectF(0, 0, 2 * kPanelWidth + kGap, 80), p.text, {kTitlePixels, 10, false, Qt::AlignLeft | Qt::AlignTop});
        listExcluded(90, 2 * kPanelWidth + kGap);
        finish();
        return;
    }
    m_xMin = s.points.front().value / kXMargin;
    m_xMax = s.points.back().value * kXMargin;
    std::vector<double> step, mfu, memory, exposed;
    for (const SweepPoint& pt : s.points) {
        step.push_back(pt.stepTime.si);
        mfu.push_back(pt.mfu * kPercent);
        memory.push_back(pt.memoryPerGpu.si / kBytesPerGiB);
        exposed.push_back(pt.exposedComm.si);
    }
    // Short entries: the view's legend never wraps inside one, so each sets a minimum width.
    addLegend(scenarioColour(), tr("Ring: the scenario's %1 (%2)").arg(axis).arg(s.current));
    addLegend(p.overflow, tr("Hollow: does not fit in HBM"));
    if (s.nvlinkDomainBoundary)
        addLegend(p.nvlink, tr("Shaded: %1 ≥ %2, beyond NVLink").arg(axis).arg(*s.nvlinkDomainBoundary));
    else if (s.axis != SweepAxis::Microbatch)
        addLegend(p.nvlink, tr("%1 stays within NVLink (%2 GPUs)").arg(axis).arg(s.nvlinkDomainGpus));
    addLegend(p.overflow, tr("Red dashes: usable HBM %1").arg(formattedBinary(s.memoryLimit)));
    const qreal x2 = kPanelWidth + kGap, y2 = kPanelHeight + kGap;
    addPanel(QRectF(0, 0, kPanelWidth, kPanelHeight), tr("Step time"), tr("Step time (s)"), step, 0);
    addPanel(QRectF(x2, 0, kPanelWidth, kPanelHeight), tr("MFU"), tr("MFU (%)"), mfu, 0);
    double memoryTop = 0;
    for (const SweepPoint& pt : s.points) memoryTop = std::max(memoryTop, pt.memoryLimit.si / kBytesPerGiB);
    addPanel(QRectF(0, y2, kPanelWidth, kPanelHeight), tr("Memory per GPU"), tr("Memory per GPU (GiB)"), memory, memoryTop);
    addPanel(QRectF(x2, y2, kPanelWidth, kPanelHeight), tr("Exposed communication"), tr("Exposed communication (s)"),
             exposed, 0);
    addMemoryLimit(*m_panels[2]);
    addExposedByAxis(*m_panels[3]);
    labelNvlinkBoundary();

    listExcluded(2 * kPanelHeight + kGap + 12, 2 * kPanelWidth + kGap);
    finish();
}

QChart* SweepScene::addPanel(const QRectF& geometry, const QString& title, const QString& yTitle,
                             const std::vector<double>& ys, double yFloor)
{
    const HardwarePalette& p = hardwarePalette();
    QChart* chart = addPaletteChart(*this, geometry, p);
    QFont titleFont;
    titleFont.setPixelSize(kTitlePixels);
    titleFont.setBold(true);
    chart->setTitle(title);
    chart->setTitleFont(titleFont);
    chart->setTitleBrush(p.text);
    auto* x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(sweepAxisTitle(m_data.sweep.axis));
    x->setRange(m_xMin, m_xMax);
    x->setMinorTickCount(-1);
    auto* y = new QValueAxis;
    y->setTitleText(yTitle);
    y->setLabelFormat(QStringLiteral("%.4g")); // 1500 rather than 1.5e+03
    const double top = std::max(yFloor, *std::max_element(ys.begin(), ys.end()));
    y->setRange(0, top > 0 ? top * kYHeadroom : 1);
    y->applyNiceNumbers();
    stylePaletteAxis(*x, p, kLabelPixels, kTitlePixels);
    stylePaletteAxis(*y, p, kLabelPixels, kTitlePixels);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    m_panels.push_back(chart);
    m_values.push_back(ys);
    addNvlinkBoundary(*chart, y->max());
    drawMarkers(*chart, ys);
    if (chart->layout()) chart->layout()->activate();
    return chart;
}

void SweepScene::addNvlinkBoundary(QChart& chart, double yTop)
{
    // Shaded beyond the first value whose groups leave the NVLink domain, drawn first so the data lies on top.
    const AxisSweep& s = m_data.sweep;
    if (!s.nvlinkDomainBoundary) return;
    const HardwarePalette& p = hardwarePalette();
    const double at = boundaryX();
    auto* upper = new QLineSeries;
    upper->append(at, yTop);
    upper->append(m_xMax, yTop);
    auto* lower = new QLineSeries;
    lower->append(at, 0);
    lower->append(m_xMax, 0);
    auto* beyond = new QAreaSeries(upper, lower);
    beyond->setObjectName(QStringLiteral("beyond-nvlink"));
    beyond->setBrush(opaqueMix(p.nvlink, p.background, 0.12));
    beyond->setPen(Qt::NoPen);
    addSeriesOnAxes(chart, beyond);
    auto* line = new QLineSeries;
    line->setObjectName(QStringLiteral("nvlink-boundary"));
    line->setPen(QPen(p.nvlink, 3, Qt::DashLine));
    line->append(at, 0);
    line->append(at, yTop);
    addSeriesOnAxes(chart, line);
}

void SweepScene::drawMarkers(QChart& chart, const std::vector<double>& ys)
{
    const HardwarePalette& p = hardwarePalette();
    const AxisSweep& s = m_data.sweep;
    const QColor colour = p.text;
    auto* line = new QLineSeries;
    line->setPen(QPen(colour, 3));
    auto* dots = new QScatterSeries;
    dots->setObjectName(QStringLiteral("fits"));
    dots->setMarkerSize(kDotSize);
    dots->setColor(colour);
    dots->setBorderColor(p.background);
    auto* hollow = new QScatterSeries;
    hollow->setObjectName(QStringLiteral("does-not-fit"));
    hollow->setMarkerSize(kDotSize + 2);
    hollow->setColor(p.background);
    hollow->setPen(QPen(p.overflow, 2.5));
    auto* ring = new QScatterSeries;
    ring->setObjectName(QStringLiteral("scenario-value"));
    ring->setMarkerSize(kRingSize);
    ring->setColor(Qt::transparent);
    ring->setPen(QPen(scenarioColour(), 3));
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const SweepPoint& pt = s.points[i];
        const QPointF at(static_cast<double>(pt.value), ys[i]);
        line->append(at);
        (pt.fits ? dots : hollow)->append(at);
        if (pt.value == s.current) ring->append(at);
    }
    for (QXYSeries* series : std::initializer_list<QXYSeries*>{line, dots, hollow, ring}) addSeriesOnAxes(chart, series);
}

void SweepScene::addExposedByAxis(QChart& chart)
{
    // The exposed time of each mesh axis that has any, thinner, in the timeline's lane colours.
    const AxisSweep& s = m_data.sweep;
    for (std::size_t a = 0; a < static_cast<std::size_t>(kCommAxes); ++a) {
        const bool any = std::any_of(s.points.begin(), s.points.end(), [&](const SweepPoint& pt) { return pt.exposedByAxis[a].si > 0; });
        if (!any) continue;
        const QColor colour = eventColour(laneOf(commAxisAt(a)), EventKind::Comm);
        auto* line = new QLineSeries;
        line->setObjectName(QStringLiteral("exposed-") + QString::fromLatin1(commAxisKey(commAxisAt(a)).data()));
        line->setPen(QPen(colour, 2.5, Qt::DotLine));
        for (const SweepPoint& pt : s.points) line->append(static_cast<double>(pt.value), pt.exposedByAxis[a].si);
        addSeriesOnAxes(chart, line);
        addLegend(colour, tr("Exposed %1 (dotted)").arg(QString::fromLatin1(commAxisKey(commAxisAt(a)).data()).toUpper()));
    }
}

void SweepScene::addMemoryLimit(QChart& chart)
{
    const HardwarePalette& p = hardwarePalette();
    auto* line = new QLineSeries;
    line->setObjectName(QStringLiteral("memory-limit"));
    line->setPen(QPen(p.overflow, 3, Qt::DashLine));
    const AxisSweep& s = m_data.sweep;
    line->append(m_xMin, s.points.front().memoryLimit.si / kBytesPerGiB);
    for (const SweepPoint& pt : s.points) line->append(static_cast<double>(pt.value), pt.memoryLimit.si / kBytesPerGiB);
    line->append(m_xMax, s.points.back().memoryLimit.si / kBytesPerGiB);
    addSeriesOnAxes(chart, line);
    const QPointF at = chart.mapToScene(chart.mapToPosition(QPointF(m_xMin, s.memoryLimit.si / kBytesPerGiB), line));
    LabelItem* label = addLabel(tr("usable HBM %1").arg(formattedBinary(s.memoryLimit)),
                                QRectF(at.x() + 8, at.y() - 26, 260, 22), p.overflow,
                                {kLabelPixels, 10, true, Qt::AlignLeft | Qt::AlignBottom});
    label->setData(kItemKindKey, QStringLiteral("memory-limit"));
}

void SweepScene::labelNvlinkBoundary()
{
    // Named once, in the step-time panel, at the top of its line, on the side with room.
    const AxisSweep& s = m_data.sweep;
    if (!s.nvlinkDomainBoundary) return;
    QChart& first = *m_panels.front();
    const double yTop = static_cast<QValueAxis*>(first.axes(Qt::Vertical).front())->max();
    const QPointF top = first.mapToScene(first.mapToPosition(QPointF(boundaryX(), yTop)));
    const QRectF plot = first.mapRectToScene(first.plotArea());
    constexpr qreal kWidth = 380, kHeight = 22, kPad = 14;
    // The side of the line with more room; a narrower box shrinks the text (never past the plot).
    const qreal roomRight = plot.right() - top.x() - kPad, roomLeft = top.x() - kPad - plot.left();
    const bool right = roomRight >= std::min(kWidth, roomLeft);
    const qreal width = std::min(kWidth, right ? roomRight : roomLeft);
    const QRectF box = right ? QRectF(top.x() + kPad, top.y() + 4, width, kHeight)
                             : QRectF(top.x() - kPad - width, top.y() + 4, width, kHeight);
    LabelItem* nv = addLabel(tr("%1 %2: beyond one NVLink domain (%3 GPUs)")
                                 .arg(sweepAxisTitle(s.axis))
                                 .arg(*s.nvlinkDomainBoundary)
                                 .arg(s.nvlinkDomainGpus),
                             box, hardwarePalette().nvlink,
                             {kLabelPixels, 10, true, (right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop});
    nv->setData(kItemKindKey, QStringLiteral("nvlink-boundary"));
}

double SweepScene::boundaryX() const
{
    // Midway (on the log axis) between the last value inside the domain and the first beyond it.
    const AxisSweep& s = m_data.sweep;
    const double beyond = static_cast<double>(*s.nvlinkDomainBoundary);
    double inside = m_xMin;
    for (const SweepPoint& pt : s.points)
        if (static_cast<double>(pt.value) < beyond) inside = static_cast<double>(pt.value);
    return std::sqrt(inside * beyond);
}

void SweepScene::listExcluded(qreal top, qreal width)
{
    const AxisSweep& s = m_data.sweep;
    if (s.excluded.empty()) return;
    const QString axis = sweepAxisTitle(s.axis);
    QStringList lines;
    for (std::size_t i = 0; i < s.excluded.size() && i < kMaxExcludedLines; ++i) {
        const SweepExclusion& x = s.excluded[i];
        lines << tr("%1 %2 not drawn: %3").arg(axis).arg(x.value).arg(QString::fromStdString(x.reason));
    }
    if (s.excluded.size() > kMaxExcludedLines)
        lines << tr("… and %n more value(s) the layout check refuses", nullptr, static_cast<int>(s.excluded.size() - kMaxExcludedLines));
    LabelItem* label = addLabel(lines.join(QLatin1Char('\n')), QRectF(0, top, width, 26.0 * lines.size() + 6),
                                hardwarePalette().mutedText, {kLabelPixels, 10, false, Qt::AlignLeft | Qt::AlignTop});
    label->setData(kItemKindKey, QStringLiteral("excluded"));
}

std::vector<std::vector<QPointF>> SweepScene::pointsInScene() const
{
    std::vector<std::vector<QPointF>> out;
    for (std::size_t c = 0; c < m_panels.size(); ++c) {
        QChart* chart = m_panels[c];
        std::vector<QPointF> pts;
        for (std::size_t i = 0; i < m_data.sweep.points.size(); ++i)
            pts.push_back(chart->mapToScene(chart->mapToPosition(
                QPointF(static_cast<double>(m_data.sweep.points[i].value), m_values[c][i]))));
        out.push_back(std::move(pts));
    }
    return out;
}

std::unique_ptr<HardwareScene> createSweepScene(const EvaluationContext& ctx, const SpecCatalog& catalog, SweepAxis axis,
                                                const HardwarePalette& palette)
{
    return std::make_unique<SweepScene>(SweepChartData{QString::fromStdString(ctx.scenario.name), sweepAxis(ctx, catalog, axis)},
                                        palette);
}

} // namespace scalescope

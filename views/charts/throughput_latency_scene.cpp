#include "throughput_latency_scene.h"

#include "chart_style.h"

#include "views/planner/timeline_colours.h"

#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QGraphicsLayout>

#include <algorithm>
#include <memory>

namespace scalescope {

namespace {
constexpr qreal kChartWidth = 1280;
constexpr qreal kChartHeight = 800;
constexpr int kLabelPixels = 16, kTitlePixels = 18;

// Where the TPOT limit lies on the x axis: tokens/s per user is 1 / TPOT (a
// change of unit, not a cost).
double tpotLimitPerUser(Seconds tpotMax) { return 1.0 / tpotMax.si; }

// The compared layouts' colours: Okabe–Ito, distinguishable with common
// colour-vision deficiencies, the scenario's own layout in the palette's
// accent (overflow red) instead.
QColor otherColour(int i)
{
    const EventKind kinds[] = {EventKind::Forward, EventKind::Backward, EventKind::Recompute, EventKind::WeightGrad};
    if (i < 4) return eventColour(Lane::Compute, kinds[i]);
    return eventColour(Lane::Tp, EventKind::Comm);
}

} // namespace

QString servingLayoutLabel(const ParallelLayout& p)
{
    QString s = ThroughputLatencyScene::tr("TP %1 · PP %2 · DP %3").arg(p.tp).arg(p.pp).arg(p.dp);
    if (p.ep > 1) s += ThroughputLatencyScene::tr(" · EP %1").arg(p.ep);
    return s;
}

ThroughputLatencyScene::ThroughputLatencyScene(const ThroughputLatencyData& data, const HardwarePalette& palette,
                                               QObject* parent)
    : HardwareScene(palette, parent)
{
    setHeading(tr("Throughput against latency: %1").arg(data.scenario),
               tr("Output tokens/s per GPU against tokens/s per user (1 / TPOT) as the batch per replica sweeps 1, 2, "
                  "4, … up to the largest batch that fits in memory; each point is one evaluation of the model. "
                  "The scenario's layout is drawn thick with its operating point; the others are the best layouts "
                  "of the serving search."));
    if (!data.curves.empty()) m_current = data.curves.front().points;
    buildChart(data);
    setOperatingPoint(data.operating);
    finish();
}

void ThroughputLatencyScene::buildChart(const ThroughputLatencyData& data)
{
    const HardwarePalette& p = hardwarePalette();
    m_chart = addPaletteChart(*this, QRectF(0, 0, kChartWidth, kChartHeight), p);

    auto* xAxis = new QValueAxis;
    auto* yAxis = new QValueAxis;
    xAxis->setTitleText(tr("Tokens/s per user (1 / TPOT)"));
    yAxis->setTitleText(tr("Output tokens/s per GPU"));
    double xMax = 0, yMax = 0;
    for (const ServingCurve& c : data.curves)
        for (const ServingPoint& pt : c.points) {
            xMax = std::max(xMax, pt.tokensPerSPerUser);
            yMax = std::max(yMax, pt.tokensPerSPerGpu);
        }
    const ServingLimits& limits = data.limits;
    if (limits.tpotMax) xMax = std::max(xMax, tpotLimitPerUser(*limits.tpotMax)); // the line stays in view
    for (QValueAxis* axis : {xAxis, yAxis}) {
        axis->setLabelFormat(QStringLiteral("%g"));
        stylePaletteAxis(*axis, p, kLabelPixels, kTitlePixels);
        axis->setMinorTickCount(4);
        axis->setMinorGridLineColor(opaqueMix(p.outline, p.background, 0.25));
    }
    xAxis->setRange(0, xMax > 0 ? xMax * 1.05 : 1);
    yAxis->setRange(0, yMax > 0 ? yMax * 1.05 : 1);
    xAxis->applyNiceNumbers();
    yAxis->applyNiceNumbers();
    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    auto attach = [&](QXYSeries* s) { addSeriesOnAxes(*m_chart, s); };

    // Others first, so that the scenario's own curve is drawn on top; the legend in rank order.
    std::vector<LegendEntry> legend(data.curves.size());
    for (std::size_t i = data.curves.size(); i-- > 0;) {
        const ServingCurve& c = data.curves[i];
        const bool own = i == 0;
        const QColor colour = own ? p.overflow : otherColour(int(i) - 1);
        const QString name = own ? tr("%1 (this scenario)").arg(servingLayoutLabel(c.layout)) : servingLayoutLabel(c.layout);
        auto* line = new QLineSeries;
        line->setName(name);
        line->setPen(QPen(colour, own ? 4 : 2.5));
        auto* dots = new QScatterSeries;
        dots->setMarkerSize(own ? 10 : 7);
        dots->setColor(colour);
        dots->setBorderColor(p.background);
        // Points that miss the TTFT limit: rings of the curve's colour on the background.
        QScatterSeries* hollow = nullptr;
        if (limits.ttftMax) {
            hollow = new QScatterSeries;
            hollow->setObjectName(QStringLiteral("ttft-over-limit"));
            hollow->setMarkerSize(own ? 12 : 9);
            hollow->setColor(p.background);
            hollow->setPen(QPen(colour, 2));
        }
        for (const ServingPoint& pt : c.points) {
            line->append(pt.tokensPerSPerUser, pt.tokensPerSPerGpu);
            const bool overTtft = hollow && pt.ttft > *limits.ttftMax;
            (overTtft ? hollow : dots)->append(pt.tokensPerSPerUser, pt.tokensPerSPerGpu);
        }
        attach(line);
        attach(dots);
        if (hollow) attach(hollow);
        legend[i] = {colour, name};
    }
    for (const LegendEntry& l : legend) addLegend(l.colour, l.label);
    if (limits.tpotMax)
        addLegend(p.text, tr("TPOT limit %1 (dashed)").arg(formatted(*limits.tpotMax)));
    if (limits.ttftMax)
        addLegend(p.mutedText, tr("Hollow: TTFT over %1").arg(formatted(*limits.ttftMax)));
    // The operating point: a large ring over the own curve.
    m_marker = new QScatterSeries;
    m_marker->setName(tr("Operating point"));
    m_marker->setMarkerSize(22);
    m_marker->setColor(p.background);
    m_marker->setBorderColor(p.overflow);
    QPen ring(p.overflow, 4);
    m_marker->setPen(ring);
    attach(m_marker);
    addLegend(p.overflow, tr("Operating point: the scenario's batch (ring)"));
    if (m_chart->layout()) m_chart->layout()->activate();
    labelBatches();
    if (limits.tpotMax) drawTpotLimit(limits, yAxis->max());
}

void ThroughputLatencyScene::drawTpotLimit(const ServingLimits& limits, double yTop)
{
    // A dashed vertical line across the plot at 1 / tpot_max, named at its top.
    const HardwarePalette& p = hardwarePalette();
    const double x = tpotLimitPerUser(*limits.tpotMax);
    auto* line = new QLineSeries;
    line->setObjectName(QStringLiteral("tpot-limit"));
    line->setName(tr("TPOT limit"));
    line->setPen(QPen(p.text, 2, Qt::DashLine));
    line->append(x, 0);
    line->append(x, yTop);
    addSeriesOnAxes(*m_chart, line);
    const QPointF top = scenePosition(x, yTop);
    const LabelStyle style{kLabelPixels - 2, 4, false, Qt::AlignLeft | Qt::AlignTop};
    LabelItem* label = addLabel(tr("TPOT ≤ %1").arg(formatted(*limits.tpotMax)), QRectF(top.x() + 6, top.y() + 4, 160, 22),
                                p.text, style);
    label->setData(kItemKindKey, QStringLiteral("tpot-limit"));
    label->setToolTip(tr("TPOT limit %1 = %2 tokens/s per user: the points right of the line meet it")
                          .arg(formatted(*limits.tpotMax), QString::number(x, 'g', 3)));
}

void ThroughputLatencyScene::labelBatches()
{
    // The scenario's points named by their batch, beside them: where the sweep
    // starts, where it doubles, and where memory is full. Placed from the
    // largest batch down; a label that would cover one already placed is
    // left out (max_batch is always named).
    const LabelStyle style{kLabelPixels - 2, 4, false, Qt::AlignLeft | Qt::AlignBottom};
    std::vector<QRectF> placed;
    for (auto it = m_current.rbegin(); it != m_current.rend(); ++it) {
        const ServingPoint& pt = *it;
        const QPointF at = scenePosition(pt.tokensPerSPerUser, pt.tokensPerSPerGpu);
        std::unique_ptr<LabelItem> label(makeLabel(tr("B %1").arg(pt.batch), QRectF(at.x() + 6, at.y() - 26, 90, 22),
                                                   hardwarePalette().text, style));
        const QRectF inked = label->sceneBoundingRect();
        if (std::any_of(placed.begin(), placed.end(), [&](const QRectF& r) { return r.intersects(inked); })) continue;
        placed.push_back(inked);
        LabelItem* l = label.release();
        addItem(l); // the scene owns it
        l->setData(kItemKindKey, QStringLiteral("batch-label"));
        l->setToolTip(tr("Batch %1: TTFT %2, TPOT %3").arg(pt.batch).arg(formatted(pt.ttft), formatted(pt.tpot)));
    }
}

QPointF ThroughputLatencyScene::scenePosition(double perUser, double perGpu) const
{
    return m_chart->mapToScene(m_chart->mapToPosition(QPointF(perUser, perGpu), m_marker));
}

std::vector<QPointF> ThroughputLatencyScene::currentCurveInScene() const
{
    std::vector<QPointF> out;
    out.reserve(m_current.size());
    for (const ServingPoint& pt : m_current) out.push_back(scenePosition(pt.tokensPerSPerUser, pt.tokensPerSPerGpu));
    return out;
}

void ThroughputLatencyScene::setOperatingPoint(const std::optional<ServingPoint>& point)
{
    m_marker->clear();
    if (point) m_marker->append(point->tokensPerSPerUser, point->tokensPerSPerGpu);
}

void ThroughputLatencyScene::setMarkerAt(const QPointF& scenePos)
{
    m_marker->clear();
    m_marker->append(m_chart->mapToValue(m_chart->mapFromScene(scenePos), m_marker));
}

std::optional<QPointF> ThroughputLatencyScene::markerInScene() const
{
    if (m_marker->count() == 0) return std::nullopt;
    const QPointF v = m_marker->at(0);
    return scenePosition(v.x(), v.y());
}

} // namespace scalescope

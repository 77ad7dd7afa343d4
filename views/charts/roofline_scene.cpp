#include "roofline_scene.h"

#include "chart_style.h"

#include "views/widgets/scene_text.h"

#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QGraphicsLayout>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {
constexpr qreal kChartWidth = 1000;
constexpr qreal kChartHeight = 720;
constexpr qreal kPanelWidth = 560;
constexpr double kTera = 1e12;

QString precisionName(Precision p)
{
    const std::string_view key = precisionKey(p);
    return QString::fromLatin1(key.data(), qsizetype(key.size())).toUpper().replace(QLatin1String("_TENSOR"), QLatin1String(" Tensor"));
}

QColor ceilingColour(int i)
{
    static const QColor colours[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                     QColor(0xb0, 0x7a, 0xa1), QColor(0xed, 0xc9, 0x48), QColor(0x9c, 0x75, 0x5f),
                                     QColor(0x76, 0xb7, 0xb2), QColor(0xff, 0x9d, 0xa7)};
    return colours[i % 8];
}

// The first placed operation in red, the others in the palette's ink (dark on light, light on dark).
QColor opColour(int i, const HardwarePalette& p)
{
    return i == 0 ? p.overflow : p.text;
}
} // namespace

RooflineScene::RooflineScene(const GpuSpec& gpu, std::vector<RooflineOp> ops, const HardwarePalette& palette,
                             QObject* parent)
    : HardwareScene(palette, parent), m_ops(std::move(ops))
{
    setHeading(tr("Roofline: %1").arg(QString::fromStdString(gpu.name)),
               tr("Attainable FLOP/s against arithmetic intensity (FLOP per byte of HBM traffic), log-log. Below a "
                  "ridge point an operation is memory-bound, above it compute-bound."));
    // Precisions with the same dense peak share one ceiling.
    for (const auto& [p, peak] : gpu.peakDense) {
        const auto ridge = ridgeIntensity(gpu, p);
        auto same = std::find_if(m_ceilings.begin(), m_ceilings.end(), [&](const RooflineCeiling& c) {
            return std::abs(c.peak - peak.value.si) < 1e-3 * c.peak;
        });
        if (same != m_ceilings.end()) same->label += QLatin1Char('/') + precisionName(p);
        else m_ceilings.push_back({precisionName(p), peak.value.si, ridge.value_or(peak.value.si / gpu.hbm.bandwidth.value.si)});
    }
    std::sort(m_ceilings.begin(), m_ceilings.end(), [](auto& a, auto& b) { return a.peak > b.peak; });
    buildChart(gpu);
    buildPanel(gpu, kChartWidth + 24);
    finish();
}

void RooflineScene::buildChart(const GpuSpec& gpu)
{
    const HardwarePalette& p = hardwarePalette();
    m_chart = addPaletteChart(*this, QRectF(0, 0, kChartWidth, kChartHeight), p);

    const double hbm = gpu.hbm.bandwidth.value.si;
    double xLo = 0.1, xHi = 1e4;
    for (const RooflineCeiling& c : m_ceilings) xHi = std::max(xHi, c.ridge * 10);
    for (const RooflineOp& op : m_ops) {
        xLo = std::min(xLo, op.cost.intensity / 3);
        xHi = std::max(xHi, op.cost.intensity * 3);
    }
    xLo = std::pow(10.0, std::floor(std::log10(xLo)));
    xHi = std::pow(10.0, std::ceil(std::log10(xHi)));
    const double top = m_ceilings.empty() ? hbm * xHi : m_ceilings.front().peak;
    const double yHi = std::pow(10.0, std::ceil(std::log10(top * 1.5 / kTera)));
    const double yLo = std::pow(10.0, std::floor(std::log10(xLo * hbm / kTera)));

    auto* xAxis = new QLogValueAxis;
    auto* yAxis = new QLogValueAxis;
    xAxis->setTitleText(tr("Arithmetic intensity (FLOP/byte)"));
    yAxis->setTitleText(tr("Attainable TFLOP/s"));
    for (QLogValueAxis* axis : {xAxis, yAxis}) {
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(-1);
        stylePaletteAxis(*axis, p);
        axis->setMinorGridLineColor(QColor(p.outline.red(), p.outline.green(), p.outline.blue(), 60));
        axis->setLinePenColor(p.outline);
    }
    xAxis->setRange(xLo, xHi);
    yAxis->setRange(yLo, yHi);
    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    auto attach = [&](QXYSeries* s) { addSeriesOnAxes(*m_chart, s); };
    QFont pointFont;
    pointFont.setPixelSize(qRound(SceneText::instance().pixels(14)));
    pointFont.setBold(true);

    // Memory ceilings: FLOP/s = intensity × bandwidth, up to the highest peak.
    auto memoryLine = [&](double bw, const QColor& colour, const QString& name) {
        auto* s = new QLineSeries;
        s->setName(name);
        s->setPen(QPen(colour, 3, Qt::DashLine));
        s->append(xLo, xLo * bw / kTera);
        s->append(std::min(xHi, top / bw), std::min(xHi * bw, top) / kTera);
        attach(s);
        addLegend(colour, name);
        ++m_memoryCeilings;
    };
    memoryLine(hbm, p.hbm, tr("HBM %1").arg(formatted(gpu.hbm.bandwidth.value)));
    if (gpu.l2Bandwidth) memoryLine(gpu.l2Bandwidth->value.si, p.l2, tr("L2 %1").arg(formatted(gpu.l2Bandwidth->value)));

    // Compute ceilings: flat from the HBM ridge on, and the ridge point labelled.
    for (std::size_t i = 0; i < m_ceilings.size(); ++i) {
        const RooflineCeiling& c = m_ceilings[i];
        const QColor colour = ceilingColour(int(i));
        auto* s = new QLineSeries;
        s->setName(c.label);
        s->setPen(QPen(colour, 3));
        s->append(xLo, c.peak / kTera);
        s->append(xHi, c.peak / kTera);
        attach(s);
        auto* ridge = new QScatterSeries;
        ridge->setMarkerSize(11);
        ridge->setColor(colour);
        ridge->setBorderColor(p.outline);
        ridge->append(c.ridge, c.peak / kTera);
        ridge->setPointLabelsVisible(true);
        ridge->setPointLabelsColor(p.text);
        ridge->setPointLabelsFont(pointFont);
        ridge->setPointLabelsClipping(false);
        ridge->setPointLabelsFormat(
            tr("%1 · ridge %2").arg(c.label, QString::fromStdString(formatSignificant(c.ridge, 3))));
        attach(ridge);
        addLegend(colour, c.label);
    }

    // The operations the user placed, at their attained FLOP/s.
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        const RooflineOp& op = m_ops[i];
        auto* s = new QScatterSeries;
        s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        s->setMarkerSize(15);
        s->setColor(opColour(int(i), hardwarePalette()));
        s->setBorderColor(p.background);
        const double attained = op.cost.time.si > 0 ? op.cost.flops.si / op.cost.time.si : 0;
        s->append(op.cost.intensity, std::max(attained / kTera, yLo));
        attach(s);
        addLegend(opColour(int(i), hardwarePalette()), op.label); // named in the legend and the panel, not on the crowded chart
    }
    if (m_chart->layout()) m_chart->layout()->activate();
}

void RooflineScene::buildPanel(const GpuSpec& gpu, qreal left)
{
    const HardwarePalette& p = hardwarePalette();
    qreal y = 8;
    const LabelStyle head{20, 10, true, Qt::AlignLeft | Qt::AlignVCenter};
    const LabelStyle body{16, 8, false, Qt::AlignLeft | Qt::AlignVCenter};
    auto line = [&](const QString& text, const LabelStyle& style, const QColor& colour, const QString& tip = {},
                    const QString& kind = {}) {
        LabelItem* l = addLabel(text, QRectF(left, y, kPanelWidth, style.pixelSize + 10), colour, style);
        if (!tip.isEmpty()) l->setToolTip(tip);
        if (!kind.isEmpty()) l->setData(kItemKindKey, kind);
        y += style.pixelSize + 12;
    };
    line(tr("Ceilings"), head, p.text);
    line(tr("HBM: %1").arg(formatted(gpu.hbm.bandwidth.value)), body, p.text,
         sourcedTip(tr("HBM bandwidth"), formatted(gpu.hbm.bandwidth.value), gpu.hbm.bandwidth, gpu.sources),
         QStringLiteral("memory-ceiling"));
    if (gpu.l2Bandwidth)
        line(tr("L2: %1").arg(formatted(gpu.l2Bandwidth->value)), body, p.text,
             sourcedTip(tr("L2 bandwidth"), formatted(gpu.l2Bandwidth->value), *gpu.l2Bandwidth, gpu.sources),
             QStringLiteral("memory-ceiling"));
    for (const auto& [prec, peak] : gpu.peakDense) {
        const auto ridge = ridgeIntensity(gpu, prec);
        line(tr("%1 dense: %2, ridge %3 FLOP/B")
                 .arg(precisionName(prec), formatted(peak.value),
                      ridge ? QString::fromStdString(formatSignificant(*ridge, 3)) : tr("n/a")),
             body, p.text, sourcedTip(tr("%1 dense peak").arg(precisionName(prec)), formatted(peak.value), peak, gpu.sources),
             QStringLiteral("compute-ceiling"));
    }
    y += 12;
    line(tr("Operations"), head, p.text);
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        const RooflineOp& op = m_ops[i];
        const QColor colour = opColour(int(i), hardwarePalette());
        line(tr("%1 (%2)").arg(op.label, precisionName(op.precision)), {17, 9, true, Qt::AlignLeft | Qt::AlignVCenter},
             colour);
        line(tr("%1, %2 → intensity %3 FLOP/B")
                 .arg(formatted(op.cost.flops), formatted(op.cost.bytes),
                      QString::fromStdString(formatSignificant(op.cost.intensity, 3))),
             body, p.text);
        line(op.cost.bound == Bound::Compute ? tr("Compute-bound: %1 (memory alone %2)")
                                                   .arg(formatted(op.cost.time), formatted(op.cost.memoryTime))
                                             : tr("Memory-bound: %1 (compute alone %2)")
                                                   .arg(formatted(op.cost.time), formatted(op.cost.computeTime)),
             body, p.text, {}, QStringLiteral("op-result"));
    }
}

} // namespace scalescope

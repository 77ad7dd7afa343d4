#include "sharding_map_scene.h"

#include "model/network/mesh_placement.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

constexpr qreal kCell = 22, kGap = 3, kPad = 6, kHeader = 18, kBlockGap = 14;

// Tableau 10 plus two: distinct at a glance, readable with dark or white text.
constexpr QRgb kQualitative[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
                                 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x86bcb6, 0xd37295};

QString axisName(ShardingColouring c)
{
    switch (c) {
    case ShardingColouring::Tp: return QCoreApplication::translate("scalescope::ShardingMapScene", "tensor-parallel rank");
    case ShardingColouring::Pp: return QCoreApplication::translate("scalescope::ShardingMapScene", "pipeline stage");
    case ShardingColouring::Dp: return QCoreApplication::translate("scalescope::ShardingMapScene", "data-parallel replica");
    case ShardingColouring::Ep: return QCoreApplication::translate("scalescope::ShardingMapScene", "expert-parallel rank");
    }
    return {};
}

// Short name for the legend, so that its entries stay on one line each.
QString legendName(ShardingColouring c)
{
    switch (c) {
    case ShardingColouring::Tp: return QCoreApplication::translate("scalescope::ShardingMapScene", "TP rank");
    case ShardingColouring::Pp: return QCoreApplication::translate("scalescope::ShardingMapScene", "PP stage");
    case ShardingColouring::Dp: return QCoreApplication::translate("scalescope::ShardingMapScene", "DP replica");
    case ShardingColouring::Ep: return QCoreApplication::translate("scalescope::ShardingMapScene", "EP rank");
    }
    return {};
}

QString orderText(const ParallelLayout& p)
{
    QStringList keys;
    for (Axis a : p.order) {
        const std::string_view k = axisKey(a);
        keys << QString::fromLatin1(k.data(), static_cast<qsizetype>(k.size())).toUpper();
    }
    return keys.join(QStringLiteral(" → "));
}

} // namespace

Axis colouringAxis(ShardingColouring c) noexcept
{
    switch (c) {
    case ShardingColouring::Tp: return Axis::Tp;
    case ShardingColouring::Pp: return Axis::Pp;
    case ShardingColouring::Dp: return Axis::Dp;
    case ShardingColouring::Ep: return Axis::Ep;
    }
    return Axis::Tp;
}

QColor ShardingMapScene::cellColour(int value, int count)
{
    constexpr int kFixed = static_cast<int>(std::size(kQualitative));
    if (count <= kFixed) return QColor(kQualitative[std::clamp(value, 0, kFixed - 1)]);
    // Golden-ratio hues keep neighbouring values apart when there are many.
    const double hue = std::fmod(value * 0.618033988749895, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.55f, 0.85f);
}

ShardingMapScene::ShardingMapScene(const PlannerResult& result, ShardingColouring colouring,
                                   const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent)
{
    build(result, colouring);
    finish();
}

QRectF ShardingMapScene::cellRect(long long rank) const
{
    if (rank < 0 || rank >= cellCount()) return {};
    return m_cells[static_cast<std::size_t>(rank)];
}

void ShardingMapScene::build(const PlannerResult& result, ShardingColouring colouring)
{
    if (!result.context) {
        setHeading(tr("Sharding map"), tr("The scenario could not be resolved."));
        addLabel(tr("No result"), QRectF(0, 0, 400, 60));
        return;
    }
    const EvaluationContext& ctx = *result.context;
    const ParallelLayout& p = result.scenario.parallel;
    const SystemSpec& sys = ctx.system;
    const long long gpus = static_cast<long long>(p.tp) * p.cp * p.dp * p.pp;
    const int nodeGpus = std::max(1, sys.node.gpus.value);
    const int domainGpus = std::max(nodeGpus, sys.nvlinkDomain.gpus.value);
    const int nodesPerDomain = std::max(1, domainGpus / nodeGpus);
    const long long domainsPerSu = sys.scaleOut.tiers.empty() ? 1 : std::max(1, sys.scaleOut.tiers.front().children.value);
    const long long domains = (gpus + domainGpus - 1) / domainGpus;
    const long long sus = (domains + domainsPerSu - 1) / domainsPerSu;
    const Axis axis = colouringAxis(colouring);
    const int values = std::max(1, p.size(axis));

    setHeading(tr("Sharding map: %1").arg(QString::fromStdString(result.scenario.name)),
               tr("%1 GPUs of %2 as the hardware holds them (%3 GPUs per node, %4 per NVLink domain), coloured by "
                  "%5. Ranks are laid out in the order %6, innermost first.")
                   .arg(gpus)
                   .arg(QString::fromStdString(sys.name))
                   .arg(nodeGpus)
                   .arg(domainGpus)
                   .arg(axisName(colouring), orderText(p)));
    const int legendEntries = std::min(values, 12);
    for (int v = 0; v < legendEntries; ++v)
        addLegend(cellColour(v, values), tr("%1 %2").arg(legendName(colouring)).arg(v));
    if (values > legendEntries) addLegend(cellColour(legendEntries, values), tr("… %1 values in all").arg(values));

    // Geometry: a node is a row of cells, a domain a column of nodes, an SU a
    // grid of domains, the job a grid of SUs.
    const qreal nodeW = nodeGpus * (kCell + kGap) - kGap, nodeH = kCell;
    const bool trays = nodesPerDomain > 1;
    const qreal domW = nodeW + 2 * kPad;
    const qreal domH = kHeader + nodesPerDomain * (nodeH + (trays ? 2 * kGap : 0) + kGap) - kGap + kPad;
    const long long domsInSu = std::min(domainsPerSu, domains);
    const int suCols = std::max(1, static_cast<int>(std::lround(std::sqrt(double(domsInSu) * domH / domW * 1.6))));
    const int suRows = static_cast<int>((domsInSu + suCols - 1) / suCols);
    const qreal suW = suCols * (domW + kGap * 2) + 2 * kPad, suH = kHeader + suRows * (domH + kGap * 2) + kPad;
    const int jobCols = std::max(1, static_cast<int>(std::ceil(std::sqrt(double(sus) * suH / suW * 1.6))));
    const bool detailed = gpus <= kDetailedCells;
    const LabelStyle header{11, 6, true, Qt::AlignLeft | Qt::AlignVCenter, 5};
    const LabelStyle cellText{11, 6, false, Qt::AlignCenter, 6};

    m_cells.assign(static_cast<std::size_t>(gpus), QRectF());
    for (long long su = 0; su < sus; ++su) {
        const QPointF suAt((su % jobCols) * (suW + kBlockGap), (su / jobCols) * (suH + kBlockGap));
        const bool showSu = sus > 1 || domainsPerSu > 1;
        if (showSu) {
            BoxItem* box = addBox(QRectF(suAt, QSizeF(suW, suH)), hardwarePalette().rackFrame.lighter(170),
                                  QStringLiteral("scalable-unit"), static_cast<int>(su));
            box->setDetailScale(0.02);
            addLabel(tr("Scalable unit %1").arg(su), QRectF(suAt + QPointF(kPad, 0), QSizeF(suW - 2 * kPad, kHeader)),
                     header);
        }
        for (long long d = su * domainsPerSu; d < std::min(domains, (su + 1) * domainsPerSu); ++d) {
            const long long k = d - su * domainsPerSu;
            const QPointF domAt = suAt + QPointF(kPad + (k % suCols) * (domW + 2 * kGap) + kGap,
                                                 kHeader + (k / suCols) * (domH + 2 * kGap) + kGap);
            const QRectF domRect(domAt, QSizeF(domW, domH));
            BoxItem* dom = addBox(domRect, hardwarePalette().computeTray, trays ? QStringLiteral("domain") : QStringLiteral("node"),
                                  static_cast<int>(d));
            dom->setRadius(3);
            dom->setDetailScale(0.05);
            addLabel(trays ? tr("NVLink domain %1").arg(d) : tr("Node %1").arg(d),
                     QRectF(domAt + QPointF(kPad, 0), QSizeF(domW - 2 * kPad, kHeader)), textOn(hardwarePalette().computeTray),
                     header);
            for (int n = 0; n < nodesPerDomain; ++n) {
                const qreal rowH = nodeH + (trays ? 2 * kGap : 0) + kGap;
                const QPointF nodeAt = domAt + QPointF(kPad, kHeader + n * rowH);
                if (trays)
                    addBox(QRectF(nodeAt - QPointF(kGap, 0), QSizeF(nodeW + 2 * kGap, nodeH + 2 * kGap)),
                           hardwarePalette().switchTray, QStringLiteral("tray"), static_cast<int>(d * nodesPerDomain + n))
                        ->setDetailScale(0.1);
                for (int g = 0; g < nodeGpus; ++g) {
                    const long long rank = d * domainGpus + static_cast<long long>(n) * nodeGpus + g;
                    if (rank >= gpus) break;
                    const MeshCoordinates c = meshCoordinates(p, rank);
                    const int value = coordinate(c, axis);
                    const QColor fill = cellColour(value, values);
                    const QRectF r(nodeAt + QPointF(g * (kCell + kGap), trays ? kGap : 0), QSizeF(kCell, kCell));
                    m_cells[static_cast<std::size_t>(rank)] = r;
                    BoxItem* cell = addBox(r, fill, QStringLiteral("gpu-cell"), static_cast<int>(rank));
                    cell->setDetailScale(0.6);
                    if (!detailed) continue;
                    cell->setToolTip(tr("GPU %1 · TP %2 · CP %3 · EP %4 · DP %5 · PP %6")
                                         .arg(rank)
                                         .arg(c.tp)
                                         .arg(c.cp)
                                         .arg(c.ep)
                                         .arg(c.dp)
                                         .arg(c.pp));
                    addLabel(QString::number(value), r, textOn(fill), cellText);
                }
            }
        }
    }
}

} // namespace scalescope

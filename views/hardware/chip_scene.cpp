#include "chip_scene.h"

#include "model/chip/chip_floorplan.h"
#include "model/spec/hardware_specs.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace scalescope {

namespace {

constexpr qreal kDieHeight = 470;
constexpr qreal kDieGap = 110;    // room for the die-to-die link
constexpr qreal kStackDepth = 124; // HBM stack height (rows) or width (columns)
constexpr qreal kStackGap = 16;
constexpr qreal kMargin = 28;
constexpr qreal kHeader = 44;

// One SM: a filled cell when small; its four sub-partitions, each with a
// Tensor Core, when large enough to see; its number when larger still.
class SmCellItem final : public QGraphicsRectItem {
public:
    SmCellItem(const QRectF& r, int number, int subpartitions, const HardwarePalette& p)
        : QGraphicsRectItem(r), m_number(number), m_subpartitions(subpartitions), m_palette(p)
    {
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override
    {
        const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
        const QRectF r = rect();
        if (lod * r.width() < 18) {
            painter->fillRect(r, m_palette.sm);
            return;
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_palette.sm);
        painter->drawRoundedRect(r, r.width() * 0.08, r.width() * 0.08);
        const int cols = m_subpartitions >= 4 ? 2 : qMax(1, m_subpartitions);
        const int rows = (m_subpartitions + cols - 1) / qMax(1, cols);
        const qreal pad = r.width() * 0.1;
        const QRectF inner = r.adjusted(pad, pad, -pad, -pad);
        const qreal w = inner.width() / cols, h = inner.height() / qMax(1, rows);
        for (int i = 0; i < m_subpartitions; ++i) {
            const QRectF q(inner.left() + (i % cols) * w, inner.top() + (i / cols) * h, w, h);
            painter->fillRect(q.adjusted(w * 0.06, h * 0.06, -w * 0.06, -h * 0.06), m_palette.smDetail);
            const qreal tc = qMin(w, h) * 0.38;
            painter->fillRect(QRectF(q.right() - tc - w * 0.12, q.bottom() - tc - h * 0.12, tc, tc), m_palette.tensorCore);
        }
        if (lod * r.width() > 90) {
            QFont f = painter->font();
            f.setPixelSize(qMax(1, qRound(r.height() * 0.16)));
            painter->setFont(f);
            painter->setPen(m_palette.text);
            painter->drawText(inner, Qt::AlignCenter, QString::number(m_number));
        }
    }

private:
    int m_number, m_subpartitions;
    HardwarePalette m_palette;
};

// Columns and cell size that fit `count` square cells into `area` best.
std::pair<int, qreal> gridFor(int count, const QSizeF& area)
{
    int bestCols = 1;
    qreal best = 0;
    for (int cols = 1; cols <= qMax(1, count); ++cols) {
        const int rows = (count + cols - 1) / cols;
        const qreal cell = qMin(area.width() / cols, area.height() / rows);
        if (cell > best) {
            best = cell;
            bestCols = cols;
        }
    }
    return {bestCols, best};
}

} // namespace

ChipScene::ChipScene(const GpuSpec& gpu, const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent)
{
    setHeading(tr("%1 — GPU package").arg(QString::fromStdString(gpu.name)),
               tr("%1 · %2 · %3 SMs · L2 %4 · %5 %6 at %7")
                   .arg(QString::fromStdString(gpu.architecture),
                        gpu.dies.value == 1 ? tr("one die") : tr("%1 dies").arg(gpu.dies.value))
                   .arg(gpu.sms.value)
                   .arg(formatted(gpu.l2Capacity.value), formatted(gpu.hbm.capacityNominal.value),
                        QString::fromStdString(gpu.hbm.generation), formatted(gpu.hbm.bandwidth.value)));
    addLegend(palette.sm, tr("Streaming multiprocessor (SM)"));
    addLegend(palette.tensorCore, tr("Tensor Core"));
    addLegend(palette.l2, tr("L2 cache"));
    addLegend(palette.hbm, tr("HBM stack"));
    addLegend(palette.nvlink, tr("NVLink port"));
    if (gpu.pcieBandwidth) addLegend(palette.pcie, tr("PCIe"));
    if (gpu.dies.value > 1 || gpu.c2cBandwidth) addLegend(palette.c2c, tr("Die-to-die link / NVLink-C2C"));
    const QRectF package = buildPackage(gpu);
    buildPorts(gpu, package);
    buildFigures(gpu, package);
    finish();
}

QRectF ChipScene::buildPackage(const GpuSpec& gpu)
{
    const HardwarePalette& p = hardwarePalette();
    const ChipFloorplan plan = chipFloorplan(gpu);
    const int dies = static_cast<int>(plan.dies.size());
    const bool stacksInColumns = dies == 1; // one die: stacks left and right, as on H100
    const qreal dieWidth = dies == 1 ? 620 : 470;

    QList<QGraphicsItem*> parts;
    QRectF content;
    for (int d = 0; d < dies; ++d) {
        const DiePlan& die = plan.dies[static_cast<size_t>(d)];
        const QRectF dieRect(d * (dieWidth + kDieGap), 0, dieWidth, kDieHeight);
        BoxItem* dieItem = addBox(dieRect, p.die, QStringLiteral("die"), d);
        dieItem->setRadius(6);
        dieItem->setToolTip(sourcedTip(tr("Die %1 (%2 dies)").arg(d).arg(dies), tr("%1 SMs on this die").arg(die.sms),
                                       gpu.dies, gpu.sources));
        addLabel(tr("Die %1 · %2 SMs").arg(d).arg(die.sms),
                 QRectF(dieRect.left() + 12, dieRect.top() + 8, dieWidth - 24, 28),
                 {17, 9, true, Qt::AlignLeft | Qt::AlignVCenter});
        content |= dieRect;

        const QRectF inner = dieRect.adjusted(12, 44, -12, -12);
        const QRectF l2Band(inner.left(), inner.center().y() - 28, inner.width(), 56);
        const int groups = static_cast<int>(die.smGroups.size());
        const qreal colGap = 14;
        const qreal colWidth = (inner.width() - (groups - 1) * colGap) / groups;
        for (int g = 0; g < groups; ++g) {
            const SmGroupPlan& group = plan.smGroups[static_cast<size_t>(die.smGroups[static_cast<size_t>(g)])];
            const qreal x = inner.left() + g * (colWidth + colGap);
            if (group.l2Partition >= 0) {
                const L2PartitionPlan& l2 = plan.l2[static_cast<size_t>(group.l2Partition)];
                const QRectF l2Rect(x, l2Band.top(), colWidth, l2Band.height());
                BoxItem* l2Item = addBox(l2Rect, p.l2, QStringLiteral("l2"), group.l2Partition);
                l2Item->setRadius(4);
                l2Item->setToolTip(
                    sourcedTip(tr("L2 partition %1 (%2 partitions)").arg(group.l2Partition).arg(plan.l2.size()),
                               tr("%1 of %2 in all").arg(formatted(l2.capacity), formatted(gpu.l2Capacity.value)),
                               gpu.l2Capacity, gpu.sources) +
                    (gpu.l2Partitions ? sourcedTip(tr("L2 partitions"), QString::number(gpu.l2Partitions->value),
                                                   *gpu.l2Partitions, gpu.sources)
                                      : QString()));
                addLabel(tr("L2 cache · %1").arg(formatted(l2.capacity)), l2Rect.adjusted(6, 4, -6, -4),
                         textOn(p.l2), {18, 9, true});
            }
            const int top = (group.sms + 1) / 2;
            const QRectF areas[2] = {QRectF(x, inner.top(), colWidth, l2Band.top() - 10 - inner.top()),
                                     QRectF(x, l2Band.bottom() + 10, colWidth, inner.bottom() - l2Band.bottom() - 10)};
            const int counts[2] = {top, group.sms - top};
            int number = group.firstSm;
            for (int half = 0; half < 2; ++half) {
                const auto [cols, cell] = gridFor(counts[half], areas[half].size());
                const int rows = (counts[half] + cols - 1) / qMax(1, cols);
                const QPointF origin(areas[half].center().x() - cols * cell / 2, areas[half].center().y() - rows * cell / 2);
                for (int i = 0; i < counts[half]; ++i, ++number) {
                    const QRectF r(origin.x() + (i % cols) * cell, origin.y() + (i / cols) * cell, cell, cell);
                    auto* sm = new SmCellItem(r.adjusted(1.5, 1.5, -1.5, -1.5), number, gpu.sm.subpartitions.value, p);
                    sm->setData(kItemKindKey, QStringLiteral("sm"));
                    sm->setData(kItemIndexKey, number);
                    sm->setToolTip(sourcedTip(tr("Streaming multiprocessor %1 (die %2)").arg(number).arg(d),
                                              tr("%1 SMs in all · %2 sub-partitions per SM · per sub-partition: %3 "
                                                 "FP32 lanes, %4 × Tensor Core")
                                                  .arg(gpu.sms.value)
                                                  .arg(gpu.sm.subpartitions.value)
                                                  .arg(gpu.sm.fp32LanesPerSubpartition.value)
                                                  .arg(gpu.sm.tensorCoresPerSubpartition.value),
                                              gpu.sms, gpu.sources));
                    addItem(sm);
                }
            }
        }

        // HBM stacks of this die: above and below it, or left and right of a single die.
        const int stacks = static_cast<int>(die.hbmStacks.size());
        const int first = (stacks + 1) / 2;
        for (int s = 0; s < stacks; ++s) {
            const bool firstSide = s < first;
            const int along = firstSide ? s : s - first;
            const int onSide = firstSide ? first : stacks - first;
            QRectF r;
            if (stacksInColumns) {
                const qreal h = (kDieHeight - (onSide - 1) * 12.0) / onSide;
                const qreal x = firstSide ? dieRect.left() - kStackGap - kStackDepth : dieRect.right() + kStackGap;
                r = QRectF(x, along * (h + 12), kStackDepth, h);
            } else {
                const qreal w = (dieWidth - (onSide - 1) * 12.0) / onSide;
                const qreal y = firstSide ? -kStackGap - kStackDepth : kDieHeight + kStackGap;
                r = QRectF(dieRect.left() + along * (w + 12), y, w, kStackDepth);
            }
            const int index = die.hbmStacks[static_cast<size_t>(s)];
            const HbmStackPlan& stack = plan.hbm[static_cast<size_t>(index)];
            BoxItem* item = addBox(r, p.hbm, QStringLiteral("hbm"), index);
            item->setRadius(5);
            const auto& capacitySource = gpu.hbm.stackCapacity ? *gpu.hbm.stackCapacity : gpu.hbm.capacityNominal;
            item->setToolTip(sourcedTip(tr("HBM stack %1 (%2 stacks): capacity").arg(index).arg(plan.hbm.size()),
                                        formatted(stack.capacity), capacitySource, gpu.sources) +
                             sourcedTip(tr("Bandwidth of this stack"),
                                        tr("%1 (%2 over %3 stacks)")
                                            .arg(formatted(stack.bandwidth), formatted(gpu.hbm.bandwidth.value))
                                            .arg(plan.hbm.size()),
                                        gpu.hbm.bandwidth, gpu.sources));
            addLabel(QStringLiteral("%1\n%2\n%3").arg(QString::fromStdString(gpu.hbm.generation), formatted(stack.capacity),
                                                       formatted(stack.bandwidth)),
                     r.adjusted(6, 6, -6, -6), textOn(p.hbm), {17, 8, true});
            content |= r;
        }

        if (d + 1 < dies) {
            const QRectF link(dieRect.right() + 12, kDieHeight * 0.22, kDieGap - 24, kDieHeight * 0.56);
            BoxItem* item = addBox(link, p.dieLink, QStringLiteral("die-link"), d);
            item->setRadius(4);
            const QString name = QString::fromStdString(gpu.dieToDieName.value_or("die-to-die"));
            if (gpu.dieToDieBandwidth) {
                item->setToolTip(sourcedTip(name, formatted(gpu.dieToDieBandwidth->value), *gpu.dieToDieBandwidth, gpu.sources));
                addLabel(QStringLiteral("%1\n%2").arg(name, formatted(gpu.dieToDieBandwidth->value)),
                         link.adjusted(4, 4, -4, -4), textOn(p.dieLink), {17, 8, true});
            } else {
                addLabel(name, link.adjusted(4, 4, -4, -4), textOn(p.dieLink), {17, 8, true});
            }
        }
    }

    const QRectF package = content.adjusted(-kMargin, -kMargin - kHeader, kMargin, kMargin);
    BoxItem* pkg = addBox(package, p.package, QStringLiteral("package"));
    pkg->setRadius(10);
    pkg->setZValue(-1);
    if (gpu.transistors)
        pkg->setToolTip(sourcedTip(tr("Transistors"), tr("%1 billion").arg(gpu.transistors->value / 1e9), *gpu.transistors,
                                   gpu.sources));
    addLabel(tr("%1 package").arg(QString::fromStdString(gpu.name)),
             QRectF(package.left() + 16, package.top() + 10, package.width() - 32, kHeader - 8), p.mutedText,
             {20, 10, true, Qt::AlignLeft | Qt::AlignVCenter});
    return package;
}

void ChipScene::buildPorts(const GpuSpec& gpu, const QRectF& package)
{
    const HardwarePalette& p = hardwarePalette();
    const qreal tabTop = package.bottom();
    const qreal labelTop = tabTop + 30;
    const int links = gpu.nvlinkLinks.value;
    const qreal tab = 16, gap = 6;
    const qreal groupWidth = links * (tab + gap) - gap;
    const qreal nvLeft = package.center().x() - groupWidth / 2;
    for (int i = 0; i < links; ++i) {
        BoxItem* port = addBox(QRectF(nvLeft + i * (tab + gap), tabTop, tab, 24), p.nvlink, QStringLiteral("nvlink"), i);
        port->setToolTip(
            sourcedTip(tr("NVLink %1 port %2 (%3 ports)").arg(gpu.nvlinkGeneration.value).arg(i).arg(links),
                       tr("%1 for all %2 links, both directions").arg(formatted(gpu.nvlinkBandwidth.value)).arg(links),
                       gpu.nvlinkBandwidth, gpu.sources));
    }
    const qreal labelWidth = qMax(groupWidth, 330.0);
    const QRectF nvLabel(package.center().x() - labelWidth / 2, labelTop, labelWidth, 46);
    addLabel(tr("NVLink %1 · %2 links\n%3 (both directions)")
                 .arg(gpu.nvlinkGeneration.value)
                 .arg(links)
                 .arg(formatted(gpu.nvlinkBandwidth.value)),
             nvLabel, {17, 9});

    const qreal sideWidth = nvLabel.left() - package.left() - 16;
    if (gpu.pcieBandwidth) {
        const QRectF tabRect(package.left() + sideWidth / 2 - 22, tabTop, 44, 24);
        BoxItem* port = addBox(tabRect, p.pcie, QStringLiteral("pcie"));
        port->setToolTip(sourcedTip(tr("PCIe"), formatted(gpu.pcieBandwidth->value), *gpu.pcieBandwidth, gpu.sources));
        const QString gen = gpu.pcieGeneration ? tr("PCIe Gen %1").arg(gpu.pcieGeneration->value) : tr("PCIe");
        addLabel(QStringLiteral("%1\n%2").arg(gen, formatted(gpu.pcieBandwidth->value)),
                 QRectF(package.left(), labelTop, sideWidth, 46), {17, 9});
    }
    if (gpu.c2cBandwidth) {
        const QRectF tabRect(package.right() - sideWidth / 2 - 22, tabTop, 44, 24);
        BoxItem* port = addBox(tabRect, p.c2c, QStringLiteral("c2c"));
        port->setToolTip(sourcedTip(tr("NVLink-C2C to the CPU"), formatted(gpu.c2cBandwidth->value), *gpu.c2cBandwidth,
                                    gpu.sources));
        addLabel(tr("NVLink-C2C\n%1").arg(formatted(gpu.c2cBandwidth->value)),
                 QRectF(package.right() - sideWidth, labelTop, sideWidth, 46), {17, 9});
    }
}

void ChipScene::buildFigures(const GpuSpec& gpu, const QRectF& package)
{
    // Key figures beside the package, one row each, every one with its source.
    const HardwarePalette& p = hardwarePalette();
    const qreal x = package.right() + 40, width = 330, row = 34;
    qreal y = package.top();
    addLabel(tr("Key figures"), QRectF(x, y, width, row), {20, 10, true, Qt::AlignLeft | Qt::AlignVCenter});
    y += row + 6;
    auto line = [&](const QString& what, const QString& value, const auto& sourced) {
        LabelItem* item = addLabel(tr("%1: %2").arg(what, value), QRectF(x, y, width, row), p.text,
                                   {17, 9, false, Qt::AlignLeft | Qt::AlignVCenter});
        item->setToolTip(sourcedTip(what, value, sourced, gpu.sources));
        y += row;
    };
    line(tr("SMs"), QString::number(gpu.sms.value), gpu.sms);
    if (gpu.boostClock) line(tr("Clock"), formatted(gpu.boostClock->value), *gpu.boostClock);
    for (Precision prec : {Precision::Fp64, Precision::Fp32, Precision::Bf16, Precision::Fp8, Precision::Fp4}) {
        const auto it = gpu.peakDense.find(prec);
        if (it == gpu.peakDense.end()) continue;
        line(tr("%1 dense").arg(QString::fromLatin1(precisionKey(prec).data(), static_cast<qsizetype>(precisionKey(prec).size())).toUpper()), formatted(it->second.value),
             it->second);
    }
    line(tr("HBM capacity"), formatted(gpu.hbm.capacityNominal.value), gpu.hbm.capacityNominal);
    line(tr("HBM usable"), formatted(gpu.hbm.capacityUsable.value), gpu.hbm.capacityUsable);
    line(tr("HBM bandwidth"), formatted(gpu.hbm.bandwidth.value), gpu.hbm.bandwidth);
    line(tr("L2 cache"), formatted(gpu.l2Capacity.value), gpu.l2Capacity);
    line(tr("Power (TDP)"), formatted(gpu.tdp.value), gpu.tdp);
}

} // namespace scalescope

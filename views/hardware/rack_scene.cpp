#include "rack_scene.h"

#include "model/network/rack_position.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/system_spec.h"
#include "views/selection/drill_path.h"

#include <QLocale>

#include <map>
#include <set>

namespace scalescope {

namespace {
constexpr qreal kU = 24;           // one rack unit
constexpr qreal kSlotWidth = 680;
constexpr qreal kNumbers = 44;     // U-number column left of the rack
constexpr qreal kLabelWidth = 200; // slot label column of a 1U slot
constexpr qreal kPowerWidth = 130; // power column
constexpr qreal kDetailPixels = 9; // tray contents' labels appear when this big on screen

QColor slotColour(const HardwarePalette& p, const std::string& kind)
{
    if (kind == "compute-tray" || kind == "dgx-node") return p.computeTray;
    if (kind == "switch-tray") return p.switchTray;
    if (kind == "power-shelf") return p.powerShelf;
    if (kind == "management") return p.management;
    return p.blank;
}
} // namespace

QRectF RackScene::gpuRect(int gpuInRack) const
{
    return gpuInRack >= 0 && std::size_t(gpuInRack) < m_gpuRects.size() ? m_gpuRects[std::size_t(gpuInRack)] : QRectF();
}

bool RackScene::isComputeSlotKind(const QString& kind)
{
    return kind == QLatin1String("compute-tray") || kind == QLatin1String("dgx-node");
}

bool RackScene::isSlotKind(const QString& kind)
{
    return kind == QLatin1String("compute-tray") || kind == QLatin1String("switch-tray") ||
           kind == QLatin1String("power-shelf") || kind == QLatin1String("management") ||
           kind == QLatin1String("dgx-node");
}

RackScene::RackScene(const SystemSpec& system, const SpecCatalog& catalog, const HardwarePalette& palette,
                     long long rackIndex, QObject* parent)
    : HardwareScene(palette, parent), m_rack(rackIndex), m_catalog(catalog),
      m_firstGpu(clusterGpu(system, rackIndex, 0))
{
    const RackSpec& rack = system.rack;
    const int units = rack.units.value;
    const QLocale locale;
    const int rackGpus = gpusPerRack(system);
    const QString inCluster = rackGpus > 0
                                  ? tr(" · rack %1 of racks 0–%2: cluster GPUs %3–%4")
                                        .arg(locale.toString(rackIndex), locale.toString(rackCount(system) - 1),
                                             locale.toString(m_firstGpu), locale.toString(m_firstGpu + rackGpus - 1))
                                  : QString();
    setHeading(tr("%1 — %2U rack elevation").arg(QString::fromStdString(system.name)).arg(units),
               tr("%1 · %2 GPUs per NVLink domain · %3 cooling")
                       .arg(QString::fromStdString(system.node.name))
                       .arg(system.nvlinkDomain.gpus.value)
                       .arg(system.cooling == "liquid" ? tr("liquid") : tr("air")) +
                   inCluster);
    std::set<std::string> kinds;
    for (const RackSlotSpec& slot : rack.slots) kinds.insert(slot.kind);
    if (kinds.count("compute-tray") || kinds.count("dgx-node")) addLegend(palette.computeTray, tr("Compute tray / node"));
    if (kinds.count("switch-tray")) addLegend(palette.switchTray, tr("NVLink switch tray"));
    if (kinds.count("power-shelf")) addLegend(palette.powerShelf, tr("Power shelf"));
    if (kinds.count("management")) addLegend(palette.management, tr("Management"));
    addLegend(palette.sm, tr("GPU"));
    addLegend(palette.cpu, tr("CPU"));
    addLegend(palette.nvlink, tr("NVSwitch chip"));
    if (!system.superchip) addLegend(palette.pcie, tr("NIC"));

    const QRectF frame(-10, -10, kSlotWidth + 20, units * kU + 20);
    BoxItem* frameItem = addBox(frame, palette.rackFrame, QStringLiteral("rack"));
    frameItem->setRadius(6);
    frameItem->setZValue(-1);
    frameItem->setToolTip(sourcedTip(tr("Rack height"), tr("%1 U").arg(units), rack.units, system.sources));
    addLabel(tr("%1U rack").arg(units), QRectF(frame.left(), frame.top() - 40, frame.width(), 34), palette.text,
             {20, 9, true, Qt::AlignLeft | Qt::AlignVCenter});
    for (int u = 1; u <= units; ++u)
        addLabel(QString::number(u), QRectF(-kNumbers - 14, (units - u) * kU, kNumbers - 8, kU), palette.mutedText,
                 {13, 7, false, Qt::AlignRight | Qt::AlignVCenter});

    std::map<std::string, int> ordinals;
    for (const RackSlotSpec& slot : rack.slots) {
        const int ordinal = ordinals[slot.kind]++; // 0-based, as every number in the views
        const qreal top = (units - (slot.u + slot.height - 1)) * kU;
        const QRectF r(0, top, kSlotWidth, slot.height * kU);
        const QColor fill = slotColour(palette, slot.kind);
        BoxItem* item = addBox(r.adjusted(1, 1, -1, -1), fill, QString::fromStdString(slot.kind), ordinal);
        item->setRadius(3);
        const QString label = slotLabel(system, slot, ordinal);
        const QString where = slot.height == 1 ? tr("U%1").arg(slot.u) : tr("U%1–U%2").arg(slot.u).arg(slot.u + slot.height - 1);
        if (slot.power)
            item->setToolTip(sourcedTip(QStringLiteral("%1 (%2)").arg(label, where),
                                        slot.kind == "power-shelf" ? tr("%1 output rating").arg(formatted(slot.power->value))
                                                                   : formatted(slot.power->value),
                                        *slot.power, system.sources));
        else
            item->setToolTip(QStringLiteral("<p><b>%1</b> (%2)</p>").arg(label.toHtmlEscaped(), where));

        const QColor ink = textOn(fill);
        const bool tall = slot.height >= 3;
        const QRectF labelBox = tall ? QRectF(r.left() + 12, r.top() + 6, kSlotWidth - kPowerWidth - 24, 30)
                                     : QRectF(r.left() + 10, r.top(), kLabelWidth - 14, r.height());
        addLabel(label, labelBox, ink, {tall ? 18.0 : 14.0, 7, tall, Qt::AlignLeft | Qt::AlignVCenter});
        if (slot.power) {
            const QString power = slot.kind == "power-shelf" ? tr("%1 supply").arg(formatted(slot.power->value))
                                                             : formatted(slot.power->value);
            const QRectF powerBox(r.right() - kPowerWidth, tall ? r.top() + 6 : r.top(), kPowerWidth - 10, tall ? 30 : r.height());
            addLabel(power, powerBox, ink, {tall ? 18.0 : 14.0, 7, true, Qt::AlignRight | Qt::AlignVCenter});
        }
        const QRectF contents = tall ? QRectF(r.left() + 12, r.top() + 42, kSlotWidth - 24, r.height() - 54)
                                     : QRectF(r.left() + kLabelWidth, r.top() + 3, kSlotWidth - kLabelWidth - kPowerWidth - 8,
                                              r.height() - 6);
        buildContents(system, slot, contents, nullptr);
    }
    buildSummary(system, QRectF(kSlotWidth + 60, 0, 440, units * kU));
    finish();
}

QString RackScene::slotLabel(const SystemSpec& system, const RackSlotSpec& slot, int ordinal) const
{
    if (slot.kind == "compute-tray") return tr("Compute tray %1").arg(ordinal);
    if (slot.kind == "switch-tray") return tr("NVLink switch tray %1").arg(ordinal);
    if (slot.kind == "power-shelf") return tr("Power shelf %1").arg(ordinal);
    if (slot.kind == "management") return tr("Management tray %1").arg(ordinal);
    if (slot.kind == "dgx-node")
        return tr("%1 · node %2")
            .arg(QString::fromStdString(system.node.name),
                 QLocale().toString(computeSlotNumber(system, m_rack, ordinal)));
    if (slot.kind == "blank") return tr("Open space");
    return QString::fromStdString(slot.label);
}

void RackScene::buildContents(const SystemSpec& system, const RackSlotSpec& slot, const QRectF& area, QGraphicsItem* parent)
{
    const HardwarePalette& p = hardwarePalette();
    struct Chip {
        QString kind, label;
        QColor colour;
        QString tip;
        int index = -1; // a GPU's place in the rack
    };
    std::vector<std::vector<Chip>> groups; // drawn side by side (1U) or as rows (tall slots)
    bool superchipGroups = false;
    const GpuSpec* gpu = m_catalog.gpu(system.gpu);
    const QString gpuName = gpu ? QString::fromStdString(gpu->name) : QString::fromStdString(system.gpu);
    auto gpuChip = [&] {
        const int inRack = m_gpuCounter++;
        const QString gpuNumber = QLocale().toString(m_firstGpu + inRack);
        const QString what =
            tr("GPU %1 (place %2 in rack %3) · %4").arg(gpuNumber).arg(inRack).arg(QLocale().toString(m_rack), gpuName);
        return Chip{QStringLiteral("gpu"), tr("GPU %1").arg(gpuNumber), p.sm,
                    system.power.gpu
                        ? sourcedTip(what, formatted(system.power.gpu->value), *system.power.gpu, system.sources)
                        : QStringLiteral("<p><b>%1</b></p>").arg(what.toHtmlEscaped()),
                    inRack};
    };
    auto cpuChip = [&] {
        const CpuSpec* cpu = m_catalog.cpu(system.node.cpuModel);
        const QString name = cpu ? QString::fromStdString(cpu->name) : QString::fromStdString(system.node.cpuModel);
        return Chip{QStringLiteral("cpu"), tr("CPU"), p.cpu,
                    system.power.cpu ? sourcedTip(name, formatted(system.power.cpu->value), *system.power.cpu, system.sources)
                                     : QStringLiteral("<p><b>%1</b></p>").arg(name.toHtmlEscaped())};
    };
    auto switchChip = [&](int number) {
        const NvSwitchSpec& sw = system.nvlinkDomain.nvswitch;
        return Chip{QStringLiteral("nvswitch"), tr("NVSwitch %1").arg(number), p.nvlink,
                    sourcedTip(tr("NVSwitch chip %1 of the NVLink domain's %2").arg(number).arg(sw.chips.value),
                               tr("%1 ports × %2").arg(sw.portsPerChip.value).arg(formatted(sw.portBandwidth.value)),
                               sw.portBandwidth, system.sources)};
    };

    if (slot.kind == "compute-tray" || slot.kind == "dgx-node") {
        const SuperchipSpec* sc = system.superchip ? m_catalog.superchip(*system.superchip) : nullptr;
        if (sc && system.node.superchips) {
            superchipGroups = true;
            for (int s = 0; s < system.node.superchips->value; ++s) {
                std::vector<Chip> group{cpuChip()};
                for (int g = 0; g < sc->gpus.value; ++g) group.push_back(gpuChip());
                groups.push_back(std::move(group));
            }
        } else {
            std::vector<Chip> gpus, others;
            for (int g = 0; g < system.node.gpus.value; ++g) gpus.push_back(gpuChip());
            groups.push_back(std::move(gpus));
            if (system.nodesPerDomain.value == 1) { // the node is the NVLink domain: its switches sit inside
                std::vector<Chip> switches;
                for (int c = 0; c < system.nvlinkDomain.nvswitch.chips.value; ++c)
                    switches.push_back(switchChip(c));
                groups.push_back(std::move(switches));
            }
            for (int c = 0; c < system.node.cpus.value; ++c) others.push_back(cpuChip());
            for (int n = 0; n < system.node.nics.count.value; ++n)
                others.push_back({QStringLiteral("nic"), tr("NIC"), p.pcie,
                                  sourcedTip(tr("NIC %1").arg(QString::fromStdString(system.node.nics.model)),
                                             formatted(system.node.nics.speed.value), system.node.nics.speed, system.sources)});
            groups.push_back(std::move(others));
        }
    } else if (slot.kind == "switch-tray" && system.switchTrays) {
        std::vector<Chip> switches;
        for (int c = 0; c < system.switchTrays->chipsPerTray.value; ++c)
            switches.push_back(switchChip(m_switchCounter++));
        groups.push_back(std::move(switches));
    }
    if (groups.empty()) return;

    const bool rows = area.height() > 2 * kU;
    const qreal gap = 8;
    const int n = static_cast<int>(groups.size());
    for (int gi = 0; gi < n; ++gi) {
        const QRectF cell = rows ? QRectF(area.left(), area.top() + gi * (area.height() / n), area.width(), area.height() / n - gap)
                                 : QRectF(area.left() + gi * (area.width() / n), area.top(), area.width() / n - gap, area.height());
        BoxItem* holder = addBox(cell, p.package, superchipGroups ? QStringLiteral("superchip") : QString(), gi, parent);
        holder->setRadius(3);
        const auto& group = groups[static_cast<size_t>(gi)];
        const int m = static_cast<int>(group.size());
        const qreal w = (cell.width() - 4) / m;
        for (int ci = 0; ci < m; ++ci) {
            const Chip& chip = group[static_cast<size_t>(ci)];
            const QRectF r(cell.left() + 2 + ci * w, cell.top() + 2, w - 3, cell.height() - 4);
            BoxItem* box = addBox(r, chip.colour, chip.kind, chip.index, parent);
            if (chip.index >= 0) {
                m_gpuRects.resize(std::max(m_gpuRects.size(), std::size_t(chip.index) + 1));
                m_gpuRects[std::size_t(chip.index)] = box->mapRectToScene(r);
            }
            box->setRadius(2);
            box->setToolTip(chip.tip);
            LabelStyle style{rows ? 14.0 : 8.0, 4, false, Qt::AlignCenter};
            style.minScreenPixels = rows ? 4 : kDetailPixels;
            addLabel(chip.label, r.adjusted(1, 1, -1, -1), textOn(chip.colour), style, parent);
        }
    }
}

void RackScene::buildSummary(const SystemSpec& system, const QRectF& area)
{
    const HardwarePalette& p = hardwarePalette();
    qreal y = area.top();
    const LabelStyle body{17, 8, false, Qt::AlignLeft | Qt::AlignVCenter};
    addLabel(tr("System"), QRectF(area.left(), y, area.width(), 34), p.text, {22, 10, true, Qt::AlignLeft | Qt::AlignVCenter});
    y += 40;
    auto line = [&](const QString& what, const QString& value, const auto& sourced) {
        LabelItem* item = addLabel(tr("%1: %2").arg(what, value), QRectF(area.left(), y, area.width(), 30), p.text, body);
        item->setToolTip(sourcedTip(what, value, sourced, system.sources));
        y += 32;
    };
    const NvlinkDomainSpec& domain = system.nvlinkDomain;
    line(tr("NVLink domain"), tr("%1 GPUs (%2)").arg(domain.gpus.value).arg(QString::fromStdString(domain.name)), domain.gpus);
    line(tr("NVSwitch chips"), tr("%1 × %2 ports").arg(domain.nvswitch.chips.value).arg(domain.nvswitch.portsPerChip.value),
         domain.nvswitch.chips);
    line(tr("NVSwitch port"), formatted(domain.nvswitch.portBandwidth.value), domain.nvswitch.portBandwidth);
    line(tr("Nodes per domain"), QString::number(system.nodesPerDomain.value), system.nodesPerDomain);
    line(tr("GPUs per node"), QString::number(system.node.gpus.value), system.node.gpus);
    line(tr("Node power"), formatted(system.node.power.value), system.node.power);
    line(tr("NICs per node"),
         tr("%1 × %2 %3").arg(system.node.nics.count.value).arg(formattedBits(system.node.nics.speed.value),
                                                                 QString::fromStdString(system.node.nics.model)),
         system.node.nics.count);
    if (system.switchTrays)
        line(tr("Switch trays"), tr("%1 × %2 chips").arg(system.switchTrays->count.value).arg(system.switchTrays->chipsPerTray.value),
             system.switchTrays->count);
    line(tr("Power feeds"), tr("%1 (%2)").arg(system.rack.feeds.value).arg(QString::fromStdString(system.rack.feedRedundancy)),
         system.rack.feeds);
    if (system.power.rackPeak) line(tr("Rack peak power"), formatted(system.power.rackPeak->value), *system.power.rackPeak);
    if (system.power.gpu) line(tr("Power per GPU"), formatted(system.power.gpu->value), *system.power.gpu);
    if (system.power.cpu) line(tr("Power per CPU"), formatted(system.power.cpu->value), *system.power.cpu);
}

} // namespace scalescope

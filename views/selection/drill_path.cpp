#include "drill_path.h"

#include "model/network/rack_position.h"
#include "model/spec/spec_catalog.h"

#include <QCoreApplication>
#include <QLocale>

namespace scalescope {

namespace {

// GPUs per superchip, 0 without superchips.
int superchipGpus(const SpecCatalog& catalog, const SystemSpec& system)
{
    const SuperchipSpec* sc = system.superchip ? catalog.superchip(*system.superchip) : nullptr;
    return sc && system.node.superchips ? sc->gpus.value : 0;
}
} // namespace

bool computeSlotsAreNodes(const SystemSpec& system)
{
    for (const RackSlotSpec& slot : system.rack.slots)
        if (isComputeSlot(slot)) return slot.kind == "dgx-node";
    return false;
}

long long computeSlotNumber(const SystemSpec& system, long long rack, int computeSlot)
{
    if (!computeSlotsAreNodes(system) || system.node.gpus.value <= 0) return computeSlot;
    return rack * (gpusPerRack(system) / system.node.gpus.value) + computeSlot;
}

QString drillViewKey(DrillLevel level)
{
    switch (level) {
    case DrillLevel::Rack:
    case DrillLevel::Tray: return QStringLiteral("rack");
    case DrillLevel::Superchip: return QStringLiteral("superchip");
    case DrillLevel::Gpu: return QStringLiteral("chip");
    case DrillLevel::Sm: return QStringLiteral("sm");
    }
    return QStringLiteral("rack");
}

DrillPath drillUpTo(DrillPath path, DrillLevel level)
{
    if (level >= path.level) return path;
    path.level = level;
    if (level < DrillLevel::Sm) path.sm = -1;
    if (level < DrillLevel::Gpu) path.gpu = -1;
    if (level < DrillLevel::Superchip) path.superchip = -1;
    if (level < DrillLevel::Tray) path.tray = -1;
    return path;
}

DrillPath drillToGpu(const SpecCatalog& catalog, const QString& system, long long gpu, DrillLevel level)
{
    DrillPath path;
    path.system = system;
    const SystemSpec* spec = catalog.system(system.toStdString());
    const auto at = spec && gpu >= 0 ? rackPosition(*spec, gpu) : std::nullopt;
    if (!at) return path;
    path.level = level;
    path.rack = at->rack;
    path.tray = at->computeSlot;
    if (const int per = superchipGpus(catalog, *spec); per > 0) path.superchip = at->gpuInRack / per;
    path.gpu = gpu;
    if (level == DrillLevel::Superchip && path.superchip < 0) path.level = DrillLevel::Gpu;
    return path;
}

DrillPath drillToTray(const SpecCatalog& catalog, const QString& system, long long rack, int tray)
{
    const SystemSpec* spec = catalog.system(system.toStdString());
    if (!spec) return {DrillLevel::Rack, system, rack};
    DrillPath path =
        drillToGpu(catalog, system, clusterGpu(*spec, rack, tray * spec->node.gpus.value), DrillLevel::Tray);
    path.superchip = -1;
    path.gpu = -1;
    return path;
}

std::vector<DrillCrumb> drillCrumbs(const DrillPath& path, const SpecCatalog& catalog)
{
    const QLocale locale;
    std::vector<DrillCrumb> crumbs;
    const SystemSpec* spec = catalog.system(path.system.toStdString());
    if (spec)
        crumbs.push_back(
            {DrillLevel::Rack, QCoreApplication::translate("DrillPath", "Rack %1").arg(locale.toString(path.rack))});
    if (spec && path.level >= DrillLevel::Tray && path.tray >= 0) {
        const QString slot = locale.toString(computeSlotNumber(*spec, path.rack, path.tray));
        crumbs.push_back({DrillLevel::Tray, computeSlotsAreNodes(*spec)
                                                ? QCoreApplication::translate("DrillPath", "Node %1").arg(slot)
                                                : QCoreApplication::translate("DrillPath", "Tray %1").arg(slot)});
    }
    if (path.level >= DrillLevel::Superchip && path.superchip >= 0)
        crumbs.push_back(
            {DrillLevel::Superchip, QCoreApplication::translate("DrillPath", "Superchip %1").arg(path.superchip)});
    if (path.level >= DrillLevel::Gpu && path.gpu >= 0)
        crumbs.push_back(
            {DrillLevel::Gpu, QCoreApplication::translate("DrillPath", "GPU %1").arg(locale.toString(path.gpu))});
    if (path.level >= DrillLevel::Sm && path.sm >= 0)
        crumbs.push_back({DrillLevel::Sm, QCoreApplication::translate("DrillPath", "SM %1").arg(path.sm)});
    return crumbs;
}

} // namespace scalescope

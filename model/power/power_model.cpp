#include "model/power/power_model.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace scalescope {

namespace {

std::string citationOf(const SourceMap& sources, const std::string& key)
{
    auto it = sources.find(key);
    return it == sources.end() ? std::string() : it->second;
}

PowerItem item(const SourceMap& sources, std::string key, std::string label, int count, const Sourced<Watts>& each)
{
    return {std::move(key), std::move(label), count, each.value, each.value * count, each.source,
            citationOf(sources, each.source)};
}

bool isNodeSlot(const RackSlotSpec& s) { return s.kind == "compute-tray" || s.kind == "dgx-node"; }

NodePowerBudget nodeBudget(const SystemSpec& sys, const GpuSpec& gpu)
{
    const NodeSpec& node = sys.node;
    const ComponentPowerSpec& pw = sys.power;
    NodePowerBudget b;
    b.name = node.name;
    b.peak = node.power.value;
    // The system's GPU figure (as installed) wins over the GPU spec's TDP.
    const Sourced<Watts> gpuPower = pw.gpu ? *pw.gpu : gpu.tdp;
    const SourceMap& gpuSources = pw.gpu ? sys.sources : gpu.sources;
    b.items.push_back(item(gpuSources, "gpu", "GPUs", node.gpus.value, gpuPower));
    if (pw.cpu) b.items.push_back(item(sys.sources, "cpu", "CPUs", node.cpus.value, *pw.cpu));
    if (pw.nic) b.items.push_back(item(sys.sources, "nic", "NICs", node.nics.count.value, *pw.nic));
    if (pw.dpu && node.dpus) b.items.push_back(item(sys.sources, "dpu", "DPUs", node.dpus->count.value, *pw.dpu));
    // NVSwitch chips sit in the node when the node is the whole NVLink domain (DGX/HGX).
    if (pw.nvswitchChip && !sys.switchTrays && sys.nodesPerDomain.value == 1)
        b.items.push_back(item(sys.sources, "nvswitch", "NVSwitch chips", sys.nvlinkDomain.nvswitch.chips.value, *pw.nvswitchChip));
    if (pw.fansPumps) b.items.push_back(item(sys.sources, "fans-pumps", "Fans and pumps", 1, *pw.fansPumps));
    if (pw.conversionEfficiency) {
        const double lossShare = 1.0 - pw.conversionEfficiency->value;
        b.items.push_back({"conversion", "Power conversion losses", 1, b.peak * lossShare, b.peak * lossShare,
                           pw.conversionEfficiency->source,
                           "node figure × (1 − conversion efficiency); " +
                               citationOf(sys.sources, pw.conversionEfficiency->source)});
    }
    Watts known{};
    for (const PowerItem& i : b.items) known += i.total;
    b.componentsExceedPeak = known > b.peak;
    const Watts rest = b.componentsExceedPeak ? Watts{} : b.peak - known;
    b.items.push_back({"node-rest", "Memory, board, fans and the rest of the node", 1, rest, rest, "",
                       "node figure minus the listed components (component ratings are limits, not a measured split)"});
    return b;
}

} // namespace

PowerBudget powerBudget(const SystemSpec& sys, const GpuSpec& gpu)
{
    PowerBudget b;
    b.node = nodeBudget(sys, gpu);
    RackPowerBudget& rack = b.rack;

    Watts nodesTotal{}, switchTotal{};
    std::optional<Sourced<Watts>> slotNodePower, switchTrayPower;
    int switchTraysWithPower = 0;
    for (const RackSlotSpec& s : sys.rack.slots) {
        if (isNodeSlot(s)) {
            ++rack.nodes;
            nodesTotal += s.power ? s.power->value : sys.node.power.value;
            if (s.power && !slotNodePower) slotNodePower = s.power;
        } else if (s.kind == "switch-tray") {
            ++rack.switchTrays;
            const std::optional<Sourced<Watts>>& p = s.power ? s.power : (sys.switchTrays ? sys.switchTrays->power : s.power);
            if (p) {
                switchTotal += p->value;
                ++switchTraysWithPower;
                if (!switchTrayPower) switchTrayPower = p;
            }
        } else if (s.kind == "power-shelf" && s.power) {
            rack.supplyCapacity += s.power->value; // a rating, not a draw
        }
    }
    if (rack.nodes == 0) { // no elevation: one NVLink domain's worth of nodes
        rack.nodes = sys.nodesPerDomain.value;
        nodesTotal = sys.node.power.value * rack.nodes;
    }
    rack.gpus = rack.nodes * sys.node.gpus.value;
    const Sourced<Watts>& nodeSource = slotNodePower ? *slotNodePower : sys.node.power;
    rack.items.push_back({"nodes", sys.node.name, rack.nodes, nodesTotal / rack.nodes, nodesTotal,
                          nodeSource.source, citationOf(sys.sources, nodeSource.source)});
    if (switchTraysWithPower > 0)
        rack.items.push_back({"switch-trays", "NVLink switch trays", switchTraysWithPower, switchTotal / switchTraysWithPower,
                              switchTotal, switchTrayPower->source, citationOf(sys.sources, switchTrayPower->source)});
    const Watts listed = nodesTotal + switchTotal;
    rack.peakFromSpec = sys.power.rackPeak.has_value();
    rack.peak = rack.peakFromSpec ? std::max(sys.power.rackPeak->value, listed) : listed;
    if (rack.peakFromSpec) {
        const Watts rest = rack.peak - listed;
        rack.items.push_back({"rack-rest",
                              rack.switchTrays > 0 && switchTraysWithPower == 0
                                  ? "Switch trays, network, management, fans and pumps"
                                  : "Network, management, fans and pumps",
                              1, rest, rest, sys.power.rackPeak->source,
                              "rack figure minus the nodes" + std::string(switchTraysWithPower ? " and switch trays" : "") +
                                  "; rack figure: " + citationOf(sys.sources, sys.power.rackPeak->source)});
    }
    rack.feeds = sys.rack.feeds.value;
    rack.redundancy = feedRedundancyFromKey(sys.rack.feedRedundancy).value_or(FeedRedundancy::N);
    return b;
}

std::string_view loadLevelKey(LoadLevel l) noexcept
{
    switch (l) {
    case LoadLevel::Idle: return "idle";
    case LoadLevel::Typical: return "typical";
    case LoadLevel::Peak: return "peak";
    }
    return "?";
}

double utilisationAt(LoadLevel l, const LoadProfileSpec& load) noexcept
{
    switch (l) {
    case LoadLevel::Idle: return 0.0;
    case LoadLevel::Typical: return load.typicalUtilisation.value;
    case LoadLevel::Peak: return 1.0;
    }
    return 1.0;
}

double loadFactor(double utilisation, const LoadProfileSpec& load) noexcept
{
    const double u = std::clamp(utilisation, 0.0, 1.0);
    const double idle = load.idleFraction.value;
    return idle + (1.0 - idle) * u;
}

Watts powerAt(Watts peak, double utilisation, const LoadProfileSpec& load) noexcept
{
    return peak * loadFactor(utilisation, load);
}

ClusterPower clusterPower(const PowerBudget& budget, long long gpus) noexcept
{
    ClusterPower c;
    c.gpus = gpus;
    if (budget.rack.gpus <= 0) return c;
    c.rackShare = static_cast<double>(gpus) / budget.rack.gpus;
    c.racks = (gpus + budget.rack.gpus - 1) / budget.rack.gpus;
    c.itPeak = budget.rack.peak * c.rackShare;
    return c;
}

Amperes feedCurrent(Watts load, const ElectricalFeedSpec& feed) noexcept
{
    const double phaseFactor = feed.phases.value == 3 ? std::sqrt(3.0) : 1.0;
    const double voltAmps = phaseFactor * feed.lineVoltage.value.si * feed.powerFactor.value;
    return voltAmps > 0 ? Amperes{load.si / voltAmps} : Amperes{};
}

FeedLoad feedLoad(Watts load, int feeds, FeedRedundancy redundancy, const ElectricalFeedSpec& feed) noexcept
{
    FeedLoad f;
    f.redundancy = redundancy;
    f.feeds = std::max(feeds, 1);
    int survivors = f.feeds;
    if (redundancy == FeedRedundancy::NPlusOne) survivors = std::max(f.feeds - 1, 1);
    if (redundancy == FeedRedundancy::TwoN) survivors = std::max(f.feeds / 2, 1);
    f.normalPerFeed = load / f.feeds;
    f.designPerFeed = load / survivors;
    f.normalCurrent = feedCurrent(f.normalPerFeed, feed);
    f.designCurrent = feedCurrent(f.designPerFeed, feed);
    return f;
}

} // namespace scalescope

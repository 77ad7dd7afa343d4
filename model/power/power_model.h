#pragma once
// The power budget of a system, from its spec: component power rolled up
// per node (tray), per rack and per cluster, at idle, typical and peak load,
// and the current each rack feed carries. All powers are wall (AC) watts.
//
//   cluster ── racks ──┬── nodes / compute trays ── GPUs, CPUs, NICs, DPUs,
//                      │                             NVSwitch chips, rest of the node figure
//                      └── switch trays, network, management, fans, pumps
//                          (what the rack figure leaves after the nodes)
//
// Scale-out switches and storage outside the GPU racks are not included.

#include "model/spec/facility_specs.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/system_spec.h"
#include "model/spec/units.h"

#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

// One line of a budget: `count` parts of `each` watts.
struct PowerItem {
    std::string key;   // "gpu", "cpu", "nic", "dpu", "nvswitch", "fans-pumps", "conversion", "node-rest",
                       // "nodes", "switch-trays", "rack-rest"
    std::string label; // English, for the CLI; views translate by key
    int count = 0;
    Watts each{};
    Watts total{};
    std::string source;   // key into the system's sources, "" for a remainder
    std::string citation; // the cited text, or how a remainder is computed
};

struct NodePowerBudget {
    std::string name;
    Watts peak{};                      // the node (tray) figure of the spec
    std::vector<PowerItem> items;      // components, then the remainder
    bool componentsExceedPeak = false; // component ratings add up to more than the node figure
};

struct RackPowerBudget {
    int nodes = 0;       // compute nodes or trays in one rack
    int gpus = 0;        // GPUs in one rack
    int switchTrays = 0; // NVLink switch trays in one rack
    Watts peak{};        // one fully loaded rack
    bool peakFromSpec = false; // power.rack_peak given; otherwise the sum of the items
    std::vector<PowerItem> items; // nodes, switch trays, remainder
    Watts supplyCapacity{}; // sum of the power-shelf ratings listed in the elevation, 0 if none
    int feeds = 0;
    FeedRedundancy redundancy = FeedRedundancy::N;
};

struct PowerBudget {
    NodePowerBudget node;
    RackPowerBudget rack;
};

[[nodiscard]] PowerBudget powerBudget(const SystemSpec& system, const GpuSpec& gpu);

// Load levels of a budget: idle (u = 0), typical (u = the facility's typical
// utilisation) and peak (u = 1).
enum class LoadLevel { Idle, Typical, Peak };
inline constexpr LoadLevel kAllLoadLevels[] = {LoadLevel::Idle, LoadLevel::Typical, LoadLevel::Peak};
[[nodiscard]] std::string_view loadLevelKey(LoadLevel l) noexcept; // "idle", "typical", "peak"
[[nodiscard]] double utilisationAt(LoadLevel l, const LoadProfileSpec& load) noexcept;

// P(u) / P_peak = idle + (1 − idle) · u for u in [0, 1] (clamped).
[[nodiscard]] double loadFactor(double utilisation, const LoadProfileSpec& load) noexcept;
[[nodiscard]] Watts powerAt(Watts peak, double utilisation, const LoadProfileSpec& load) noexcept;

// The GPU racks of a job of `gpus` GPUs: its share of rack power (partly
// filled racks count pro rata) and how many racks it touches.
struct ClusterPower {
    long long gpus = 0;
    double rackShare = 0;     // gpus / GPUs per rack
    long long racks = 0;      // ceil(rackShare)
    Watts itPeak{};           // rackShare × rack peak
};
[[nodiscard]] ClusterPower clusterPower(const PowerBudget& budget, long long gpus) noexcept;

// Current in each phase conductor of one feed carrying `load`.
[[nodiscard]] Amperes feedCurrent(Watts load, const ElectricalFeedSpec& feed) noexcept;

// How `load` spreads over a rack's feeds. In normal operation every feed
// shares it; the design load is what one feed must carry after the worst
// single failure the redundancy covers: N — none (P / feeds), N+1 — one
// feed lost (P / (feeds − 1)), 2N — one side lost (P / (feeds / 2)), so each
// of two 2N feeds is sized for the whole rack.
struct FeedLoad {
    FeedRedundancy redundancy = FeedRedundancy::N;
    int feeds = 0;
    Watts normalPerFeed{}, designPerFeed{};
    Amperes normalCurrent{}, designCurrent{};
};
[[nodiscard]] FeedLoad feedLoad(Watts load, int feeds, FeedRedundancy redundancy, const ElectricalFeedSpec& feed) noexcept;

} // namespace scalescope

#pragma once
// A whole system: the NVLink (scale-up) domain, the node or tray that sits
// in a rack, the scale-out fabric as a stack of fat-tree tiers, the rack
// elevation and component power.
//
//   core      ── children: spine groups
//   spine     ── children: scalable units (SUs)
//   leaf      ── children: NVLink domains (DGX nodes or NVL72 racks)
//   domain    ── GPUs fully connected through NVSwitch chips

#include "model/spec/sourced.h"
#include "model/spec/units.h"

#include <optional>
#include <string>
#include <vector>

namespace scalescope {

struct NvSwitchSpec {
    Sourced<int> chips;
    Sourced<int> generation;
    Sourced<int> portsPerChip;
    Sourced<BytesPerSecond> portBandwidth; // bidirectional
    std::vector<int> linksPerGpu;          // links from each GPU to switch chip i
    std::string linksSource;
};

struct NvlinkDomainSpec {
    std::string name;
    Sourced<int> gpus;
    NvSwitchSpec nvswitch;
    bool sharp = false;
};

struct NicGroupSpec {
    Sourced<int> count;
    Sourced<BytesPerSecond> speed;
    std::string model;
};

struct NodeSpec {
    std::string name;
    Sourced<int> gpus;
    Sourced<int> cpus;
    std::string cpuModel;
    std::optional<Sourced<int>> superchips;
    Sourced<int> rackUnits;
    NicGroupSpec nics;
    std::optional<NicGroupSpec> dpus;
    Sourced<Watts> power;
};

struct SwitchTraySpec {
    Sourced<int> count;
    Sourced<int> chipsPerTray;
    Sourced<int> rackUnits;
    std::optional<Sourced<Watts>> power;
};

struct FabricTierSpec {
    std::string name; // "leaf", "spine", "core"
    std::string unit; // what one instance of the tier joins: "scalable unit"
    Sourced<int> children;
    Sourced<int> switches;
    Sourced<double> oversubscription; // 1 = full bisection
};

struct ScaleOutSpec {
    std::string fabric;
    Sourced<BytesPerSecond> nicBandwidthPerGpu;
    bool railOptimized = true;
    std::string switchModel;
    Sourced<int> switchPorts;
    Sourced<BytesPerSecond> portSpeed;
    bool sharp = false;
    std::vector<FabricTierSpec> tiers; // bottom-up
    Sourced<int> maxGpus;
};

struct RackSlotSpec {
    int u = 1;      // lowest unit, 1-based from the bottom
    int height = 1; // in rack units
    std::string kind;
    std::string label;
    std::optional<Sourced<Watts>> power;
};

struct RackSpec {
    Sourced<int> units;
    Sourced<int> feeds;
    std::string feedRedundancy;
    std::vector<RackSlotSpec> slots;
};

struct ComponentPowerSpec {
    std::optional<Sourced<Watts>> gpu, cpu, nvswitchChip, nic, dpu, fansPumps;
    std::optional<Sourced<double>> conversionEfficiency;
    std::optional<Sourced<Watts>> rackPeak;
};

struct SystemSpec {
    std::string id, name;
    SourceMap sources;
    std::string gpu;                      // GpuSpec id
    std::optional<std::string> superchip; // SuperchipSpec id
    std::string cooling;                  // "air" | "liquid"
    NvlinkDomainSpec nvlinkDomain;
    NodeSpec node;
    Sourced<int> nodesPerDomain;
    std::optional<SwitchTraySpec> switchTrays;
    ScaleOutSpec scaleOut;
    RackSpec rack;
    ComponentPowerSpec power;
};

} // namespace scalescope

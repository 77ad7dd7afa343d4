#pragma once
// The network as the cost model sees it: a stack of tiers, bottom-up, each
// joining `degree` children into one group. Tier 0 is the NVLink domain
// (children are GPUs); the tiers above are the scale-out fat tree (children
// are NVLink domains, then scalable units, then spine groups).
//
//   tier 2 spine   [ SU        SU        SU        SU       ]  degree 4,  W = SU uplink
//   tier 1 leaf    [ node node ... node ]  (32 per SU)          degree 32, W = node egress
//   tier 0 nvlink  [ gpu gpu ... gpu ]     (8 per node)         degree 8,  W = GPU egress
//
// Bandwidths are per direction (egress) of one child into its tier,
// derived from the topology graph (model/network/topology.h), never typed in.

#include "model/spec/units.h"

#include <string>
#include <vector>

namespace scalescope {

struct NetworkTier {
    std::string name;              // "nvlink", "leaf", "spine", "core"
    int degree = 1;                // children per group at this tier, in the built cluster
    long long gpusPerChild = 1;    // S_{i-1}: GPUs under one child (1 at tier 0)
    long long gpusPerGroup = 1;    // S_i = degree * gpusPerChild
    BytesPerSecond childEgress{};  // W_i: one child's egress bandwidth into this tier
    Seconds hopLatency{};          // one step of a collective across this tier (measured mode)
    // Measured mode: this tier's half-efficiency chunk over the calibration's
    // (NVLink: its per-GPU bandwidth over half_efficiency_link, Hockney's n½).
    double halfEfficiencyScale = 1;
    bool inNetworkReduction = false; // SHARP / NVLS available at this tier
};

struct NetworkTiers {
    std::vector<NetworkTier> tiers; // bottom-up; tiers[0] is the NVLink domain
    long long gpus = 0;             // GPUs in the built cluster

    [[nodiscard]] long long domainGpus() const { return tiers.empty() ? 1 : tiers[0].gpusPerGroup; }
};

} // namespace scalescope

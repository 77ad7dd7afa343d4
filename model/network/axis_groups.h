#pragma once
// The communication groups of a parallel layout, placed on the network
// (group_placement.h): one call per layout, no allocation. Ranks follow
// `order` innermost first (axisStride); EP takes no ranks of its own, its
// group is the innermost `ep` ranks of the DP axis (Megatron), and the
// expert-data-parallel group the remaining dp/ep.
//
//   tp, cp, pp:  one run of size(a) at stride(a)
//   ep:          ep at stride(dp)
//   dp (dense gradients):  dp × cp, the product of two runs unless adjacent
//   expert dp:             dp/ep at stride(dp)·ep, × cp

#include "model/network/group_placement.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct AxisGroups {
    GroupPlacement tp, cp, ep, pp;
    GroupPlacement dp;       // dense-gradient group, dp·cp members
    GroupPlacement expertDp; // expert-gradient group, dp/ep·cp members
    // Line-rate figures of seed 004's rooflines (theoretical mode: no
    // efficiency, no latency), which depend on the placement only; 0 when the
    // group moves nothing over a network tier.
    //   dpGatherRate: bytes of an array the dp group AllGathers per second,
    //                 times (D−1)/D of its bottleneck tier (the seed's W_collective
    //                 per model-parallel shard)
    //   tpLinkRate:   per-GPU bandwidth of the tp group's bottleneck tier
    BytesPerSecond dpGatherRate{}, tpLinkRate{};
};

// Rank stride of each mesh axis when laid onto the hardware in `order`
// (innermost first): stride(order[0]) = 1, stride(order[k]) = Π sizes before it.
[[nodiscard]] long long axisStride(const ParallelLayout& p, Axis a) noexcept;

// Precondition: the layout is valid (tp·cp·dp·pp ranks, ep divides dp).
[[nodiscard]] AxisGroups axisGroups(const NetworkTiers& net, const ParallelLayout& p) noexcept;

} // namespace scalescope

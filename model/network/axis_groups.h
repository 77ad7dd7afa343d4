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
//
// With parallel.etp set (MoE parallel folding, Liu et al. 2025), the expert
// layers lay each pipeline stage's tp·cp·dp ranks out again, etp innermost
// (Megatron-Core's expert rank generator):
//
//   etp:        etp at stride 1 of the stage's ranks
//   ep:         ep at stride etp
//   expert dp:  tp·cp·dp/(etp·ep) at stride etp·ep
//
//   tp 2, dp 32, ep 32, etp 1 on 8-GPU nodes: each EP group is 32
//   consecutive ranks, 4 nodes; unfolded, ep could be at most dp at stride 2.

#include "model/network/group_placement.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct AxisGroups {
    GroupPlacement tp, cp, ep, pp;
    GroupPlacement etp;      // expert tensor-parallel group: tp's unless folded
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

// Precondition: the layout is valid (tp·cp·dp·pp ranks; ep divides dp, or
// folded, etp·ep divides tp·cp·dp).
[[nodiscard]] AxisGroups axisGroups(const NetworkTiers& net, const ParallelLayout& p) noexcept;

} // namespace scalescope

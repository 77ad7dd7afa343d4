#pragma once
// Where the groups of one mesh axis fall on the tiers of the network,
// judged from the actual rank sets of ALL groups of that axis (they run
// concurrently, so the worst group governs). A rank set is one strided run
// or the product of two (dp×cp):
//
//   {b + i·s1 + j·s2 : i < n1, j < n2},  s2 ≥ n1·s1,  over every base b,
//   the groups tiling `ranks` ranks (rank r sits on GPU r).
//
// At tier i a child holds C = gpusPerChild GPUs and a unit U = gpusPerGroup.
// A group crosses tier i when it touches two children of one unit.
//
//   tp=64 on NVL72 (C = 72 at tier 1):  ranks 0..63 | 64..71 ‖ 72..127 | ...
//   group 1 has 8 members in rack 0 and 56 in rack 1: it crosses tier 1 with
//   m = 8 members in its thinnest child, so those 8 NICs carry 56/64 of B.
//
// Closed form, no allocation: the bases of a run of n at stride s are
// r + q·n·s (r < s from the inner axes), so their offsets modulo C are
// r + multiples of G = gcd(n·s, C); the thinnest edge of a crossing group
// holds ⌊G/s⌋ members (exact when s divides C or C divides s, a lower bound
// otherwise). The cost model reads, per tier, D = n_u/m and c = C/m: with
// these, c·B·(D−1)/(D·W) is the time the thinnest child's m members need to
// receive the (n_u − m)/n_u of B held elsewhere in the unit at their share
// m·W/C of the child's egress — the seed's per-tier ring for aligned groups.

#include "model/core/network_tiers.h"

#include <array>

namespace scalescope {

inline constexpr int kMaxTiers = 6;

struct GroupShape {
    long long size = 1;   // members
    long long stride = 1; // rank distance between consecutive members
};

struct TierPlacement {
    unsigned minMembersPerChild = 1; // m: members in the thinnest child a crossing group touches
    unsigned maxMembersPerUnit = 1;  // n_u: members of one group in one unit
    unsigned maxChildrenPerUnit = 1; // children one group touches in one unit (ring steps + 1)
    bool crosses = false;            // some group touches two children of one unit
};

struct GroupPlacement {
    GroupPlacement() = default; // not an aggregate: {size, stride} always means a GroupShape
    long long size = 1;
    int tierCount = 0;
    std::array<TierPlacement, kMaxTiers> tiers{};
    int spannedTier = -1;     // highest tier some group crosses; -1 for one GPU
    int alignedTier = -1;     // highest tier the group at rank 0 crosses
    long long maxDomains = 1; // NVLink domains one group touches (worst group)
    [[nodiscard]] bool misaligned() const noexcept { return spannedTier > alignedTier; }
    // Fits one NVLink domain when aligned, but some shifted group straddles two.
    [[nodiscard]] bool straddlesDomain() const noexcept { return alignedTier < 1 && spannedTier >= 1; }
};

// All groups of `shape` tiling `ranks` ranks (ranks ≥ size·stride; 0 = net.gpus).
[[nodiscard]] GroupPlacement placeGroups(const NetworkTiers& net, GroupShape shape, long long ranks = 0) noexcept;

// All groups of the product of two runs, `inner` nested inside `outer`
// (outer.stride ≥ inner.size·inner.stride), tiling `ranks` ranks.
[[nodiscard]] GroupPlacement placeGroups(const NetworkTiers& net, GroupShape inner, GroupShape outer,
                                         long long ranks) noexcept;

} // namespace scalescope

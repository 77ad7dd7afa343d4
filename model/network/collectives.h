#pragma once
// Collective costs on a multi-tier network (seed 004, "GPU 上的集体操作").
//
// A group is `size` GPUs at rank stride `stride` (stride = product of the
// mesh axes placed inside it), or a GroupPlacement judged from the rank sets
// of all groups of an axis (group_placement.h). At each tier i the worst
// group has m_i members in its thinnest child and n_i in one tier-i unit:
// effective degree D_i = n_i/m_i, and each child's egress W_i is shared by
// c_i = S_{i-1}/m_i parallel groups (= min(stride, S_{i-1}) when aligned):
//
//   AllGather / ReduceScatter:  T_i = c_i · B · (D_i − 1) / (D_i · W_i)
//   AllReduce:                  2 × AllGather; with in-network reduction
//                               (SHARP) T_i = c_i · B / W_i
//   AllToAll:                   T_i = c_i · m_i · (B/n) · (n − m_i)/n / W_i,
//                               m_i = members per child; top-k sparse × min(k/n, 1)
//   T = max_i T_i + Σ_i steps_i · latency_i   (steps: ring steps across the
//       children of tier i; both modes, the latencies are cited calibration)
//
// B is the whole array of one group (the gathered result, the reduced
// array, the AllToAll input over all members). "theoretical" is the seed's
// throughput model plus hop latency; "measured" also divides by
// achievable-bandwidth and message-size efficiencies from a CalibrationSpec.

#include "model/network/group_placement.h"
#include "model/core/network_tiers.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/scenario.h"
#include "model/spec/units.h"

#include <array>

namespace scalescope {

enum class CollectiveKind { AllGather, ReduceScatter, AllReduce, AllToAll, PointToPoint };

[[nodiscard]] std::string_view collectiveKey(CollectiveKind k) noexcept; // "allgather"
[[nodiscard]] std::optional<CollectiveKind> collectiveFromKey(std::string_view key) noexcept;

struct CollectiveOptions {
    EfficiencyMode mode = EfficiencyMode::Theoretical;
    bool sharp = false;                         // use in-network reduction where the tier has it
    double topK = 0;                            // AllToAll: destinations per token; 0 = dense
    const CalibrationSpec* calibration = nullptr; // required for Measured
};

// No member initialisers: collectiveCost sets every field of the tiers it
// reports, and leaving the rest untouched keeps it cheap.
struct TierCost {
    Seconds time;
    double degree;          // D_i
    double concurrency;     // c_i
    BytesPerSecond bandwidth; // W_i after efficiency
    double efficiency;
};

struct CollectiveCost {
    Seconds time{};          // bandwidth time of the bottleneck tier + latency
    Seconds bandwidthTime{}; // max over tiers
    Seconds latency{};
    int bottleneckTier = -1; // index into NetworkTiers::tiers, -1 if nothing moves
    int spannedTier = -1;    // highest tier the group crosses
    int tierCount = 0;
    // tiers[0, tierCount) are set; later entries are unspecified (left
    // uninitialised: this struct is built millions of times per second).
    std::array<TierCost, kMaxTiers> tiers;

    [[nodiscard]] BytesPerSecond algorithmBandwidth(Bytes b) const
    {
        return time.si > 0 ? BytesPerSecond{b.si / time.si} : BytesPerSecond{0};
    }
};

// Cost of one collective of `bytes` over the groups placed by `group` on
// `net` (placed on the same `net`). Never throws; a group of one costs nothing.
[[nodiscard]] CollectiveCost collectiveCost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes,
                                            const GroupPlacement& group, const CollectiveOptions& options) noexcept;
// All groups of `group`'s shape tiling the cluster.
[[nodiscard]] CollectiveCost collectiveCost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes, GroupShape group,
                                            const CollectiveOptions& options) noexcept;

// Highest tier a group crosses (-1 for a single GPU).
[[nodiscard]] int spannedTier(const NetworkTiers& net, GroupShape group) noexcept;

} // namespace scalescope

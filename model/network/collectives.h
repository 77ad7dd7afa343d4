#pragma once
// Collective costs on a multi-tier network (seed 004, "GPU 上的集体操作").
//
// A group is `size` GPUs at rank stride `stride` (stride = product of the
// mesh axes placed inside it). At each tier i the group has an effective
// degree D_i (children of one tier-i group it touches) and shares each
// child's egress W_i with c_i = min(stride, S_{i-1}) parallel groups:
//
//   AllGather / ReduceScatter:  T_i = c_i · B · (D_i − 1) / (D_i · W_i)
//   AllReduce:                  2 × AllGather; with in-network reduction
//                               (SHARP) T_i = c_i · B / W_i
//   AllToAll:                   T_i = c_i · m_i · (B/n) · (n − m_i)/n / W_i,
//                               m_i = members per child; top-k sparse × min(k/n, 1)
//   T = max_i T_i (+ Σ_i steps_i · latency_i in measured mode)
//
// B is the whole array of one group (the gathered result, the reduced
// array, the AllToAll input over all members). "theoretical" is the seed's
// throughput model; "measured" divides by achievable-bandwidth and
// message-size efficiencies from a CalibrationSpec and adds hop latency.

#include "model/spec/hardware_specs.h"
#include "model/network/network_tiers.h"
#include "model/spec/scenario.h"
#include "model/spec/units.h"

#include <array>

namespace scalescope {

enum class CollectiveKind { AllGather, ReduceScatter, AllReduce, AllToAll, PointToPoint };

[[nodiscard]] std::string_view collectiveKey(CollectiveKind k) noexcept; // "allgather"
[[nodiscard]] std::optional<CollectiveKind> collectiveFromKey(std::string_view key) noexcept;

struct GroupShape {
    long long size = 1;   // members
    long long stride = 1; // rank distance between consecutive members
};

struct CollectiveOptions {
    EfficiencyMode mode = EfficiencyMode::Theoretical;
    bool sharp = false;                         // use in-network reduction where the tier has it
    double topK = 0;                            // AllToAll: destinations per token; 0 = dense
    const CalibrationSpec* calibration = nullptr; // required for Measured
};

inline constexpr int kMaxTiers = 6;

struct TierCost {
    Seconds time{};
    double degree = 1;          // D_i
    double concurrency = 1;     // c_i
    BytesPerSecond bandwidth{}; // W_i after efficiency
    double efficiency = 1;
};

struct CollectiveCost {
    Seconds time{};          // bandwidth time of the bottleneck tier + latency
    Seconds bandwidthTime{}; // max over tiers
    Seconds latency{};
    int bottleneckTier = -1; // index into NetworkTiers::tiers, -1 if nothing moves
    int spannedTier = -1;    // highest tier the group crosses
    int tierCount = 0;
    std::array<TierCost, kMaxTiers> tiers{};

    [[nodiscard]] BytesPerSecond algorithmBandwidth(Bytes b) const
    {
        return time.si > 0 ? BytesPerSecond{b.si / time.si} : BytesPerSecond{0};
    }
};

// Cost of one collective of `bytes` over `group` on `net`. Never throws;
// a group of one costs nothing.
[[nodiscard]] CollectiveCost collectiveCost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes, GroupShape group,
                                            const CollectiveOptions& options) noexcept;

// Highest tier a group crosses (-1 for a single GPU).
[[nodiscard]] int spannedTier(const NetworkTiers& net, GroupShape group) noexcept;

} // namespace scalescope

#pragma once
// One parallelism axis of a training scenario swept over every value it can
// take, everything else fixed, each point one ordinary evaluation (the
// planner's slider dragged to that value):
//
//   tp, pp, cp  the GPU count and the other two sizes stay; dp = gpus / (tp·pp·cp)
//               takes the rest (values: the divisors of gpus / the other two,
//               tp at most the heads, pp at most the layers, cp at most seq_len)
//   ep          dp stays; the divisors of dp, at most the experts (a dense model: 1)
//   mbs         the micro-batch size: the divisors of global_batch / dp
//   gpus        tp, pp and cp stay, dp scales: gpus = tp·pp·cp·dp for every dp
//               dividing global_batch / mbs, up to the system's largest cluster
//
// After the value is set the layout is made consistent as a slider does
// (layout_fit.h: rebalanceLayout; fitLayout for gpus): ep falls back to the
// largest value at most its own that divides the new dp, vpp to 1 without a
// pipeline. Each point keeps the layout it ran. A value the layout check
// (layout_check.h) or the evaluation rejects is not a point: it is listed in
// `excluded` with the JSON path and the reason. A training sweep only: an
// inference scenario is an error (its batch sweep is serving_curve.h).

#include "model/training/evaluation_context.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

enum class SweepAxis { Tp, Pp, Cp, Ep, Microbatch, Gpus };
inline constexpr std::array<SweepAxis, 6> kSweepAxes{SweepAxis::Tp, SweepAxis::Pp, SweepAxis::Cp,
                                                     SweepAxis::Ep, SweepAxis::Microbatch, SweepAxis::Gpus};
[[nodiscard]] std::string_view sweepAxisKey(SweepAxis a) noexcept; // "tp", "pp", "cp", "ep", "mbs", "gpus"
[[nodiscard]] std::optional<SweepAxis> sweepAxisFromKey(std::string_view key) noexcept;
// The axis value of a scenario: its tp, ..., micro-batch size or GPU count.
[[nodiscard]] long long sweepAxisValue(const Scenario& s, SweepAxis a) noexcept;

struct SweepPoint {
    long long value = 0;
    long long gpus = 0;
    ParallelLayout layout; // as evaluated
    Seconds stepTime{};
    double mfu = 0;
    double tokensPerS = 0;
    Bytes memoryPerGpu{}; // total per GPU
    Bytes memoryLimit{};  // usable HBM at this layout (usable_memory.h)
    bool fits = false;    // in HBM
    bool fitsWithSpill = false; // in HBM plus CPU memory over C2C (superchips)
    Seconds exposedComm{};
    std::array<Seconds, kCommAxes> exposedByAxis{}; // indexed by CommAxis
    bool leavesNvlinkDomain = false; // the swept axis's group spans more than one NVLink domain
};

struct SweepExclusion {
    long long value = 0;
    std::string path;   // "/parallel/tp"
    std::string reason; // the layout check's or the evaluation's message
};

struct AxisSweep {
    bool ok = false;
    std::string error, errorPath; // why the scenario cannot be swept
    SweepAxis axis = SweepAxis::Tp;
    long long current = 0;          // the scenario's own value
    std::vector<SweepPoint> points; // ascending value
    std::vector<SweepExclusion> excluded; // ascending value
    long long nvlinkDomainGpus = 1;
    // The smallest swept value whose group on the axis spans more than one
    // NVLink domain (placement of every group, group_placement.h; for gpus,
    // the job); none when no swept value leaves it (and always for mbs).
    std::optional<long long> nvlinkDomainBoundary;
    // Usable HBM per GPU: the smallest over the points (it moves a little with
    // the NCCL communicators a layout opens); each point has its own.
    Bytes memoryLimit{};
};

// `catalog` resolves the systems of a GPU-count sweep (a cluster of another size).
[[nodiscard]] AxisSweep sweepAxis(const EvaluationContext& ctx, const SpecCatalog& catalog, SweepAxis axis);

} // namespace scalescope

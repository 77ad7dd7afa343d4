#pragma once
// Goodput: useful work per unit time, as a share of what the hardware
// could do (seed 001 §1.8, Meta's "effective training time ratio"), and a
// first-order failure model of how it falls as a synchronous job grows.
//
// A job of N GPUs fails every M = 1 / (λ · N) seconds (λ: failures per
// GPU-second). It pauses δ to write a checkpoint every τ of training; each
// failure costs a restart R plus, on average, half a checkpoint period of
// lost work. Fractions of wall time:
//   checkpoint loss  c = δ / (τ + δ)
//   failure loss     f = min(1, (R + (τ + δ) / 2) / M)
//   effective time   (1 − f) · (1 − c)
// Young/Daly's optimal interval minimises c + f to first order: τ* = √(2 δ M).

#include "model/spec/facility_specs.h"
#include "model/spec/units.h"

#include <optional>

namespace scalescope {

// Seed 001: goodput = useful tokens / elapsed time; efficiency = goodput /
// peak throughput (100,000 tokens in 10 s against 12,000 tokens/s → 0.833).
[[nodiscard]] double goodputTokensPerSecond(double usefulTokens, Seconds elapsed) noexcept;
[[nodiscard]] double goodputEfficiency(double usefulTokens, Seconds elapsed, double peakTokensPerSecond) noexcept;

struct FailureModel {
    double failuresPerGpuHour = 0;
    Seconds restartTime{};
    Seconds checkpointWrite{};
    std::optional<Seconds> checkpointInterval; // absent: the Young/Daly optimum
};

[[nodiscard]] FailureModel failureModel(const ReliabilitySpec& spec);

// Mean time between failures of a whole job (infinite when λ = 0).
[[nodiscard]] Seconds jobMtbf(double failuresPerGpuHour, long long gpus) noexcept;
// τ* = √(2 · δ · M).
[[nodiscard]] Seconds youngDalyInterval(Seconds checkpointWrite, Seconds mtbf) noexcept;

struct GoodputEstimate {
    long long gpus = 0;
    Seconds mtbf{};
    double failuresPerDay = 0;
    Seconds interval{};        // the one used
    Seconds optimalInterval{}; // Young/Daly
    double checkpointLoss = 0; // c
    double failureLoss = 0;    // f
    double effectiveTimeFraction = 1;
};

[[nodiscard]] GoodputEstimate estimateGoodput(const FailureModel& model, long long gpus) noexcept;

} // namespace scalescope

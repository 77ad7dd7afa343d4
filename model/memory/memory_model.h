#pragma once
// Memory per GPU during training (bytes, against usable HBM).
//   weights 2 B, gradients 2 B, Adam optimizer 12 B per parameter
//   (fp32 master copy, momentum, variance) — ZeRO paper, Rajbhandari et al.
//   2020 (arXiv 1910.02054) §3.1; ZeRO-1 shards the optimizer over the
//   data-parallel group, ZeRO-2 also gradients, ZeRO-3 also weights.
//   activations: per layer and token from transformer_cost.h, divided by
//   tp·cp, times the micro-batches in flight on the first stage (1F1B holds
//   pp; interleaving adds (pp−1)/(pp·vpp), Korthikanti et al. 2022 §4.2.3).
// On superchips, what exceeds HBM spills to the GPU's share of LPDDR5X and
// is read and written once per step over NVLink-C2C.

#include "model/training/evaluation.h"
#include "model/training/evaluation_context.h"

namespace scalescope {

inline constexpr double kWeightBytesPerParam = 2;
inline constexpr double kGradBytesPerParam = 2;
inline constexpr double kAdamBytesPerParam = 12;

struct ParamsPerGpu {
    double dense = 0;  // replicated over dp·cp
    double expert = 0; // replicated over dp·cp/ep
};

[[nodiscard]] ParamsPerGpu paramsPerGpu(const EvaluationContext& ctx, const ParallelLayout& p) noexcept;
[[nodiscard]] MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches) noexcept;

// Seed 004's lower bound for training with Adam: 2 bytes of weights and
// 8 of optimizer state per parameter ("2 + 8 bytes/param").
[[nodiscard]] inline Bytes seedTrainingStateLowerBound(double params) noexcept { return Bytes{params * (2 + 8)}; }

} // namespace scalescope

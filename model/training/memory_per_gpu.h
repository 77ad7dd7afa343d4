#pragma once
// Memory per GPU during training (bytes, against usable HBM, usable_memory.h).
//   weights 2 B, gradients 2 B (4 B with "main_grads": "fp32"), Adam
//   optimizer 12 B per parameter (fp32 master copy, momentum, variance) —
//   ZeRO paper, Rajbhandari et al. 2020 (arXiv 1910.02054) §3.1 — or 8 B
//   with "optimizer_state": "bf16-moments" (fp32 master, bf16 moments:
//   DeepSeek-V3 report §3.3.3); ZeRO-1 shards the optimizer over the
//   data-parallel group, ZeRO-2 also gradients, ZeRO-3 also weights.
//   activations: per layer and token from activation_memory.h, divided by
//   tp·cp, times the micro-batches in flight on the first stage.
// On superchips, what exceeds HBM spills to the GPU's share of LPDDR5X and
// is read and written once per step over NVLink-C2C.

#include "model/core/evaluation.h"
#include "model/core/params_per_gpu.h"
#include "model/training/evaluation_context.h"

namespace scalescope {

inline constexpr double kWeightBytesPerParam = 2;
inline constexpr double kGradBytesPerParam = 2;
inline constexpr double kAdamBytesPerParam = 12;
inline constexpr double kAdamBf16MomentsBytesPerParam = 8;
inline constexpr double kFp32MasterBytesPerParam = 4; // the fp32 master copy inside either Adam state

[[nodiscard]] ParamsPerGpu paramsPerGpu(const EvaluationContext& ctx, const ParallelLayout& p) noexcept;
// Bytes per parameter of the gradients as accumulated (and reduced): 2, or 4
// with main_grads "fp32".
[[nodiscard]] double gradBytesPerParam(const TrainingSettings& t) noexcept;
// Bytes of the compute copy of one parameter: 2 (16-bit), 1 with fp8_params.
[[nodiscard]] double weightBytesPerParam(const TrainingSettings& t) noexcept;
[[nodiscard]] MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p,
                                        int microbatches) noexcept;
// The working buffers of one MoE layer's routed rows on one GPU (ScaleScope
// assumption): the dispatch AllToAll's receive buffer, the rows permuted
// into expert order, the experts' output before it is un-permuted and the
// combine AllToAll's receive buffer, each the local experts' rows at the
// layout's tokens per expert (ep·T·k/E each; T = micro-batch tokens / cp)
// by the hidden size, 16-bit. 0 for a dense model.
[[nodiscard]] Bytes moeRoutedBuffers(const ModelSpec& m, const ParallelLayout& p, const TrainingSettings& t) noexcept;
// The same with another ZeRO stage (to weigh advice against the scenario's own).
[[nodiscard]] MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches,
                                        int zeroStage) noexcept;
// The same given paramsPerGpu(ctx, p), which an evaluation counts once for
// the memory and the data-parallel collectives.
[[nodiscard]] MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches,
                                        int zeroStage, const ParamsPerGpu& params) noexcept;

// Seed 004's lower bound for training with Adam: 2 bytes of weights and
// 8 of optimizer state per parameter ("2 + 8 bytes/param").
[[nodiscard]] inline Bytes seedTrainingStateLowerBound(double params) noexcept
{
    return Bytes{params * (2 + 8)};
}

} // namespace scalescope

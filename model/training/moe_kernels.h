#pragma once
// The memory-bound kernels of a MoE layer around its expert GEMMs, and the
// row of the busiest expert's extra time (model/training/layer_kernels.cpp
// builds the gate GEMM and the grouped expert GEMMs).
//
// Per GPU and micro-batch, with T' the router's (sequence-parallel) tokens,
// T the tokens a GPU permutes, E experts, k routed per token, h hidden:
//   router_top_k      scoring and top-k over the T' x E fp32 scores
//   router_balancing  per-expert counts of the T'·k ids; auxiliary loss: the
//                     scores' mean per expert and the loss, its gradient back
//   permute           dispatch: sort the T·k ids, build the indices, gather
//                     T·k rows of h; combine: zero-fill, scatter-add them back
//   moe_imbalance     (max/mean − 1) × the grouped GEMMs at the mean tokens per
//                     expert: every expert waits for the busiest one
// Each memory-bound kernel reads its inputs and writes its outputs once and
// costs one launch; no router or permutation kernel was measured, so the rows
// cite the model's labelled assumptions (core/model_citations.h) and run at
// the measured copy bandwidth (memory_bandwidth/permute).

#include "model/compute/kernel_costs.h"
#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct LayerKernels;

// Bytes one pass moves over its kernels, and how many kernels it launches.
struct KernelPass {
    double bytes = 0;
    int kernels = 0;
};
// A MoE operation's forward and backward passes.
struct MoeWork {
    KernelPass forward, backward;
};

// Scoring (softmax, or sigmoid with bias-adjusted selection and normalised
// top-k weights) and top-k of `tokens` over `experts`, top `k`.
[[nodiscard]] MoeWork routerTopKWork(double tokens, double experts, double k, MoeScoring scoring) noexcept;
// The balancing work: counts per expert, and the auxiliary loss when the router has one.
[[nodiscard]] MoeWork routerBalancingWork(double tokens, double experts, double k, MoeBalancing balancing) noexcept;
// Dispatch and combine of `tokens` × `k` rows of `hidden` 16-bit elements.
[[nodiscard]] MoeWork permutationWork(double tokens, double k, double hidden) noexcept;

// Adds the forward, backward and recompute rows of `work` (recompute repeats
// the forward), memory-bound at `op`'s bandwidth, citing `source` in measured mode.
void addMoeWorkRows(const KernelCosts& kc, LayerKernels& t, OpKind kind, const MoeWork& work, MemoryOp op,
                    const std::string& source, OpScope scope, double count);

// The busiest expert's extra time over the balanced grouped GEMMs `forward`
// and `backward`: (imbalance − 1) × their time, forward, backward and recompute
// rows citing the imbalance's source, no FLOPs or bytes, efficiency mean /
// max (1 / imbalance); none when the imbalance is 1.
void addMoeImbalanceRows(const KernelCosts& kc, LayerKernels& t, const KernelCosts::Acc& forward,
                         const KernelCosts::Acc& backward, const Factor& imbalance, OpScope scope, double count);

} // namespace scalescope

#pragma once
// The memory-bound kernel work of a MoE layer around its expert GEMMs, pure
// byte and launch counts shared by training (model/training/moe_kernels.h,
// which turns it into forward, backward and recompute rows) and serving
// (model/inference/inference_passes.cpp, forward only).
//
// Per GPU and micro-batch, with T' the router's (sequence-parallel) tokens,
// T the tokens a GPU permutes, E experts, k routed per token, h hidden:
//   router_top_k      scoring and top-k over the T' x E fp32 scores
//   router_balancing  per-expert counts of the T'·k ids; auxiliary loss: the
//                     scores' mean per expert and the loss, its gradient back;
//                     forced routing: the random logits, then the auxiliary loss
//   permute           unfused (training.moe_permute_fusion false): dispatch
//                     sorts the T·k ids, builds the indices, gathers T·k rows
//                     of h; combine zero-fills and scatter-adds them back
//   permute_fused     fused (Transformer Engine's moe_permute / moe_unpermute):
//                     one index map, each routed row read and written once;
//                     combine sums each token's k rows without atomics
// Each memory-bound kernel reads its inputs and writes its outputs once and
// costs one launch, at the measured rate of its kernel class where one was
// measured (memory_bandwidth/router_top_k, permute_gather,
// unpermute_scatter_add) and at the measured copy (memory_bandwidth/permute)
// otherwise; the rows cite the model's citations (core/model_citations.h),
// which say which part is measured and which assumed.

#include "model/compute/kernel_costs.h"
#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

#include <array>
#include <string>

namespace scalescope {

// Bytes one pass moves over its kernels and how many kernels it launches, in
// all and per kernel class (the memory operation whose rate it runs at).
struct KernelPass {
    struct Part {
        MemoryOp op = MemoryOp::Permute;
        double bytes = 0;
        int kernels = 0;
    };
    double bytes = 0;
    int kernels = 0;
    std::array<Part, 4> parts{};
    int partCount = 0;

    void add(MemoryOp op, double partBytes, int partKernels) noexcept;
};
// A MoE operation's forward and backward passes.
struct MoeWork {
    KernelPass forward, backward;
};

// Scoring (softmax, or sigmoid with bias-adjusted selection and normalised
// top-k weights) and top-k of `tokens` over `experts`, top `k`.
[[nodiscard]] MoeWork routerTopKWork(double tokens, double experts, double k, MoeScoring scoring) noexcept;
// The balancing work: counts per expert, the auxiliary loss when the router
// has one (forced routing keeps it), and forced routing's random logits.
[[nodiscard]] MoeWork routerBalancingWork(double tokens, double experts, double k, MoeBalancing balancing) noexcept;
// Dispatch and combine of `tokens` × `k` rows of `hidden` 16-bit elements,
// unfused (gather and scatter-add) or `fused` (Transformer Engine's kernels).
[[nodiscard]] MoeWork permutationWork(double tokens, double k, double hidden, bool fused = false) noexcept;

// Whether a router's scoring and top-k forward is the measured kernel:
// softmax scoring, measured mode, and a router_top_k rate of the calibration's own.
[[nodiscard]] bool routerTopKMeasured(const KernelCosts& kc, const ComputeCalibration& c, MoeScoring scoring) noexcept;

// One pass of a MoE operation as memory-bound kernels, each part at its
// operation's bandwidth. In measured mode it cites `source`, or, given
// `measuredPass`, its first part's calibration source (a pass measured whole).
[[nodiscard]] KernelCosts::Acc moePassCost(const KernelCosts& kc, const KernelPass& pass, const std::string& source,
                                           bool measuredPass = false);

} // namespace scalescope

#include "model/compute/moe_kernel_work.h"

namespace scalescope {

namespace {

constexpr double kScoreBytes = 4; // router logits softmax'd / sigmoid'd in fp32 (Megatron-Core, torchtitan)
constexpr double kIndexBytes = 8; // expert ids and permutation indices: int64 (torch.topk, argsort)

} // namespace

void KernelPass::add(MemoryOp op, double partBytes, int partKernels) noexcept
{
    bytes += partBytes;
    kernels += partKernels;
    for (int i = 0; i < partCount; ++i)
        if (parts[static_cast<size_t>(i)].op == op) {
            parts[static_cast<size_t>(i)].bytes += partBytes;
            parts[static_cast<size_t>(i)].kernels += partKernels;
            return;
        }
    if (partCount < static_cast<int>(parts.size()))
        parts[static_cast<size_t>(partCount++)] = {op, partBytes, partKernels};
}

MoeWork routerTopKWork(double tokens, double experts, double k, MoeScoring scoring) noexcept
{
    const double scores = tokens * experts, picked = tokens * k;
    MoeWork w;
    // Scoring and top-k as measured (memory_bandwidth/router_top_k): fp32
    // logits read once, fp32 weights and int64 ids written.
    w.forward.add(MemoryOp::RouterTopK, scores * kScoreBytes + picked * (kScoreBytes + kIndexBytes), 2);
    // Backward: the top-k weights' gradient scattered into a zeroed T x E
    // tensor, then the scoring's backward (gradient and scores in, 16-bit logit gradient out).
    w.backward.add(
        MemoryOp::Permute,
        scores * kScoreBytes + picked * (kScoreBytes + kIndexBytes) + scores * (2 * kScoreBytes + kActivationBytes), 2);
    if (scoring == MoeScoring::Sigmoid) {
        // Selection on the bias-adjusted scores (read, add the bias, write),
        // then the chosen scores gathered and normalised to sum to 1.
        w.forward.add(MemoryOp::Permute,
                      2 * scores * kScoreBytes + picked * (kIndexBytes + kScoreBytes) + 2 * picked * kScoreBytes, 2);
        w.backward.add(MemoryOp::Permute, 3 * picked * kScoreBytes, 1); // the normalisation's backward
    }
    return w;
}

MoeWork routerBalancingWork(double tokens, double experts, double k, MoeBalancing balancing) noexcept
{
    const double scores = tokens * experts, picked = tokens * k;
    MoeWork w;
    // Forced routing: the fp32 logits cloned (read, written) and refilled
    // with normal draws (written); the backward passes the gradient through.
    if (balancing == MoeBalancing::Forced) w.forward.add(MemoryOp::Permute, 3 * scores * kScoreBytes, 2);
    // Histogram of the T·k expert ids into E counts.
    w.forward.add(MemoryOp::Permute, picked * kIndexBytes + experts * kScoreBytes, 1);
    // The auxiliary loss: its own router's, and forced routing's (Megatron
    // computes it from the random scores when the coefficient is non-zero).
    if (balancing != MoeBalancing::LossFree) {
        // The scores' mean per expert (a reduction over tokens) and the loss
        // (E-long products and a sum); backward adds the loss gradient, one
        // value per expert, into the T x E scores' gradient (read and write).
        w.forward.add(MemoryOp::Permute, scores * kScoreBytes + 3 * experts * kScoreBytes, 2);
        w.backward.add(MemoryOp::Permute, 2 * scores * kScoreBytes, 1);
    }
    return w;
}

MoeWork permutationWork(double tokens, double k, double hidden, bool fused) noexcept
{
    const double copies = tokens * k, rows = copies * hidden * kActivationBytes,
                 output = tokens * hidden * kActivationBytes;
    MoeWork w;
    if (fused) {
        // Dispatch: the row-id map (ids in, map out), the permute (each routed
        // row read and written once). Combine: each token's k rows read, weighted
        // by their probabilities and summed into its output row, no atomics.
        w.forward.add(MemoryOp::Permute,
                      2 * copies * kIndexBytes + 2 * rows + copies * kIndexBytes + rows + output +
                          copies * (kIndexBytes + kScoreBytes),
                      3);
        // Backward: the combine's is a permute of the output gradient (and the
        // routed rows read again for the probabilities' gradient); the
        // dispatch's an unpermute of the rows' gradient.
        w.backward.add(MemoryOp::Permute,
                       3 * rows + copies * (kIndexBytes + kScoreBytes) + rows + output + copies * kIndexBytes, 2);
        return w;
    }
    // Dispatch: argsort of the ids (ids in; sorted ids and order out), the
    // gather indices (order in, indices out), the gather (T·k rows read and
    // written). Combine: zero-fill the T output rows, the weighted scatter-add
    // of the T·k rows (atomic adds).
    w.forward.add(MemoryOp::Permute, 3 * copies * kIndexBytes + copies * 2 * kIndexBytes + output, 3);
    w.forward.add(MemoryOp::PermuteGather, 2 * rows + copies * kIndexBytes, 1);
    w.forward.add(MemoryOp::UnpermuteScatterAdd, 2 * rows + copies * kIndexBytes, 1);
    // Backward: the combine's gradient gathered (T·k rows), the dispatch's
    // gradient zero-filled and scatter-added back (the indices are kept).
    w.backward.add(MemoryOp::Permute, output, 1);
    w.backward.add(MemoryOp::PermuteGather, 2 * rows + copies * kIndexBytes, 1);
    w.backward.add(MemoryOp::UnpermuteScatterAdd, 2 * rows + copies * kIndexBytes, 1);
    return w;
}

bool routerTopKMeasured(const KernelCosts& kc, const ComputeCalibration& c, MoeScoring scoring) noexcept
{
    return scoring == MoeScoring::Softmax && kc.measured() && memoryOpMeasured(c, MemoryOp::RouterTopK);
}

KernelCosts::Acc moePassCost(const KernelCosts& kc, const KernelPass& pass, const std::string& source, bool measuredPass)
{
    KernelCosts::Acc a;
    if (kc.measured() && !measuredPass) a.source = &source;
    for (int i = 0; i < pass.partCount; ++i) {
        const KernelPass::Part& part = pass.parts[static_cast<size_t>(i)];
        kc.memoryKernels(a, part.op, part.bytes, part.kernels);
    }
    return a;
}

} // namespace scalescope

#include "model/training/moe_kernels.h"

#include "model/training/layer_kernels.h"

namespace scalescope {

namespace {

constexpr double kScoreBytes = 4; // router logits softmax'd / sigmoid'd in fp32 (Megatron-Core, torchtitan)
constexpr double kIndexBytes = 8; // expert ids and permutation indices: int64 (torch.topk, argsort)

} // namespace

MoeWork routerTopKWork(double tokens, double experts, double k, MoeScoring scoring) noexcept
{
    const double scores = tokens * experts, picked = tokens * k;
    MoeWork w;
    // Scoring: 16-bit logits in, fp32 scores out. Top-k: scores in, fp32 weights and int64 ids out.
    w.forward = {scores * (kActivationBytes + kScoreBytes) + scores * kScoreBytes + picked * (kScoreBytes + kIndexBytes), 2};
    // Backward: the top-k weights' gradient scattered into a zeroed T x E
    // tensor, then the scoring's backward (gradient and scores in, 16-bit logit gradient out).
    w.backward = {scores * kScoreBytes + picked * (kScoreBytes + kIndexBytes) +
                      scores * (2 * kScoreBytes + kActivationBytes),
                  2};
    if (scoring == MoeScoring::Sigmoid) {
        // Selection on the bias-adjusted scores (read, add the bias, write),
        // then the chosen scores gathered and normalised to sum to 1.
        w.forward.bytes += 2 * scores * kScoreBytes + picked * (kIndexBytes + kScoreBytes) + 2 * picked * kScoreBytes;
        w.forward.kernels += 2;
        w.backward.bytes += 3 * picked * kScoreBytes; // the normalisation's backward
        w.backward.kernels += 1;
    }
    return w;
}

MoeWork routerBalancingWork(double tokens, double experts, double k, MoeBalancing balancing) noexcept
{
    const double scores = tokens * experts, picked = tokens * k;
    MoeWork w;
    // Histogram of the T·k expert ids into E counts.
    w.forward = {picked * kIndexBytes + experts * kScoreBytes, 1};
    if (balancing == MoeBalancing::AuxiliaryLoss) {
        // The scores' mean per expert (a reduction over tokens) and the loss
        // (E-long products and a sum); backward adds the loss gradient, one
        // value per expert, into the T x E scores' gradient (read and write).
        w.forward.bytes += scores * kScoreBytes + 3 * experts * kScoreBytes;
        w.forward.kernels += 2;
        w.backward = {2 * scores * kScoreBytes, 1};
    }
    return w;
}

MoeWork permutationWork(double tokens, double k, double hidden) noexcept
{
    const double copies = tokens * k, rows = copies * hidden * kActivationBytes, output = tokens * hidden * kActivationBytes;
    MoeWork w;
    // Dispatch: argsort of the ids (ids in; sorted ids and order out), the
    // gather indices (order in, indices out), the gather (T·k rows read and
    // written). Combine: zero-fill the T output rows, scatter-add the T·k rows.
    w.forward = {3 * copies * kIndexBytes + copies * 2 * kIndexBytes + 2 * rows + copies * kIndexBytes + output +
                     2 * rows + copies * kIndexBytes,
                 5};
    // Backward: the combine's gradient gathered (T·k rows), the dispatch's
    // gradient zero-filled and scatter-added back (the indices are kept).
    w.backward = {2 * rows + copies * kIndexBytes + output + 2 * rows + copies * kIndexBytes, 3};
    return w;
}

void addMoeWorkRows(const KernelCosts& kc, LayerKernels& t, OpKind kind, const MoeWork& work, MemoryOp op,
                    const std::string& source, OpScope scope, double count)
{
    KernelCosts::Acc f, b;
    if (kc.measured()) f.source = b.source = &source;
    kc.memoryKernels(f, op, work.forward.bytes, work.forward.kernels);
    kc.memoryKernels(b, op, work.backward.bytes, work.backward.kernels);
    if (f.kernels) t.add(kc.row(f, kind, Phase::Forward, scope, OpBound::Memory, count));
    if (b.kernels) t.add(kc.row(b, kind, Phase::Backward, scope, OpBound::Memory, count));
    if (f.kernels) t.add(kc.row(f, kind, Phase::Recompute, scope, OpBound::Memory, count));
}

void addMoeImbalanceRows(const KernelCosts& kc, LayerKernels& t, const KernelCosts::Acc& forward,
                         const KernelCosts::Acc& backward, const Factor& imbalance, OpScope scope, double count)
{
    if (!(imbalance.value > 1)) return;
    const double extra = imbalance.value - 1;
    const auto row = [&](const KernelCosts::Acc& a, Phase ph) {
        // The other experts' wait: no FLOPs or bytes of its own; its
        // efficiency is mean / max tokens per expert.
        OpRow r = kc.row(a, OpKind::MoeImbalance, ph, scope, OpBound::GroupedGemm, count);
        r.flops = Flops{};
        r.bytes = Bytes{};
        r.efficiency = 1 / imbalance.value;
        r.source = imbalance.source;
        r.time = a.time * extra;
        return r;
    };
    if (forward.kernels) t.add(row(forward, Phase::Forward));
    if (backward.kernels) t.add(row(backward, Phase::Backward));
    if (forward.kernels) t.add(row(forward, Phase::Recompute));
}

} // namespace scalescope

#include "model/training/moe_kernels.h"

#include "model/training/layer_kernels.h"

namespace scalescope {

void addMoeWorkRows(const KernelCosts& kc, LayerKernels& t, OpKind kind, const MoeWork& work, const std::string& source,
                    OpScope scope, double count, bool measuredForward)
{
    const KernelCosts::Acc f = moePassCost(kc, work.forward, source, measuredForward);
    const KernelCosts::Acc b = moePassCost(kc, work.backward, source);
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

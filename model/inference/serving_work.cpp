#include "model/inference/serving_work.h"

namespace scalescope {

Flops passFlops(const OperationTable& t, Phase phase) noexcept
{
    Flops f{};
    for (const OpRow& r : t)
        if (r.phase == phase && r.stream == OpStream::Compute) f += r.flops * r.count;
    return f;
}

StepWork servingWork(const ResolvedSystem& sys, const InferenceEvaluation& e) noexcept
{
    const double outputs = sys.scenario.inference.outputTokens;
    const Seconds cycle = e.ttft + e.tpot * (outputs - 1);
    const Flops gpuFlops = passFlops(e.ops, Phase::Prefill) + passFlops(e.ops, Phase::Decode) * (outputs - 1);
    return {sys.scenario.gpus, cycle, static_cast<double>(e.replicas) * e.batch * outputs,
            gpuFlops.si / (cycle.si * sys.peakBf16.si), 0.0};
}

} // namespace scalescope

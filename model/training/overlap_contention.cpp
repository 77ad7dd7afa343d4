#include "model/training/overlap_contention.h"

#include <algorithm>
#include <limits>

namespace scalescope {

namespace {

void addContention(const EvaluationContext& ctx, OperationTable& t, Phase phase, Seconds hidden, ContentionRate r) noexcept
{
    if (ctx.scenario.efficiency != EfficiencyMode::Measured || r.rate <= 0 || hidden.si <= 0) return;
    t.add({OpKind::OverlapContention, phase, OpStream::Compute, OpScope::Stage, OpBound::Contention, 1, Flops{}, Bytes{},
           1 / (1 + r.rate), r.source, hidden * r.rate, Seconds{}});
}

} // namespace

// A cross-check of the layer-level rate's size: Transformer Engine's comm-GEMM
// overlap reserves 16 SMs (initialize_ub, num_sm = 16), so the GEMMs beside it
// run on 116 of an H100's 132 SMs, 16 / 116 = 0.138 slower.
ContentionRate layerContentionRate(const CalibrationSpec& c) noexcept
{
    return {c.overlapComputeSlowdown.value, &c.overlapComputeSlowdown.source};
}

ContentionRate sideStreamContentionRate(const CalibrationSpec& c) noexcept
{
    const double s = c.overlapComputeSlowdown.value, p = c.overlapSequentialPenalty.value;
    if (s <= 0 || p <= 0) return layerContentionRate(c);
    return {s / ((1 + p) * (1 + s) - 1), &c.overlapSequentialPenalty.source};
}

void addLayerContention(const EvaluationContext& ctx, OperationTable& t) noexcept
{
    for (Phase ph : {Phase::Forward, Phase::Backward, Phase::Recompute}) {
        Seconds hidden{};
        for (OpStream s : {OpStream::Tp, OpStream::Cp, OpStream::Ep}) hidden += t.streamTotal(s, ph) - t.streamTotal(s, ph, true);
        addContention(ctx, t, ph, hidden, layerContentionRate(ctx.calibration));
    }
}

Seconds contentionBudget(const CalibrationSpec& c, const OperationTable& t) noexcept
{
    const double most = c.overlapComputeSlowdownMax.value;
    if (most <= 0) return Seconds{std::numeric_limits<double>::infinity()};
    Seconds compute{}, charged{};
    for (Phase ph : {Phase::Forward, Phase::Backward, Phase::Recompute}) {
        compute += t.streamTotal(OpStream::Compute, ph);
        charged += t.computeTime(OpScope::Stage, ph, OpBound::Contention);
    }
    return std::max(Seconds{}, (compute - charged) * most - charged);
}

void addDataParallelContention(const EvaluationContext& ctx, OperationTable& t, Seconds hiddenPerMicrobatch) noexcept
{
    const ContentionRate r = sideStreamContentionRate(ctx.calibration);
    if (r.rate <= 0) return;
    // The charge is rate × hidden time up to the bound: as if less of the
    // traffic slowed the passes, so the row's time stays hidden × its rate.
    const Seconds budget = contentionBudget(ctx.calibration, t);
    const Seconds hidden = std::min(hiddenPerMicrobatch, budget / r.rate);
    const bool bounded = hidden.si < hiddenPerMicrobatch.si;
    addContention(ctx, t, Phase::Backward, hidden, bounded ? ContentionRate{r.rate, &ctx.calibration.overlapComputeSlowdownMax.source} : r);
}

} // namespace scalescope

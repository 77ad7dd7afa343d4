#include "model/training/verdicts.h"

#include "model/network/axis_groups.h"
#include "model/chip/llm_rooflines.h"
#include "model/spec/quantity_parser.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace scalescope {

namespace {
// Exposed communication below this share of the step is not worth a verdict.
constexpr double kExposedShareWorthNaming = 0.05;

// Measured mode: when the communication exposed over the scale-out tiers
// (axes whose groups cross tier 1 or above) exceeds the share worth naming
// and the calibration's scale_out_achievable_fraction is a labelled
// assumption, the step time rests on that assumption: say so, with the share.
void addScaleOutAssumption(const EvaluationContext& ctx, Evaluation& e) noexcept
{
    if (!ctx.scaleOutFractionAssumed || ctx.scenario.efficiency != EfficiencyMode::Measured || !(e.stepTime.si > 0))
        return;
    // DeepEP's dispatch and combine rest on DeepEP's measured fractions, not on this one.
    const bool epOnDeepEp = ctx.scenario.training.moeDispatcher != MoeDispatcher::AllToAll;
    double exposed = 0;
    for (size_t i = 0; i < e.comm.size(); ++i) {
        if (epOnDeepEp && i == static_cast<size_t>(CommAxis::Ep)) continue;
        if (e.comm[i].tier >= 1) exposed += e.comm[i].exposed.si;
    }
    const double share = exposed / e.stepTime.si;
    if (share > kExposedShareWorthNaming)
        e.warn(WarningCode::ScaleOutFractionAssumed, share, exposed, ctx.calibration.scaleOutAchievableFraction.value);
}
} // namespace

void addVerdicts(const EvaluationContext& ctx, const ParallelLayout& p, Evaluation& e) noexcept
{
    addVerdicts(ctx, p, axisGroups(ctx.tiers, p), e);
}

void addVerdicts(const EvaluationContext& ctx, const ParallelLayout& p, const AxisGroups& groups, Evaluation& e) noexcept
{
    const long long domain = ctx.tiers.domainGpus();
    // Misaligned groups: the group at rank 0 fits a domain, a shifted one straddles two.
    const auto straddles = [&](const GroupPlacement& g, CommAxis a) {
        if (g.size > 1 && g.straddlesDomain()) e.warn(WarningCode::GroupStraddlesDomain, static_cast<double>(g.size), static_cast<double>(domain), static_cast<double>(a));
    };
    straddles(groups.tp, CommAxis::Tp);
    if (ctx.model.moe) straddles(groups.ep, CommAxis::Ep);
    straddles(groups.cp, CommAxis::Cp);
    const auto domains = [](const GroupPlacement& g) { return static_cast<double>(g.maxDomains); };
    const AxisComm& tp = e.axis(CommAxis::Tp);
    if (p.tp > 1 && tp.tier >= 1) e.warn(WarningCode::TpLeavesNvlinkDomain, p.tp, domains(groups.tp), tp.perGpuBandwidth.si);
    if (p.ep > 1 && e.axis(CommAxis::Ep).tier >= 1) e.warn(WarningCode::EpLeavesNvlinkDomain, p.ep, domains(groups.ep));
    if (p.cp > 1 && e.axis(CommAxis::Cp).tier >= 1) e.warn(WarningCode::CpLeavesNvlinkDomain, p.cp, domains(groups.cp));

    // DP critical batch (seed 004 "数据并行"): W_collective is the bandwidth one
    // layer's weights are gathered at, with the model-parallel shards in it.
    const ModelSpec& m = ctx.model;
    const double dpSize = static_cast<double>(p.dp) * p.cp;
    const double layerBytes = 2.0 * m.hidden.value * m.ffn.value; // bf16 W_in[D, F]
    if (dpSize > 1 && layerBytes > 0 && groups.dpGatherRate.si > 0) {
        const BytesPerSecond w = groups.dpGatherRate * (static_cast<double>(p.tp) * p.pp); // the seed's throughput roofline, no latency
        const double moe = m.moe ? static_cast<double>(m.moe->experts.value) / m.moe->topK.value : 1;
        e.criticalTokensPerGpu = dpCriticalTokensPerGpu(ctx.peak, w, dpSize, moe);
        if (e.tokensPerGpu < e.criticalTokensPerGpu)
            e.warn(WarningCode::BelowCriticalBatch, e.tokensPerGpu, e.criticalTokensPerGpu, ctx.peak.si);
    }
    // TP limit Y < F·W/C (seed 004 "张量并行"), W the per-GPU bandwidth of the TP group's bottleneck tier.
    if (p.tp > 1 && groups.tpLinkRate.si > 0) {
        e.tpComputeBoundLimit = tpComputeBoundLimit(m.ffn.value, groups.tpLinkRate, ctx.peak);
        if (p.tp > e.tpComputeBoundLimit) e.warn(WarningCode::TpAboveComputeBoundLimit, p.tp, e.tpComputeBoundLimit);
    }
    if (!e.memory.fits) {
        if (e.memory.fitsWithSpill && e.memory.spill.si > 0) e.warn(WarningCode::SpillsToCpuMemory, e.memory.spill.si, e.memory.spillTime.si);
        else e.warn(WarningCode::DoesNotFit, e.memory.total.si, e.memory.capacity.si);
    }
    if (e.bubbleFraction > 0.2) e.warn(WarningCode::LargeBubble, e.bubbleFraction, e.microbatches);
    if (m.layers.value % (p.pp * p.vpp) != 0)
        e.warn(WarningCode::UnevenLayers, m.layers.value, p.pp * p.vpp, std::ceil(double(m.layers.value) / (p.pp * p.vpp)));
    // Each axis whose exposed communication costs more than 5 % of the step, largest first.
    std::array<int, kCommAxes> order{0, 1, 2, 3, 4};
    std::sort(order.begin(), order.end(), [&](int a, int b) { return e.comm[static_cast<size_t>(a)].exposed > e.comm[static_cast<size_t>(b)].exposed; });
    for (int a : order) {
        const double share = e.stepTime.si > 0 ? e.comm[static_cast<size_t>(a)].exposed.si / e.stepTime.si : 0;
        if (share > kExposedShareWorthNaming) e.warn(WarningCode::ExposedCommunication, a, e.comm[static_cast<size_t>(a)].exposed.si, share);
    }
    if (ctx.publishedMfuCeiling > 0 && e.mfu > ctx.publishedMfuCeiling)
        e.warn(WarningCode::AboveBestPublishedMfu, e.mfu, ctx.publishedMfuCeiling);
    if (ctx.computeCarriedOver && ctx.scenario.efficiency == EfficiencyMode::Measured)
        e.warn(WarningCode::ComputeCalibrationCarriedOver);
    if (ctx.attentionKernelMissing && ctx.scenario.efficiency == EfficiencyMode::Measured)
        e.warn(WarningCode::AttentionKernelNotCalibrated);
    if (ctx.scenario.efficiency == EfficiencyMode::Theoretical) e.warn(WarningCode::TheoreticalMode);
    addScaleOutAssumption(ctx, e);
    const double budget = ctx.scenario.training.tokensTotal;
    if (budget > 0 && e.tokensPerStep > budget) e.warn(WarningCode::StepBeyondTrainingBudget, e.tokensPerStep, budget);
    if (const auto& cb = ctx.criticalBatch; cb && e.tokensPerStep > cb->warnFactor.value * cb->tokensAtOneNat.value)
        e.warn(WarningCode::BatchFarBeyondCriticalBatch, e.tokensPerStep, cb->tokensAtOneNat.value, cb->warnFactor.value);
}

} // namespace scalescope

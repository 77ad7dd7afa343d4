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
} // namespace

std::string groupedNumber(double v)
{
    const long long n = std::llround(v);
    std::string digits = std::to_string(std::llabs(n));
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<size_t>(i), ",");
    return (n < 0 ? "-" : "") + digits;
}

std::string_view warningKey(WarningCode c) noexcept
{
    switch (c) {
    case WarningCode::TpLeavesNvlinkDomain: return "tp_leaves_nvlink_domain";
    case WarningCode::EpLeavesNvlinkDomain: return "ep_leaves_nvlink_domain";
    case WarningCode::CpLeavesNvlinkDomain: return "cp_leaves_nvlink_domain";
    case WarningCode::BelowCriticalBatch: return "below_dp_critical_batch";
    case WarningCode::TpAboveComputeBoundLimit: return "tp_above_compute_bound_limit";
    case WarningCode::DoesNotFit: return "does_not_fit";
    case WarningCode::SpillsToCpuMemory: return "spills_to_cpu_memory";
    case WarningCode::LargeBubble: return "large_pipeline_bubble";
    case WarningCode::UnevenLayers: return "uneven_layers";
    case WarningCode::Zero3WithPipeline: return "zero3_with_pipeline";
    case WarningCode::MeasuredMode: return "measured_mode";
    case WarningCode::TheoreticalMode: return "theoretical_mode";
    case WarningCode::AboveBestPublishedMfu: return "above_best_published_mfu";
    case WarningCode::GroupStraddlesDomain: return "group_straddles_domain";
    case WarningCode::ExposedCommunication: return "exposed_communication";
    case WarningCode::ComputeCalibrationCarriedOver: return "compute_calibration_carried_over";
    case WarningCode::StepBeyondTrainingBudget: return "step_beyond_training_budget";
    case WarningCode::BatchFarBeyondCriticalBatch: return "batch_far_beyond_critical_batch";
    case WarningCode::AttentionKernelNotCalibrated: return "attention_kernel_not_calibrated";
    }
    return "?";
}

std::string warningMessage(const Warning& w)
{
    const auto num = [](double v) { return formatSignificant(v, 3); };
    switch (w.code) {
    case WarningCode::TpLeavesNvlinkDomain:
        return "tp=" + num(w.a) + " spans " + num(w.b) + " NVLink domains: its AllGather runs at " +
               format(BytesPerSecond{w.c}) + " per GPU instead of over NVLink";
    case WarningCode::EpLeavesNvlinkDomain:
        return "ep=" + num(w.a) + " spans " + num(w.b) + " NVLink domains: the expert AllToAll crosses the scale-out network";
    case WarningCode::CpLeavesNvlinkDomain:
        return "cp=" + num(w.a) + " spans " + num(w.b) + " NVLink domains: ring attention crosses the scale-out network";
    case WarningCode::BelowCriticalBatch:
        return "per-GPU batch " + groupedNumber(w.a) + " tokens is below the DP critical batch of ~" + groupedNumber(w.b) +
               " tokens: data-parallel communication cannot hide behind compute";
    case WarningCode::TpAboveComputeBoundLimit:
        return "tp=" + num(w.a) + " is above the compute-bound limit F·W/C ≈ " + num(w.b) +
               ": tensor-parallel communication dominates the MLP";
    case WarningCode::DoesNotFit:
        return "needs " + formatBytes(Bytes{w.a}) + " per GPU but only " + formatBytes(Bytes{w.b}) + " of HBM is usable (" +
               formatBytes(Bytes{w.a - w.b}) + " over)";
    case WarningCode::SpillsToCpuMemory:
        return formatBytes(Bytes{w.a}) + " per GPU spills to LPDDR5X over NVLink-C2C, adding " + format(Seconds{w.b}) + " per step";
    case WarningCode::LargeBubble:
        return "the pipeline bubble is " + num(w.a * 100) + " % of the step: use more micro-batches (now " + num(w.b) +
               ") or interleaving";
    case WarningCode::UnevenLayers:
        return num(w.a) + " layers do not split evenly over " + num(w.b) + " pipeline stages: the largest stage has " +
               num(w.c) + " layers";
    case WarningCode::Zero3WithPipeline:
        return "ZeRO-3 with pipeline parallelism gathers the weights for every micro-batch (seed 004): ZeRO-1 fits and is " +
               num(w.a * 100) + " % faster by this model";
    case WarningCode::GroupStraddlesDomain:
        return std::string(commAxisKey(static_cast<CommAxis>(static_cast<int>(w.c)))) + "=" + num(w.a) +
               " does not divide the " + num(w.b) +
               "-GPU NVLink domain: some of its groups straddle a domain boundary and cross the scale-out network";
    case WarningCode::MeasuredMode:
        return "measured mode: GEMMs, attention and memory-bound kernels at calibrated efficiencies, collectives at measured NCCL "
               "efficiencies (about 82 % of link bandwidth for large messages, much less for small ones)";
    case WarningCode::TheoreticalMode:
        return "theoretical mode: the pure roofline (dense Tensor Core peak, nominal HBM and link bandwidth); real runs are slower";
    case WarningCode::AboveBestPublishedMfu:
        return "BF16 MFU " + num(w.a * 100) + " % is above the best published run of its class on any GPU (" +
               num(w.b * 100) + " %): treat this number with suspicion";
    case WarningCode::ExposedCommunication:
        return std::string(commAxisKey(static_cast<CommAxis>(static_cast<int>(w.a)))) + " communication is exposed for " +
               format(Seconds{w.b}) + " per step (" + num(w.c * 100) + " % of the step)";
    case WarningCode::ComputeCalibrationCarriedOver:
        return "no kernel measurements for this GPU: its efficiencies are carried over from another GPU generation (an assumption)";
    case WarningCode::StepBeyondTrainingBudget:
        return "one step takes " + groupedNumber(w.a) + " tokens, more than the whole training budget of " + groupedNumber(w.b) +
               " tokens: check global_batch and seq_len";
    case WarningCode::AttentionKernelNotCalibrated:
        return "the scenario's attention_kernel has no measurements for this GPU family: its default attention kernel is used";
    case WarningCode::BatchFarBeyondCriticalBatch:
        return "one step takes " + groupedNumber(w.a) + " tokens, " + num(w.a / w.b) + "× the critical batch bound of " +
               groupedNumber(w.b) + " tokens (Kaplan et al. 2020): beyond it more tokens per step buy no faster training; check global_batch";
    }
    return {};
}

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
    const double budget = ctx.scenario.training.tokensTotal;
    if (budget > 0 && e.tokensPerStep > budget) e.warn(WarningCode::StepBeyondTrainingBudget, e.tokensPerStep, budget);
    if (const auto& cb = ctx.criticalBatch; cb && e.tokensPerStep > cb->warnFactor.value * cb->tokensAtOneNat.value)
        e.warn(WarningCode::BatchFarBeyondCriticalBatch, e.tokensPerStep, cb->tokensAtOneNat.value, cb->warnFactor.value);
}

} // namespace scalescope

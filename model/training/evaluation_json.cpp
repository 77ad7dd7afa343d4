#include "model/training/evaluation_json.h"

#include "model/power/facility_report.h"
#include "model/training/verdicts.h"

namespace scalescope {

using nlohmann::json;

namespace {

json tierName(const EvaluationContext& ctx, int tier)
{
    if (tier < 0 || tier >= static_cast<int>(ctx.tiers.tiers.size())) return nullptr;
    return ctx.tiers.tiers[static_cast<size_t>(tier)].name;
}

} // namespace

json calibrationsJson(const ResolvedSystem& r)
{
    return {{"compute", r.compute.id.empty() ? json() : json(r.compute.id)},
            {"network", r.calibration.id},
            {"compute_user", r.computeUser},
            {"compute_carried_over", r.computeCarriedOver},
            {"network_user", r.calibrationUser},
            // The MoE dispatch kernels' calibration, where the scenario's dispatcher uses it.
            {"ep_dispatch", r.scenario.mode == Mode::Training && r.scenario.training.moeDispatcher != MoeDispatcher::AllToAll &&
                                    r.epDispatchCalibration
                                ? json(r.epDispatchCalibration->id)
                                : json()}};
}

json evaluationToJson(const EvaluationContext& ctx, const Evaluation& e)
{
    if (!e.ok) return {{"ok", false}, {"error", {{"path", e.errorPath}, {"message", e.error}}}};
    json comm = json::object();
    for (int i = 0; i < kCommAxes; ++i) {
        const AxisComm& a = e.comm[static_cast<size_t>(i)];
        comm[std::string(commAxisKey(static_cast<CommAxis>(i)))] = {{"s", a.time.si},
                                                                    {"exposed_s", a.exposed.si},
                                                                    {"bytes", a.bytes.si},
                                                                    {"tier", tierName(ctx, a.tier)},
                                                                    {"bandwidth_Bps", a.perGpuBandwidth.si}};
    }
    const MemoryPerGpu& m = e.memory;
    json memory = {{"weights_B", m.weights.si}, {"grads_B", m.grads.si},       {"optimizer_B", m.optimizer.si},
                   {"activations_B", m.activations.si}, {"buffers_B", m.buffers.si}, {"total_B", m.total.si},
                   {"capacity_B", m.capacity.si},   {"reserved_B", m.reserved.si}, {"fits", m.fits}};
    if (ctx.superchip) {
        memory["spill_capacity_B"] = m.spillCapacity.si;
        memory["spill_B"] = m.spill.si;
        memory["spill_s"] = m.spillTime.si;
        memory["fits_with_spill"] = m.fitsWithSpill;
    }
    json warnings = json::array();
    for (int i = 0; i < e.warningCount; ++i) {
        const Warning& w = e.warnings[static_cast<size_t>(i)];
        warnings.push_back({{"code", warningKey(w.code)}, {"message", warningMessage(w)}});
    }
    const Scenario& s = ctx.scenario;
    json out = {
        {"ok", true},
        {"scenario", s.name},
        {"system", ctx.system.id},
        {"gpu", ctx.gpu.id},
        {"model", ctx.model.id},
        {"gpus", s.gpus},
        {"mode", s.efficiency == EfficiencyMode::Measured ? "measured" : "theoretical"},
        {"step_time_s", e.stepTime.si},
        {"mfu", e.mfu},
        {"mfu_at_precision", e.mfuAtPrecision},
        {"hfu", e.hfu},
        {"mfu_reference", "dense BF16 Tensor Core peak"},
        {"peak_bf16_flops_per_s", ctx.peakBf16.si},
        {"peak_at_precision_flops_per_s", ctx.peak.si},
        {"tokens_per_s", e.tokensPerS},
        {"tokens_per_s_per_gpu", e.tokensPerSPerGpu},
        {"tokens_per_step", e.tokensPerStep},
        {"flops_per_step", e.flopsPerStep.si},
        {"hardware_flops_per_step", e.hardwareFlopsPerStep.si},
        {"compute_s", e.computeTime.si},
        {"exposed_comm_s", e.exposedComm.si},
        {"bubble_s", e.bubbleTime.si},
        {"bubble_fraction", e.bubbleFraction},
        {"optimizer_s", e.optimizerTime.si},
        {"microbatches", e.microbatches},
        {"dp_critical_tokens_per_gpu", e.criticalTokensPerGpu},
        {"tokens_per_gpu", e.tokensPerGpu},
        {"comm", comm},
        {"memory_per_gpu", memory},
        {"warnings", warnings},
    };
    const FacilityReport facility = facilityReport(ctx, e);
    out["power"] = powerJson(ctx, facility);
    out["cooling"] = coolingJson(ctx, facility);
    out["goodput"] = goodputJson(ctx, e, facility);
    if (e.timeToTrain.si > 0) out["time_to_train_s"] = e.timeToTrain.si;
    if (e.tpComputeBoundLimit > 0) out["tp_compute_bound_limit"] = e.tpComputeBoundLimit;
    if (const ParallelLayout& p = s.parallel; p.folded())
        out["expert_layout"] = {{"etp", p.etp}, {"ep", p.ep}, {"edp", p.expertDataParallel()}};
    // Which permutation the MoE layers are costed with (training.moe_permute_fusion).
    if (ctx.model.moe) out["moe_permutation"] = s.training.moePermuteFusion ? "fused" : "unfused";
    // How the router is balanced (training.moe_balancing) and the busiest
    // expert's (forced routing: EP rank's) load over the mean that the
    // moe_imbalance rows charge, with their source; 1 and null without them.
    if (ctx.model.moe) {
        json imbalance = {{"setting", moeBalancingKey(s.training.moeBalancing)}, {"max_over_mean", 1.0}, {"source", nullptr}};
        for (const OpRow& r : e.ops)
            if (r.op == OpKind::MoeImbalance && r.efficiency > 0) {
                imbalance["max_over_mean"] = 1 / r.efficiency;
                imbalance["source"] = r.source ? json(*r.source) : json();
                break;
            }
        out["moe_balancing"] = imbalance;
    }
    return out;
}

} // namespace scalescope

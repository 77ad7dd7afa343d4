#include "model/power/facility_report.h"

namespace scalescope {

using nlohmann::json;

FacilityReport facilityReport(const ResolvedSystem& ctx, const Evaluation& e)
{
    const Scenario& s = ctx.scenario;
    return facilityReport(ctx, StepWork{s.gpus, e.stepTime, e.tokensPerStep, e.mfu,
                                        s.mode == Mode::Training ? s.training.tokensTotal : 0.0});
}

FacilityReport facilityReport(const ResolvedSystem& ctx, const StepWork& work)
{
    FacilityReport r;
    const Scenario& s = ctx.scenario;
    const FacilitySpec& f = ctx.facility;
    r.budget = powerBudget(ctx.system, ctx.gpu);
    r.cluster = clusterPower(r.budget, s.gpus);
    r.energy = energyReport(r.budget, f.load, s.facility, work);
    r.rackFeeds = feedLoad(r.budget.rack.peak, r.budget.rack.feeds, r.budget.rack.redundancy, f.feed);
    const Kelvin deltaT{s.facility.deltaTK};
    r.jobCooling = coolingLoad(r.energy.itPower, ctx.coolant, deltaT, ctx.air, f.airDeltaT.value);
    r.rackCooling = coolingLoad(r.budget.rack.peak, ctx.coolant, deltaT, ctx.air, f.airDeltaT.value);
    r.goodput = estimateGoodput(failureModel(f.reliability), s.gpus);
    return r;
}

namespace {

json feedJson(const ResolvedSystem& ctx, const FeedLoad& l)
{
    const ElectricalFeedSpec& feed = ctx.facility.feed;
    return {{"redundancy", feedRedundancyKey(l.redundancy)},
            {"feeds", l.feeds},
            {"line_voltage_V", feed.lineVoltage.value.si},
            {"phases", feed.phases.value},
            {"power_factor", feed.powerFactor.value},
            {"normal_W", l.normalPerFeed.si},
            {"design_W", l.designPerFeed.si},
            {"normal_A", l.normalCurrent.si},
            {"design_A", l.designCurrent.si}};
}

json itemsJson(const std::vector<PowerItem>& items)
{
    json out = json::array();
    for (const PowerItem& i : items)
        out.push_back({{"key", i.key}, {"label", i.label}, {"count", i.count}, {"each_W", i.each.si},
                       {"total_W", i.total.si}, {"source", i.source}, {"citation", i.citation}});
    return out;
}

json levelsJson(Watts peak, const LoadProfileSpec& load, double scale = 1.0)
{
    json out = json::object();
    for (LoadLevel l : kAllLoadLevels)
        out[std::string(loadLevelKey(l)) + "_W"] = powerAt(peak, utilisationAt(l, load), load).si * scale;
    return out;
}

} // namespace

json powerJson(const ResolvedSystem& ctx, const FacilityReport& r)
{
    const EnergyReport& e = r.energy;
    json out = {{"it_W", e.itPower.si},
                {"facility_W", e.facilityPower.si},
                {"rack_peak_W", r.budget.rack.peak.si},
                {"energy_per_step_J", e.energyPerStep.si},
                {"tokens_per_J", e.tokensPerJoule},
                {"utilisation", e.utilisation},
                {"it_peak_W", e.itPeak.si},
                {"pue", ctx.scenario.facility.pue},
                {"racks", e.rackShare},
                {"racks_occupied", r.cluster.racks},
                {"it_energy_per_step_J", e.itEnergyPerStep.si},
                {"energy_per_million_tokens_J", e.energyPerMillionTokens.si},
                {"energy_cost_per_step", e.energyCostPerStep},
                {"gpu_time_cost_per_step", e.gpuTimeCostPerStep},
                {"cost_per_step", e.costPerStep},
                {"cost_per_million_tokens", e.costPerMillionTokens},
                {"currency", ctx.scenario.facility.currency},
                {"rack_feeds", feedJson(ctx, r.rackFeeds)}};
    if (e.runSteps > 0) {
        out["run_steps"] = e.runSteps;
        out["run_time_s"] = e.runTime.si;
        out["run_energy_J"] = e.runEnergy.si;
        out["run_energy_cost"] = e.runEnergyCost;
        out["run_gpu_time_cost"] = e.runGpuTimeCost;
        out["run_cost"] = e.runCost;
    }
    return out;
}

json coolingJson(const ResolvedSystem& ctx, const FacilityReport& r)
{
    const CoolingLoad& job = r.jobCooling;
    const CoolingLoad& rack = r.rackCooling;
    return {{"flow_L_per_min", litresPerMinute(job.flow)},
            {"delta_T_K", job.deltaT.si},
            {"coolant", job.coolant},
            {"heat_W", job.heat.si},
            {"L_per_min_per_kW", job.litresPerMinutePerKilowatt},
            {"system_cooling", ctx.system.cooling},
            {"airflow_m3_per_h", cubicMetresPerHour(job.airflow)},
            {"airflow_cfm", cubicFeetPerMinute(job.airflow)},
            {"air_delta_T_K", job.airDeltaT.si},
            {"air_to_liquid_volume_ratio", job.airToLiquidVolumeRatio},
            {"rack_heat_W", rack.heat.si},
            {"rack_flow_L_per_min", litresPerMinute(rack.flow)},
            {"rack_airflow_m3_per_h", cubicMetresPerHour(rack.airflow)},
            {"rack_airflow_cfm", cubicFeetPerMinute(rack.airflow)}};
}

json goodputJson(const ResolvedSystem& ctx, const Evaluation& e, const FacilityReport& r)
{
    const GoodputEstimate& g = r.goodput;
    const FailureModel model = failureModel(ctx.facility.reliability);
    json scales = json::array();
    for (long long n : kGoodputScales) {
        const GoodputEstimate at = estimateGoodput(model, n);
        scales.push_back({{"gpus", n}, {"mtbf_s", at.mtbf.si}, {"checkpoint_interval_s", at.interval.si},
                          {"effective_time_fraction", at.effectiveTimeFraction}});
    }
    json out = {{"effective_time_fraction", g.effectiveTimeFraction},
                {"goodput_tokens_per_s", e.tokensPerS * g.effectiveTimeFraction},
                {"goodput_mfu", e.mfu * g.effectiveTimeFraction},
                {"failures_per_gpu_hour", model.failuresPerGpuHour},
                {"job_mtbf_s", g.mtbf.si},
                {"failures_per_day", g.failuresPerDay},
                {"restart_s", model.restartTime.si},
                {"checkpoint_write_s", model.checkpointWrite.si},
                {"checkpoint_interval_s", g.interval.si},
                {"optimal_checkpoint_interval_s", g.optimalInterval.si},
                {"checkpoint_loss", g.checkpointLoss},
                {"failure_loss", g.failureLoss},
                {"at_scale", scales}};
    if (e.timeToTrain.si > 0 && g.effectiveTimeFraction > 0)
        out["time_to_train_with_failures_s"] = e.timeToTrain.si / g.effectiveTimeFraction;
    return out;
}

json powerBudgetJson(const ResolvedSystem& ctx, const FacilityReport& r)
{
    const PowerBudget& b = r.budget;
    const LoadProfileSpec& load = ctx.facility.load;
    const double pue = ctx.scenario.facility.pue;
    json rackLevels = levelsJson(b.rack.peak, load);
    return {{"system", ctx.system.id},
            {"load_profile",
             {{"idle_fraction", load.idleFraction.value},
              {"typical_utilisation", load.typicalUtilisation.value},
              {"mfu_at_full_power", load.mfuAtFullPower.value}}},
            {"node",
             {{"name", b.node.name},
              {"peak_W", b.node.peak.si},
              {"components_exceed_peak", b.node.componentsExceedPeak},
              {"items", itemsJson(b.node.items)},
              {"levels", levelsJson(b.node.peak, load)}}},
            {"rack",
             {{"nodes", b.rack.nodes},
              {"gpus", b.rack.gpus},
              {"switch_trays", b.rack.switchTrays},
              {"peak_W", b.rack.peak.si},
              {"peak_from_spec", b.rack.peakFromSpec},
              {"supply_capacity_W", b.rack.supplyCapacity.si},
              {"items", itemsJson(b.rack.items)},
              {"levels", rackLevels},
              {"feeds", feedJson(ctx, r.rackFeeds)},
              {"cooling",
               {{"coolant", r.rackCooling.coolant},
                {"delta_T_K", r.rackCooling.deltaT.si},
                {"flow_L_per_min", litresPerMinute(r.rackCooling.flow)},
                {"airflow_m3_per_h", cubicMetresPerHour(r.rackCooling.airflow)},
                {"airflow_cfm", cubicFeetPerMinute(r.rackCooling.airflow)}}}}},
            {"cluster",
             {{"gpus", r.cluster.gpus},
              {"racks", r.cluster.racks},
              {"rack_share", r.cluster.rackShare},
              {"pue", pue},
              {"it", levelsJson(r.cluster.itPeak, load)},
              {"facility", levelsJson(r.cluster.itPeak, load, pue)}}}};
}

} // namespace scalescope

// scalescope-cli power: the rack and cluster power budget of a scenario,
// its feeds, coolant flow and air-cooling comparison, and the job's energy,
// cost and goodput.

#include "cli_args.h"
#include "commands.h"
#include "scenario_loading.h"

#include "model/power/facility_report.h"
#include "model/report/report_units.h"
#include "model/spec/quantity_parser.h"

#include <cstdio>

namespace scalescope::cli {

namespace {

constexpr const char* kPowerHelp = R"(usage: scalescope-cli power SCENARIO [--json]

Prints the power budget of the scenario's system: one node (tray) by
component, one fully loaded rack, its feeds and the current each carries,
the coolant flow for the scenario's coolant and temperature rise, the airflow
air cooling would need, and the GPU racks of the job at idle, typical and peak
load with the facility's PUE. Then the job itself: IT and facility power from
its MFU, energy and cost per step, per million tokens and per training run,
and goodput under failures. Every component line names its source key.
  --json   the same as JSON (SI units: W, J, s, K)
)";

std::string number(double v, int digits = 3) { return formatSignificant(v, digits); }

std::string percent(double v) { return number(v * 100.0, 3) + " %"; }

std::string tokens(double v)
{
    if (v >= 1e12) return number(v / 1e12) + "T";
    if (v >= 1e9) return number(v / 1e9) + "B";
    if (v >= 1e6) return number(v / 1e6) + "M";
    return number(v);
}

void printItems(const std::vector<PowerItem>& items, std::ostream& out)
{
    for (const PowerItem& i : items) {
        const bool remainder = i.key.size() > 5 && i.key.compare(i.key.size() - 5, 5, "-rest") == 0;
        if (remainder && i.total.si <= 0) continue;
        out << "  " << i.label << ": ";
        if (!remainder) out << i.count << " x " << format(i.each) << " = ";
        out << format(i.total) << (remainder ? "  (remainder)" : "") << (i.source.empty() ? "" : "  [" + i.source + "]") << "\n";
    }
}

void printBudget(const EvaluationContext& ctx, const FacilityReport& r, std::ostream& out)
{
    const PowerBudget& b = r.budget;
    const LoadProfileSpec& load = ctx.facility.load;
    out << ctx.system.name << " (" << ctx.system.id << "), scenario \"" << ctx.scenario.name << "\"\n\n";
    out << "Node: " << b.node.name << ", " << format(b.node.peak) << " peak\n";
    printItems(b.node.items, out);
    if (b.node.componentsExceedPeak)
        out << "  note: the component ratings add up to more than the node figure (they are limits, not a split)\n";
    out << "\nRack: " << b.rack.nodes << " nodes, " << b.rack.gpus << " GPUs";
    if (b.rack.switchTrays > 0) out << ", " << b.rack.switchTrays << " switch trays";
    out << "\n";
    printItems(b.rack.items, out);
    out << "  one fully loaded rack: " << format(b.rack.peak) << (b.rack.peakFromSpec ? " (rack figure of the spec)" : " (sum)")
        << "; idle " << format(powerAt(b.rack.peak, 0.0, load)) << ", typical (u = "
        << number(load.typicalUtilisation.value) << ") " << format(powerAt(b.rack.peak, load.typicalUtilisation.value, load))
        << "\n";
    if (b.rack.supplyCapacity.si > 0) out << "  power shelves: " << format(b.rack.supplyCapacity) << " of supply capacity\n";

    const FeedLoad& f = r.rackFeeds;
    const ElectricalFeedSpec& feed = ctx.facility.feed;
    out << "\nFeeds: " << f.feeds << " (" << feedRedundancyKey(f.redundancy) << ") at " << format(feed.lineVoltage.value)
        << (feed.phases.value == 3 ? " three-phase" : " single-phase") << ", power factor " << number(feed.powerFactor.value)
        << "\n  normal: " << format(f.normalPerFeed) << " (" << format(f.normalCurrent) << ") per feed"
        << "\n  design (after the worst failure covered): " << format(f.designPerFeed) << " (" << format(f.designCurrent)
        << ") per feed\n";

    const CoolingLoad& c = r.rackCooling;
    out << "\nCooling one rack at peak (" << ctx.system.cooling << "-cooled system): " << c.coolant << " at ΔT "
        << number(c.deltaT.si) << " K needs " << number(litresPerMinute(c.flow)) << " L/min ("
        << number(c.litresPerMinutePerKilowatt) << " L/min per kW)\n"
        << "  air at ΔT " << number(c.airDeltaT.si) << " K would need " << number(cubicMetresPerHour(c.airflow))
        << " m3/h (" << number(cubicFeetPerMinute(c.airflow)) << " CFM), " << number(c.airToLiquidVolumeRatio)
        << " times the liquid's volume\n";

    const double pue = ctx.scenario.facility.pue;
    out << "\nCluster: " << r.cluster.gpus << " GPUs in " << r.cluster.racks << " racks (" << number(r.cluster.rackShare)
        << " racks' worth)\n  IT:       ";
    for (LoadLevel l : kAllLoadLevels)
        out << loadLevelKey(l) << " " << format(powerAt(r.cluster.itPeak, utilisationAt(l, load), load)) << "  ";
    out << "\n  facility: ";
    for (LoadLevel l : kAllLoadLevels)
        out << loadLevelKey(l) << " " << format(powerAt(r.cluster.itPeak, utilisationAt(l, load), load) * pue) << "  ";
    out << "(PUE " << number(pue) << ")\n";
}

void printJob(const EvaluationContext& ctx, const Evaluation& e, const FacilityReport& r, std::ostream& out)
{
    const EnergyReport& en = r.energy;
    const std::string& currency = ctx.scenario.facility.currency;
    auto money = [&](double v) { return formatMoney(v, currency); };
    // One energy unit for the job's lines.
    const EnergyUnit unit = tableEnergyUnit({en.energyPerStep, en.energyPerMillionTokens, en.runSteps > 0 ? en.runEnergy : Joules{}});
    auto energy = [&](Joules j) { return number(inEnergyUnit(j, unit)) + " " + std::string(energyUnitSymbol(unit)); };
    out << "\nJob: step " << format(e.stepTime) << ", MFU " << percent(e.mfu) << " -> utilisation " << number(en.utilisation)
        << "\n  IT " << format(en.itPower) << ", facility " << format(en.facilityPower) << "; coolant "
        << number(litresPerMinute(r.jobCooling.flow)) << " L/min\n"
        << "  energy per step " << energy(en.energyPerStep) << ", per million tokens " << energy(en.energyPerMillionTokens)
        << ", " << number(en.tokensPerJoule) << " tokens per joule\n"
        << "  cost per step " << money(en.costPerStep) << " (electricity " << money(en.energyCostPerStep) << ", GPU time "
        << money(en.gpuTimeCostPerStep) << "), per million tokens " << money(en.costPerMillionTokens) << "\n";
    if (en.runSteps > 0)
        out << "  whole run (" << tokens(ctx.scenario.training.tokensTotal) << " tokens): " << number(en.runSteps)
            << " steps, " << format(en.runTime) << ", " << energy(en.runEnergy) << ", cost " << money(en.runCost)
            << " (electricity " << money(en.runEnergyCost) << ", GPU time " << money(en.runGpuTimeCost) << ")\n";
    const GoodputEstimate& g = r.goodput;
    out << "\nGoodput: a failure every " << format(g.mtbf) << " (" << number(g.failuresPerDay) << " a day); checkpoint every "
        << format(g.interval) << " -> effective training time " << percent(g.effectiveTimeFraction) << ", goodput MFU "
        << percent(e.mfu * g.effectiveTimeFraction) << "\n  at scale:";
    const FailureModel model = failureModel(ctx.facility.reliability);
    for (long long n : kGoodputScales)
        out << "  " << n << " GPUs " << percent(estimateGoodput(model, n).effectiveTimeFraction);
    out << "\n";
}

} // namespace

int runPower(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kPowerHelp; return Ok; }
    if (parsed->positional().size() != 1) { err << "error: power needs one SCENARIO\n" << kPowerHelp; return Usage; }
    const std::string& file = parsed->positional()[0];
    const auto ctx = loadContext(file, err);
    if (!ctx) return BadInput;
    const Evaluation e = evaluate(*ctx);
    if (!e.ok) err << file << ": " << e.errorPath << ": " << e.error << " (showing the budget without the job)\n";
    const FacilityReport r = facilityReport(*ctx, e);
    if (parsed->has("--json")) {
        nlohmann::json j = powerBudgetJson(*ctx, r);
        j["file"] = file;
        if (e.ok) j["job"] = {{"power", powerJson(*ctx, r)}, {"cooling", coolingJson(*ctx, r)}, {"goodput", goodputJson(*ctx, e, r)}};
        out << j.dump(2) << "\n";
        return Ok;
    }
    printBudget(*ctx, r, out);
    if (e.ok) printJob(*ctx, e, r, out);
    return Ok;
}

} // namespace scalescope::cli

// Power, cooling and energy against seed 000 §2.7–2.8 (and seed 002's
// notes of the same figures) and fact sheet F; property tests for the
// formulas Q = P / (ρ·c_p·ΔT) and E = P·t.

#include "model_test_support.h"

#include "model/training/evaluation_json.h"
#include "model/power/facility_report.h"
#include "model/spec/quantity_parser.h"

#include <filesystem>
#include <fstream>
#include <limits>

using namespace scalescope;
using namespace scalescope::literals;
using scalescope::testing::catalog;

namespace {

const FluidSpec& fluid(const char* id)
{
    const FluidSpec* f = catalog().fluid(id);
    REQUIRE(f);
    return *f;
}

const FacilitySpec& facility()
{
    const FacilitySpec* f = catalog().facility(kDefaultFacility);
    REQUIRE(f);
    return *f;
}

PowerBudget budgetOf(const char* system)
{
    const SystemSpec* s = catalog().system(system);
    REQUIRE(s);
    const GpuSpec* g = catalog().gpu(s->gpu);
    REQUIRE(g);
    return powerBudget(*s, *g);
}

Watts itemTotal(const std::vector<PowerItem>& items, const std::string& key)
{
    for (const PowerItem& i : items)
        if (i.key == key) return i.total;
    FAIL("no budget item " << key);
    return {};
}

} // namespace

TEST_CASE("Seed 000 2.7: 18 compute trays x ~6 kW + ~20 kW ≈ 130 kW per GB200 NVL72 rack", "[power][seed000]")
{
    const PowerBudget b = budgetOf("gb200-nvl72");
    CHECK(b.node.peak.si == Approx(6e3).epsilon(0));
    CHECK(b.rack.nodes == 18);
    CHECK(b.rack.gpus == 72);
    CHECK(itemTotal(b.rack.items, "nodes").si == Approx(108e3).epsilon(1e-9)); // "~110 kW"
    // "~20 kW" for switch trays, network, fans and pumps: 130 − 108 = 22 kW (±3 kW)
    CHECK(itemTotal(b.rack.items, "rack-rest").si == Approx(20e3).margin(3e3));
    CHECK(b.rack.peak.si == Approx(130e3).epsilon(0.02));
    // A budget adds up: node components to the node figure, rack items to the rack.
    Watts node{}, rack{};
    for (const PowerItem& i : b.node.items) node += i.total;
    for (const PowerItem& i : b.rack.items) rack += i.total;
    CHECK(node.si == Approx(b.node.peak.si).epsilon(1e-12));
    CHECK(rack.si == Approx(b.rack.peak.si).epsilon(1e-12));
    CHECK(itemTotal(b.node.items, "gpu").si == Approx(4 * 1200.0).epsilon(0)); // 4 GPUs at 1,200 W (seed 000 2.8)
}

TEST_CASE("Seed 000 2.7: 8 NVL72 racks for 576 GPUs draw nearly 1 MW", "[power][seed000]")
{
    const ClusterPower c = clusterPower(budgetOf("gb200-nvl72"), 576);
    CHECK(c.racks == 8);
    CHECK(c.itPeak.si == Approx(1e6).epsilon(0.05)); // 8 x 130 kW = 1.04 MW
}

TEST_CASE("Every shipped system has a consistent rack budget", "[power]")
{
    int withShelves = 0;
    for (const std::string& id : catalog().ids(SpecKind::System)) {
        INFO(id);
        const PowerBudget b = budgetOf(id.c_str());
        CHECK(b.rack.gpus > 0);
        Watts rack{};
        for (const PowerItem& i : b.rack.items) rack += i.total;
        CHECK(rack.si == Approx(b.rack.peak.si).epsilon(1e-12));
        if (b.rack.supplyCapacity.si <= 0) continue; // no power shelves in the spec
        ++withShelves;
        CHECK(b.rack.supplyCapacity >= b.rack.peak); // shelves can feed the rack
    }
    CHECK(withShelves > 0);
}

TEST_CASE("Seed 000 2.7: with 2N feeds each feed carries the full rack load", "[power][seed000]")
{
    const PowerBudget b = budgetOf("gb200-nvl72");
    CHECK(b.rack.feeds == 2);
    CHECK(b.rack.redundancy == FeedRedundancy::TwoN);
    const ElectricalFeedSpec& feed = facility().feed;
    const FeedLoad f = feedLoad(b.rack.peak, b.rack.feeds, b.rack.redundancy, feed);
    CHECK(f.designPerFeed.si == Approx(b.rack.peak.si).epsilon(1e-12));
    CHECK(f.normalPerFeed.si == Approx(b.rack.peak.si / 2).epsilon(1e-12));
    // I = 130 kW / (√3 · 415 V · 0.95) = 190.4 A per phase (±0.5 A)
    CHECK(f.designCurrent.si == Approx(130e3 / (1.7320508 * 415 * 0.95)).margin(0.5));
    struct Row {
        FeedRedundancy r;
        int feeds;
        double designShare; // design load per feed / rack load
    };
    for (const Row& row : {Row{FeedRedundancy::N, 2, 0.5}, Row{FeedRedundancy::NPlusOne, 3, 0.5},
                           Row{FeedRedundancy::TwoN, 4, 0.5}, Row{FeedRedundancy::TwoN, 2, 1.0}}) {
        const FeedLoad l = feedLoad(100.0_kW, row.feeds, row.r, feed);
        CHECK(l.designPerFeed.si == Approx(100e3 * row.designShare).epsilon(1e-12));
    }
}

TEST_CASE("Seed 000 2.8: 130 kW at a 10–12 °C rise needs about 150–190 L/min of water", "[cooling][seed000]")
{
    const FluidSpec& water = fluid("water");
    for (double dT : {10.0, 11.0, 12.0}) {
        INFO("ΔT " << dT << " K");
        const double lpm = litresPerMinute(coolantFlow(130.0_kW, water, Kelvin{dT}));
        CHECK(lpm >= 150.0);
        CHECK(lpm <= 190.0);
        CHECK(lpm == Approx(130e3 / (997.0 * 4180.0 * dT) * 60e3).epsilon(1e-9)); // 187, 170, 156 L/min
    }
}

TEST_CASE("Fact sheet F: 1.5 L/min per kW gives a 9.6 K rise in water and 10.0 K in PG25", "[cooling]")
{
    const CubicMetresPerSecond flow{1.5e-3 / 60.0}; // 1.5 L/min for 1 kW
    CHECK(temperatureRise(Watts{1e3}, fluid("water"), flow).si == Approx(9.6).margin(0.05));
    CHECK(temperatureRise(Watts{1e3}, fluid("pg25"), flow).si == Approx(10.0).margin(0.05));
}

TEST_CASE("Air would need thousands of times the liquid's volume flow (seed 000 2.8)", "[cooling][seed000]")
{
    const CoolingLoad c = coolingLoad(130.0_kW, fluid("water"), Kelvin{11}, fluid("air"), facility().airDeltaT.value);
    // 130 kW / (1.204 kg/m³ · 1005 J/(kg·K) · 15 K) = 7.16 m³/s = 25,800 m³/h
    CHECK(cubicMetresPerHour(c.airflow) == Approx(130e3 / (1.204 * 1005 * 15) * 3600).epsilon(1e-9));
    CHECK(cubicFeetPerMinute(c.airflow) == Approx(cubicMetresPerHour(c.airflow) / 1.699011).epsilon(1e-5));
    CHECK(c.airToLiquidVolumeRatio > 1000);
}

TEST_CASE("Property: coolant flow falls as the temperature rise grows", "[cooling][property]")
{
    for (const char* id : {"water", "pg25", "air"}) {
        INFO(id);
        double previous = std::numeric_limits<double>::infinity();
        for (double dT = 2; dT <= 30; dT += 0.5) {
            const double q = coolantFlow(130.0_kW, fluid(id), Kelvin{dT}).si;
            CHECK(q < previous);
            CHECK(q * dT == Approx(coolantFlow(130.0_kW, fluid(id), Kelvin{1}).si).epsilon(1e-12)); // Q ∝ 1/ΔT
            previous = q;
        }
    }
}

TEST_CASE("Property: 25 % propylene glycol needs more flow than water", "[cooling][property]")
{
    for (double kw : {1.0, 40.0, 130.0, 1000.0})
        for (double dT : {5.0, 10.0, 11.0, 15.0}) {
            INFO(kw << " kW, ΔT " << dT << " K");
            CHECK(coolantFlow(Watts{kw * 1e3}, fluid("pg25"), Kelvin{dT}) >
                  coolantFlow(Watts{kw * 1e3}, fluid("water"), Kelvin{dT}));
        }
}

TEST_CASE("IT power lies between idle and peak and rises with MFU", "[power][property]")
{
    const LoadProfileSpec& load = facility().load;
    CHECK(loadFactor(0.0, load) == Approx(load.idleFraction.value));
    CHECK(loadFactor(1.0, load) == Approx(1.0));
    CHECK(loadFactor(2.0, load) == Approx(1.0));
    double previous = 0;
    for (double mfu = 0; mfu <= 0.8; mfu += 0.05) {
        const double f = loadFactor(jobUtilisation(mfu, load), load);
        CHECK(f >= previous);
        CHECK(f >= load.idleFraction.value);
        CHECK(f <= 1.0);
        previous = f;
    }
}

TEST_CASE("Energy and cost of a step: a worked example on 576 GB200 GPUs (seed 000 2.7: 8 racks x 130 kW)", "[energy]")
{
    // Worked by hand: 576 GPUs fill 8 NVL72 racks, 8 × 130 kW = 1.04 MW at peak (seed 000 §2.7, "nearly 1 MW").
    // At 40 % MFU the job's utilisation is 0.40 / 0.5 = 0.8 (specs/facility/default.json: full power at 50 % MFU),
    // so IT power is 1.04 MW × (0.3 + 0.7 × 0.8) = 894.4 kW, and 1,073.28 kW at the meter with a PUE of 1.2.
    // A 5 s step of 512 × 8,192 = 4,194,304 tokens: 5,366,400 J = 1.490667 kWh, $0.149067 at $0.10 per kWh;
    // 576 × 5 s = 0.8 GPU-hours, $2.00 at $2.50 per GPU-hour.
    const FacilitySettings prices{"water", 11, 1.2, 0.10, 2.5};
    StepWork work;
    work.gpus = 576;
    work.stepTime = Seconds{5};
    work.tokensPerStep = 512.0 * 8192;
    work.mfu = 0.40;
    work.tokensTotal = 15e12; // Llama 3's 15 T tokens
    const EnergyReport en = energyReport(budgetOf("gb200-nvl72"), facility().load, prices, work);
    CHECK(en.itPeak.si == Approx(1.04e6).epsilon(1e-12));
    CHECK(en.utilisation == Approx(0.8).epsilon(1e-12));
    CHECK(en.itPower.si == Approx(894.4e3).epsilon(1e-12));
    CHECK(en.facilityPower.si == Approx(1073.28e3).epsilon(1e-12));
    CHECK(en.itEnergyPerStep.si == Approx(4.472e6).epsilon(1e-12));
    CHECK(en.energyPerStep.si == Approx(5.3664e6).epsilon(1e-12));
    CHECK(en.tokensPerJoule == Approx(0.781586).epsilon(1e-6));
    CHECK(en.energyPerMillionTokens.si == Approx(1.279449e6).epsilon(1e-6));
    CHECK(en.energyCostPerStep == Approx(0.149067).epsilon(1e-5));
    CHECK(en.gpuTimeCostPerStep == Approx(2.00).epsilon(1e-12));
    CHECK(en.costPerStep == Approx(2.149067).epsilon(1e-6));
    // The run: 15e12 / 4,194,304 = 3,576,278.7 steps, 207 days, 1.919e13 J = 5,331 MWh at the meter.
    CHECK(en.runSteps == Approx(3576278.687).epsilon(1e-9));
    CHECK(en.runTime.si == Approx(17881393.43).epsilon(1e-9));
    CHECK(en.runEnergy.si == Approx(1.919174e13).epsilon(1e-6));

    // Idle below any MFU (30 % of peak: 312 kW), capped at peak above 50 % MFU.
    const auto itPowerAt = [&](double mfu) {
        work.mfu = mfu;
        return energyReport(budgetOf("gb200-nvl72"), facility().load, prices, work).itPower.si;
    };
    CHECK(itPowerAt(0) == Approx(312e3).epsilon(1e-12));
    CHECK(itPowerAt(0.6) == Approx(1.04e6).epsilon(1e-12));
}

TEST_CASE("The GB200 NVL72 preset's power and cooling reach the evaluation JSON", "[energy]")
{
    const EvaluationContext ctx = testing::contextFor(testing::presetScenario("gb200-nvl72-llama3-405b"));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const FacilityReport r = facilityReport(ctx, e);
    CHECK(r.energy.itPeak.si == Approx(8 * 130e3).epsilon(1e-9)); // the job fills 8 racks
    CHECK(r.energy.itPower <= r.energy.itPeak);

    const nlohmann::json j = evaluationToJson(ctx, e);
    for (const char* key : {"it_W", "facility_W", "rack_peak_W", "energy_per_step_J", "tokens_per_J"})
        CHECK(j["power"].contains(key));
    for (const char* key : {"flow_L_per_min", "delta_T_K", "coolant"}) CHECK(j["cooling"].contains(key));
    CHECK(j["power"]["rack_peak_W"].get<double>() == Approx(130e3));
    CHECK(j["power"]["energy_per_step_J"].get<double>() == Approx(r.energy.energyPerStep.si));
    CHECK(j["cooling"]["coolant"] == "water");
    CHECK(j["cooling"]["delta_T_K"].get<double>() == Approx(11));
    CHECK(j["cooling"]["rack_flow_L_per_min"].get<double>() == Approx(170.2).margin(0.5));
    CHECK(j["power"]["run_energy_J"].get<double>() > 0);
}

TEST_CASE("Property: energy scales linearly with the number of steps", "[energy][property]")
{
    const EvaluationContext ctx = testing::contextFor(testing::presetScenario("llama3-70b-4096-h100"));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const EnergyReport r = facilityReport(ctx, e).energy;
    for (double steps : {1.0, 2.0, 10.0, 1e3, 1e6})
        CHECK(energyForSteps(r, steps).si == Approx(steps * r.energyPerStep.si).epsilon(1e-12));
    REQUIRE(ctx.scenario.training.tokensTotal > 0); // the preset states its training budget
    CHECK(r.runSteps == Approx(ctx.scenario.training.tokensTotal / e.tokensPerStep).epsilon(1e-12));
    CHECK(r.runEnergy.si == Approx(r.runSteps * r.energyPerStep.si).epsilon(1e-12));
}

TEST_CASE("Facility quantities parse with their units", "[units][cooling]")
{
    CHECK(parseAs<Dimension::Voltage>("415 V")->si == Approx(415));
    CHECK(parseAs<Dimension::Current>("1.4 kA")->si == Approx(1400));
    CHECK(parseAs<Dimension::Density>("997.0 kg/m3")->si == Approx(997));
    CHECK(parseAs<Dimension::SpecificHeat>("4.18 kJ/(kg·K)")->si == Approx(4180));
    CHECK(parseAs<Dimension::SpecificHeat>("3.88 kJ/(kg K)")->si == Approx(3880));
    CHECK_FALSE(parseAs<Dimension::Density>("997 kg"));
}

TEST_CASE("A malformed fluid or facility spec is refused with file and JSON path", "[specs][cooling]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "scalescope-facility-spec-test";
    fs::create_directories(dir);
    const fs::path fluidFile = dir / "bad-fluid.json";
    std::ofstream(fluidFile) << R"json({"kind": "fluid", "id": "bad", "name": "Bad", "sources": {"x": "test"},
        "reference_temperature": {"value": "25 °C", "source": "x"},
        "density": {"value": "997 kg", "source": "x"},
        "specific_heat": {"value": "4.18 kJ/(kg·K)", "source": "y"}})json";
    const SpecErrors fluidErrors = SpecCatalog::validateFile(fluidFile, nullptr);
    REQUIRE(fluidErrors.size() == 2);
    CHECK(fluidErrors[0].text() == fluidFile.string() + ": /density/value: expected a density (e.g. \"997 kg/m3\"), found a mass \"997 kg\"");
    CHECK(fluidErrors[1].path == "/specific_heat/source");

    const fs::path facilityFile = dir / "bad-facility.json";
    nlohmann::json doc;
    std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/facility/default.json") >> doc;
    doc["feed"]["phases"]["value"] = 2;
    std::ofstream(facilityFile) << doc.dump();
    const SpecErrors facilityErrors = SpecCatalog::validateFile(facilityFile, nullptr);
    REQUIRE(facilityErrors.size() == 1);
    CHECK(facilityErrors[0].path == "/feed/phases/value");
    fs::remove_all(dir);
}

// Units of report tables: one energy unit per table (kWh, MWh from a
// gigawatt-hour), money with the scenario's currency.

#include "model_test_support.h"

#include "model/power/facility_report.h"
#include "model/report/report_units.h"
#include "model/training/evaluation_context.h"

using namespace scalescope;
using namespace scalescope::testing;

TEST_CASE("A table's energies share one unit: kWh, or MWh once the largest reaches 1 GWh", "[report][units]")
{
    const Joules step{1'487'766.3886571696}; // the default preset's step: 0.413 kWh
    CHECK(tableEnergyUnit({step, Joules{3.6e9}}) == EnergyUnit::KWh); // 1,000 kWh
    CHECK(tableEnergyUnit({step, Joules{3.6e12 - 1}}) == EnergyUnit::KWh);
    const EnergyUnit run = tableEnergyUnit({step, Joules{3.6e12}}); // 1 GWh
    CHECK(run == EnergyUnit::MWh);
    CHECK(inEnergyUnit(step, EnergyUnit::KWh) == Approx(0.41326844129365825).epsilon(1e-12));
    CHECK(inEnergyUnit(Joules{3.6e12}, run) == Approx(1000).epsilon(1e-12));
    CHECK(energyUnitSymbol(run) == "MWh");
}

TEST_CASE("Money carries the facility's currency; a scenario's currency reaches the power JSON", "[report][units]")
{
    CHECK(formatMoney(0.7487342682211667, "USD") == "0.75 USD");
    CHECK(formatMoney(10710730.4, "EUR") == "10710730 EUR");
    Scenario s = presetScenario("default");
    CHECK(s.facility.currency == "USD");
    s.facility.currency = "CNY";
    nlohmann::json j = scenarioToJson(s);
    SpecErrors errors;
    const auto again = parseScenario(j, "cny.scalescope.json", errors);
    REQUIRE(again);
    CHECK(again->facility.currency == "CNY");
    const EvaluationContext ctx = contextFor(*again);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    CHECK(powerJson(ctx, facilityReport(ctx, e))["currency"] == "CNY");
}

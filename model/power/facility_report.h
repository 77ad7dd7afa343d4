#pragma once
// Power, cooling, energy and goodput of one evaluated scenario, assembled
// from the pure models (power_model.h, cooling_model.h, energy_model.h,
// goodput.h), and their JSON (the "power", "cooling" and "goodput" objects of
// the evaluation, DESIGN.md). SI units: watts, joules, seconds, kelvin.

#include "model/power/cooling_model.h"
#include "model/power/energy_model.h"
#include "model/core/evaluation.h"
#include "model/core/resolved_system.h"
#include "model/power/goodput.h"
#include "model/power/power_model.h"

#include <nlohmann/json.hpp>

namespace scalescope {

struct FacilityReport {
    PowerBudget budget;
    ClusterPower cluster;
    EnergyReport energy;
    FeedLoad rackFeeds;       // one rack at peak
    CoolingLoad jobCooling;   // the job's IT heat at its utilisation
    CoolingLoad rackCooling;  // one rack at peak
    GoodputEstimate goodput;  // at the scenario's GPU count
};

[[nodiscard]] FacilityReport facilityReport(const ResolvedSystem& ctx, const Evaluation& e);
// The same for any unit of work (a serving cycle: inference/serving_work.h).
[[nodiscard]] FacilityReport facilityReport(const ResolvedSystem& ctx, const StepWork& work);

// GPU counts at which the goodput object shows the effective training time.
inline constexpr long long kGoodputScales[] = {1'024, 16'384, 100'000, 1'000'000};

[[nodiscard]] nlohmann::json powerJson(const ResolvedSystem& ctx, const FacilityReport& r);
[[nodiscard]] nlohmann::json coolingJson(const ResolvedSystem& ctx, const FacilityReport& r);
[[nodiscard]] nlohmann::json goodputJson(const ResolvedSystem& ctx, const Evaluation& e, const FacilityReport& r);

// The rack and cluster budget with every component and its citation
// (`scalescope-cli power --json`).
[[nodiscard]] nlohmann::json powerBudgetJson(const ResolvedSystem& ctx, const FacilityReport& r);

} // namespace scalescope

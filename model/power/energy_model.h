#pragma once
// Power, energy and cost of a training job, tied to its evaluation.
//
// Assumption (specs/facility/default.json, "load"): IT power is linear in
// utilisation between idle and peak, P(u) = P_peak · (idle + (1 − idle) · u),
// and a job's utilisation is u = min(1, MFU / mfu_at_full_power). P_peak is
// the job's share of the rack figure (power_model.h). Facility power is
// IT × PUE. Energies and costs are at the facility meter unless named it*.
// Prices are per kWh and per GPU-hour in the scenario's currency; the cost
// of a step is its electricity plus its GPU time (price_per_gpu_hour being
// hardware, amortised or rented, without power).

#include "model/spec/facility_specs.h"
#include "model/power/power_model.h"
#include "model/spec/scenario.h"
#include "model/spec/units.h"

namespace scalescope {

// What the energy model needs from one evaluated step.
struct StepWork {
    long long gpus = 0;
    Seconds stepTime{};
    double tokensPerStep = 0;
    double mfu = 0;
    double tokensTotal = 0; // training budget; 0 = no whole-run figures
};

struct EnergyReport {
    double utilisation = 0; // u in [0, 1]
    double rackShare = 0;   // GPU racks the job occupies, pro rata
    Watts itPeak{}, itPower{}, facilityPower{};
    Joules itEnergyPerStep{}, energyPerStep{};
    double tokensPerJoule = 0;            // per facility joule
    Joules energyPerMillionTokens{};
    double energyCostPerStep = 0, gpuTimeCostPerStep = 0, costPerStep = 0;
    double costPerMillionTokens = 0;
    // The whole run, when tokensTotal > 0.
    double runSteps = 0;
    Seconds runTime{};
    Joules runEnergy{};
    double runEnergyCost = 0, runGpuTimeCost = 0, runCost = 0;
};

[[nodiscard]] double jobUtilisation(double mfu, const LoadProfileSpec& load) noexcept;

[[nodiscard]] EnergyReport energyReport(const PowerBudget& budget, const LoadProfileSpec& load,
                                        const FacilitySettings& facility, const StepWork& work) noexcept;

// Facility energy of `steps` steps (linear in steps).
[[nodiscard]] Joules energyForSteps(const EnergyReport& r, double steps) noexcept;

// Electricity cost of an energy at a price per kWh.
[[nodiscard]] double energyCost(Joules e, double pricePerKWh) noexcept;

} // namespace scalescope

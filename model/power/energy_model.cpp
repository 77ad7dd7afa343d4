#include "model/power/energy_model.h"

#include <algorithm>

namespace scalescope {

namespace {
constexpr double kJoulesPerKWh = 3.6e6;
constexpr double kSecondsPerHour = 3600.0;
} // namespace

double jobUtilisation(double mfu, const LoadProfileSpec& load) noexcept
{
    const double full = load.mfuAtFullPower.value;
    return full > 0 ? std::clamp(mfu / full, 0.0, 1.0) : 1.0;
}

double energyCost(Joules e, double pricePerKWh) noexcept { return e.si / kJoulesPerKWh * pricePerKWh; }

Joules energyForSteps(const EnergyReport& r, double steps) noexcept { return r.energyPerStep * steps; }

EnergyReport energyReport(const PowerBudget& budget, const LoadProfileSpec& load, const FacilitySettings& facility,
                          const StepWork& work) noexcept
{
    EnergyReport r;
    const ClusterPower cluster = clusterPower(budget, work.gpus);
    r.rackShare = cluster.rackShare;
    r.utilisation = jobUtilisation(work.mfu, load);
    r.itPeak = cluster.itPeak;
    r.itPower = powerAt(cluster.itPeak, r.utilisation, load);
    r.facilityPower = r.itPower * facility.pue;
    r.itEnergyPerStep = r.itPower * work.stepTime;
    r.energyPerStep = r.facilityPower * work.stepTime;
    if (r.energyPerStep.si > 0) r.tokensPerJoule = work.tokensPerStep / r.energyPerStep.si;
    if (work.tokensPerStep > 0) r.energyPerMillionTokens = r.energyPerStep * (1e6 / work.tokensPerStep);
    r.energyCostPerStep = energyCost(r.energyPerStep, facility.pricePerKWh);
    r.gpuTimeCostPerStep = static_cast<double>(work.gpus) * work.stepTime.si / kSecondsPerHour * facility.pricePerGpuHour;
    r.costPerStep = r.energyCostPerStep + r.gpuTimeCostPerStep;
    if (work.tokensPerStep > 0) r.costPerMillionTokens = r.costPerStep * 1e6 / work.tokensPerStep;
    if (work.tokensTotal > 0 && work.tokensPerStep > 0) {
        r.runSteps = work.tokensTotal / work.tokensPerStep;
        r.runTime = work.stepTime * r.runSteps;
        r.runEnergy = energyForSteps(r, r.runSteps);
        r.runEnergyCost = r.energyCostPerStep * r.runSteps;
        r.runGpuTimeCost = r.gpuTimeCostPerStep * r.runSteps;
        r.runCost = r.runEnergyCost + r.runGpuTimeCost;
    }
    return r;
}

} // namespace scalescope

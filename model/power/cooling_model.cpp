#include "model/power/cooling_model.h"

namespace scalescope {

namespace {

// ρ · c_p in J/(m³·K): the heat one cubic metre carries per kelvin.
double volumetricHeatCapacity(const FluidSpec& f) noexcept { return f.density.value.si * f.specificHeat.value.si; }

} // namespace

CubicMetresPerSecond coolantFlow(Watts heat, const FluidSpec& fluid, Kelvin deltaT) noexcept
{
    const double perSecondPerCubicMetre = volumetricHeatCapacity(fluid) * deltaT.si; // W per (m³/s)
    return perSecondPerCubicMetre > 0 ? CubicMetresPerSecond{heat.si / perSecondPerCubicMetre} : CubicMetresPerSecond{};
}

Kelvin temperatureRise(Watts heat, const FluidSpec& fluid, CubicMetresPerSecond flow) noexcept
{
    const double perKelvin = volumetricHeatCapacity(fluid) * flow.si; // W per K
    return perKelvin > 0 ? Kelvin{heat.si / perKelvin} : Kelvin{};
}

CoolingLoad coolingLoad(Watts heat, const FluidSpec& coolant, Kelvin deltaT, const FluidSpec& air, Kelvin airDeltaT)
{
    CoolingLoad c;
    c.heat = heat;
    c.coolant = coolant.id;
    c.deltaT = deltaT;
    c.flow = coolantFlow(heat, coolant, deltaT);
    c.litresPerMinutePerKilowatt = heat.si > 0 ? litresPerMinute(c.flow) / (heat.si / 1e3) : 0.0;
    c.airDeltaT = airDeltaT;
    c.airflow = coolantFlow(heat, air, airDeltaT);
    c.airToLiquidVolumeRatio = c.flow.si > 0 ? c.airflow.si / c.flow.si : 0.0;
    return c;
}

} // namespace scalescope

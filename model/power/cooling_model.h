#pragma once
// Heat carried away by a coolant stream: P = ρ · c_p · Q · ΔT, so the
// volume flow a load needs at a temperature rise is Q = P / (ρ · c_p · ΔT).
// Fluid properties come from specs/facility/fluids (fact sheet F). The same
// formula with air gives the airflow air cooling would need.
//
//   facility water ──▶ CDU ──▶ rack loop ──▶ cold plates (GPU, CPU, NVSwitch)
//   supply T_in               flow Q            return T_in + ΔT

#include "model/spec/facility_specs.h"
#include "model/spec/units.h"

#include <string>

namespace scalescope {

// Precondition: deltaT > 0 (returns 0 otherwise).
[[nodiscard]] CubicMetresPerSecond coolantFlow(Watts heat, const FluidSpec& fluid, Kelvin deltaT) noexcept;
// Precondition: flow > 0 (returns 0 otherwise).
[[nodiscard]] Kelvin temperatureRise(Watts heat, const FluidSpec& fluid, CubicMetresPerSecond flow) noexcept;

[[nodiscard]] constexpr double litresPerMinute(CubicMetresPerSecond q) noexcept { return q.si * 1e3 * 60.0; }
[[nodiscard]] constexpr double cubicMetresPerHour(CubicMetresPerSecond q) noexcept { return q.si * 3600.0; }
// 1 ft³/min = 0.3048³ m³ / 60 s.
[[nodiscard]] constexpr double cubicFeetPerMinute(CubicMetresPerSecond q) noexcept
{
    return q.si * 60.0 / (0.3048 * 0.3048 * 0.3048);
}

// One heat load cooled by a liquid, compared with air.
struct CoolingLoad {
    Watts heat{};
    std::string coolant; // fluid id
    Kelvin deltaT{};
    CubicMetresPerSecond flow{};
    double litresPerMinutePerKilowatt = 0; // the ratio CDU and OCP sheets quote (fact sheet F)
    Kelvin airDeltaT{};
    CubicMetresPerSecond airflow{};
    double airToLiquidVolumeRatio = 0; // airflow / liquid flow for the same heat
};

[[nodiscard]] CoolingLoad coolingLoad(Watts heat, const FluidSpec& coolant, Kelvin deltaT, const FluidSpec& air,
                                      Kelvin airDeltaT);

} // namespace scalescope

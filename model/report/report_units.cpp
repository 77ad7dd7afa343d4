#include "report_units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace scalescope {

EnergyUnit tableEnergyUnit(std::initializer_list<Joules> energies) noexcept
{
    constexpr double kGigawattHourInKWh = 1e6;
    double largest = 0;
    for (Joules e : energies)
        largest = std::max(largest, std::abs(e.si) / kJoulesPerKWh);
    return largest >= kGigawattHourInKWh ? EnergyUnit::MWh : EnergyUnit::KWh;
}

double inEnergyUnit(Joules energy, EnergyUnit unit) noexcept
{
    constexpr double kKWhPerMWh = 1e3;
    const double kwh = energy.si / kJoulesPerKWh;
    return unit == EnergyUnit::MWh ? kwh / kKWhPerMWh : kwh;
}

std::string_view energyUnitSymbol(EnergyUnit unit) noexcept
{
    return unit == EnergyUnit::MWh ? "MWh" : "kWh";
}

std::string formatMoney(double amount, std::string_view currency)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, std::abs(amount) >= 1000 ? "%.0f" : "%.2f", amount);
    return std::string(buf) + " " + std::string(currency);
}

} // namespace scalescope

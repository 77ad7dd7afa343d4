#pragma once
// Units for tables in reports: every energy of one table in one unit (kWh,
// or MWh once the largest reaches a gigawatt-hour, so that no cell needs
// more than seven digits before the point), and money with its currency
// (the scenario's facility "currency", ISO 4217).

#include "model/spec/units.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace scalescope {

enum class EnergyUnit { KWh, MWh };

inline constexpr double kJoulesPerKWh = 3.6e6;

// The unit for a table holding these energies.
[[nodiscard]] EnergyUnit tableEnergyUnit(std::initializer_list<Joules> energies) noexcept;
[[nodiscard]] double inEnergyUnit(Joules energy, EnergyUnit unit) noexcept;
[[nodiscard]] std::string_view energyUnitSymbol(EnergyUnit unit) noexcept; // "kWh", "MWh"

// "0.75 USD", "10710730 USD": two decimals below 1,000, none above; no
// group separators (the GUI adds the locale's).
[[nodiscard]] std::string formatMoney(double amount, std::string_view currency);

} // namespace scalescope

#include "model/spec/quantity_parser.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace scalescope {
namespace {

struct UnitDef {
    std::string_view symbol;
    Dimension dimension;
    double factor; // SI value of 1 unit
    double offset = 0.0;
};

constexpr double Ki = 1024.0;
constexpr double Litre = 1e-3; // m³

// clang-format off
constexpr std::array kUnits{
    UnitDef{"B", Dimension::Bytes, 1}, UnitDef{"kB", Dimension::Bytes, 1e3},
    UnitDef{"MB", Dimension::Bytes, 1e6}, UnitDef{"GB", Dimension::Bytes, 1e9},
    UnitDef{"TB", Dimension::Bytes, 1e12}, UnitDef{"PB", Dimension::Bytes, 1e15},
    UnitDef{"KiB", Dimension::Bytes, Ki}, UnitDef{"MiB", Dimension::Bytes, Ki * Ki},
    UnitDef{"GiB", Dimension::Bytes, Ki * Ki * Ki}, UnitDef{"TiB", Dimension::Bytes, Ki * Ki * Ki * Ki},
    UnitDef{"PiB", Dimension::Bytes, Ki * Ki * Ki * Ki * Ki},
    UnitDef{"B/s", Dimension::ByteRate, 1}, UnitDef{"kB/s", Dimension::ByteRate, 1e3},
    UnitDef{"MB/s", Dimension::ByteRate, 1e6}, UnitDef{"GB/s", Dimension::ByteRate, 1e9},
    UnitDef{"TB/s", Dimension::ByteRate, 1e12}, UnitDef{"PB/s", Dimension::ByteRate, 1e15},
    UnitDef{"KiB/s", Dimension::ByteRate, Ki}, UnitDef{"MiB/s", Dimension::ByteRate, Ki * Ki},
    UnitDef{"GiB/s", Dimension::ByteRate, Ki * Ki * Ki}, UnitDef{"TiB/s", Dimension::ByteRate, Ki * Ki * Ki * Ki},
    UnitDef{"b/s", Dimension::ByteRate, 1.0 / 8}, UnitDef{"kb/s", Dimension::ByteRate, 1e3 / 8},
    UnitDef{"Mb/s", Dimension::ByteRate, 1e6 / 8}, UnitDef{"Gb/s", Dimension::ByteRate, 1e9 / 8},
    UnitDef{"Tb/s", Dimension::ByteRate, 1e12 / 8},
    UnitDef{"FLOP", Dimension::Flops, 1}, UnitDef{"GFLOP", Dimension::Flops, 1e9},
    UnitDef{"TFLOP", Dimension::Flops, 1e12}, UnitDef{"PFLOP", Dimension::Flops, 1e15},
    UnitDef{"EFLOP", Dimension::Flops, 1e18},
    UnitDef{"FLOP/s", Dimension::FlopRate, 1}, UnitDef{"kFLOP/s", Dimension::FlopRate, 1e3},
    UnitDef{"MFLOP/s", Dimension::FlopRate, 1e6}, UnitDef{"GFLOP/s", Dimension::FlopRate, 1e9},
    UnitDef{"TFLOP/s", Dimension::FlopRate, 1e12}, UnitDef{"PFLOP/s", Dimension::FlopRate, 1e15},
    UnitDef{"EFLOP/s", Dimension::FlopRate, 1e18},
    UnitDef{"Hz", Dimension::Frequency, 1}, UnitDef{"kHz", Dimension::Frequency, 1e3},
    UnitDef{"MHz", Dimension::Frequency, 1e6}, UnitDef{"GHz", Dimension::Frequency, 1e9},
    UnitDef{"W", Dimension::Power, 1}, UnitDef{"kW", Dimension::Power, 1e3}, UnitDef{"MW", Dimension::Power, 1e6},
    UnitDef{"s", Dimension::Time, 1}, UnitDef{"ms", Dimension::Time, 1e-3},
    UnitDef{"us", Dimension::Time, 1e-6}, UnitDef{"µs", Dimension::Time, 1e-6},
    UnitDef{"ns", Dimension::Time, 1e-9}, UnitDef{"h", Dimension::Time, 3600},
    UnitDef{"K", Dimension::Temperature, 1}, UnitDef{"°C", Dimension::Temperature, 1, 273.15},
    UnitDef{"L/min", Dimension::Flow, Litre / 60}, UnitDef{"L/s", Dimension::Flow, Litre},
    UnitDef{"m3/h", Dimension::Flow, 1.0 / 3600}, UnitDef{"m3/s", Dimension::Flow, 1},
    UnitDef{"J", Dimension::Energy, 1}, UnitDef{"kJ", Dimension::Energy, 1e3},
    UnitDef{"MJ", Dimension::Energy, 1e6}, UnitDef{"GJ", Dimension::Energy, 1e9},
    UnitDef{"Wh", Dimension::Energy, 3600}, UnitDef{"kWh", Dimension::Energy, 3.6e6},
    UnitDef{"MWh", Dimension::Energy, 3.6e9}, UnitDef{"GWh", Dimension::Energy, 3.6e12},
    UnitDef{"g", Dimension::Mass, 1e-3}, UnitDef{"kg", Dimension::Mass, 1}, UnitDef{"t", Dimension::Mass, 1e3},
    UnitDef{"V", Dimension::Voltage, 1}, UnitDef{"kV", Dimension::Voltage, 1e3},
    UnitDef{"A", Dimension::Current, 1}, UnitDef{"kA", Dimension::Current, 1e3},
    UnitDef{"kg/m3", Dimension::Density, 1}, UnitDef{"kg/m³", Dimension::Density, 1},
    UnitDef{"J/(kg·K)", Dimension::SpecificHeat, 1}, UnitDef{"kJ/(kg·K)", Dimension::SpecificHeat, 1e3},
    UnitDef{"J/(kg K)", Dimension::SpecificHeat, 1}, UnitDef{"kJ/(kg K)", Dimension::SpecificHeat, 1e3},
};
// clang-format on

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string unknownUnitHint(std::string_view unit)
{
    if (unit == "KB" || unit == "KB/s")
        return "unknown unit \"" + std::string(unit) + "\" (write kB for 1000 bytes or KiB for 1024 bytes)";
    if (unit == "TFLOPS" || unit == "PFLOPS" || unit == "GFLOPS" || unit == "FLOPS")
        return "unknown unit \"" + std::string(unit) + "\" (write " + std::string(unit.substr(0, unit.size() - 1)) + "/s)";
    if (unit == "Gbps" || unit == "Mbps" || unit == "Tbps")
        return "unknown unit \"" + std::string(unit) + "\" (write " + std::string(unit.substr(0, 2)) + "/s)";
    return "unknown unit \"" + std::string(unit) + "\"";
}

} // namespace

std::string_view dimensionName(Dimension d) noexcept
{
    switch (d) {
    case Dimension::Count: return "a count";
    case Dimension::Bytes: return "a size in bytes (e.g. \"192 GB\", \"180 GiB\")";
    case Dimension::ByteRate: return "a bandwidth (e.g. \"8 TB/s\", \"400 Gb/s\")";
    case Dimension::Flops: return "an amount of work (e.g. \"6.3e24 FLOP\")";
    case Dimension::FlopRate: return "a compute rate (e.g. \"989 TFLOP/s\")";
    case Dimension::Frequency: return "a frequency (e.g. \"1.86 GHz\")";
    case Dimension::Power: return "a power (e.g. \"1000 W\", \"6 kW\")";
    case Dimension::Time: return "a time (e.g. \"5 us\")";
    case Dimension::Temperature: return "a temperature (e.g. \"45 °C\", \"318 K\")";
    case Dimension::Flow: return "a flow (e.g. \"150 L/min\")";
    case Dimension::Energy: return "an energy (e.g. \"1 MWh\")";
    case Dimension::Mass: return "a mass (e.g. \"1.36 t\")";
    case Dimension::Voltage: return "a voltage (e.g. \"415 V\")";
    case Dimension::Current: return "a current (e.g. \"190 A\")";
    case Dimension::Density: return "a density (e.g. \"997 kg/m3\")";
    case Dimension::SpecificHeat: return "a specific heat (e.g. \"4.18 kJ/(kg·K)\")";
    }
    return "a quantity";
}

QuantityParse parseQuantity(std::string_view text)
{
    const std::string_view s = trim(text);
    if (s.empty()) return {std::nullopt, "expected a number with a unit, found an empty string"};

    double number = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), number);
    if (ec != std::errc{} || end == s.data())
        return {std::nullopt, "expected a number with a unit such as \"8 TB/s\", found " + quoted(text)};
    if (!std::isfinite(number)) return {std::nullopt, "expected a finite number, found " + quoted(text)};

    std::string_view rest(end, static_cast<size_t>(s.data() + s.size() - end));
    if (!rest.empty() && (rest.front() == ',' || rest.front() == '_'))
        return {std::nullopt, "expected a number without digit separators (\"1979\", not \"1,979\"), found " + quoted(text)};
    const std::string_view unit = trim(rest);
    if (unit.empty()) return {ParsedQuantity{Dimension::Count, number, ""}, {}};

    for (const UnitDef& u : kUnits) {
        if (u.symbol == unit) return {ParsedQuantity{u.dimension, number * u.factor + u.offset, std::string(unit)}, {}};
    }
    return {std::nullopt, unknownUnitHint(unit) + " in " + quoted(text)};
}

namespace {
std::string shortName(Dimension d)
{
    const std::string_view n = dimensionName(d);
    return std::string(n.substr(0, n.find(" (")));
}
} // namespace

QuantityParse parseQuantity(std::string_view text, Dimension expected)
{
    QuantityParse p = parseQuantity(text);
    if (!p) return p;
    if (p.quantity->dimension != expected) {
        const std::string found = p.quantity->dimension == Dimension::Count ? "a bare number " + quoted(text)
                                                                            : shortName(p.quantity->dimension) + " " + quoted(text);
        return {std::nullopt, "expected " + std::string(dimensionName(expected)) + ", found " + found};
    }
    return p;
}

std::string formatSignificant(double v, int digits)
{
    if (v == 0.0) return "0";
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string out(buf);
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    return out;
}

namespace {

struct Prefixed {
    double scale;
    std::string_view symbol;
};

std::string withPrefix(double si, std::initializer_list<Prefixed> ladder, int digits)
{
    // ladder ordered from largest to smallest scale
    const double a = std::fabs(si);
    const Prefixed* chosen = ladder.end() - 1;
    for (const Prefixed& p : ladder) {
        if (a >= p.scale * 0.9995) { chosen = &p; break; }
    }
    return formatSignificant(si / chosen->scale, digits) + " " + std::string(chosen->symbol);
}

} // namespace

std::string formatBytes(Bytes b, BytePrefixes p, int digits)
{
    if (p == BytePrefixes::Binary)
        return withPrefix(b.si, {{Ki * Ki * Ki * Ki * Ki, "PiB"}, {Ki * Ki * Ki * Ki, "TiB"}, {Ki * Ki * Ki, "GiB"},
                                 {Ki * Ki, "MiB"}, {Ki, "KiB"}, {1, "B"}}, digits);
    return withPrefix(b.si, {{1e15, "PB"}, {1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}, {1, "B"}}, digits);
}

std::string formatQuantity(Dimension d, double si, int digits)
{
    switch (d) {
    case Dimension::Count: return formatSignificant(si, digits);
    case Dimension::Bytes: return formatBytes(Bytes{si}, BytePrefixes::Decimal, digits);
    case Dimension::ByteRate:
        return withPrefix(si, {{1e15, "PB/s"}, {1e12, "TB/s"}, {1e9, "GB/s"}, {1e6, "MB/s"}, {1e3, "kB/s"}, {1, "B/s"}}, digits);
    case Dimension::Flops:
        return withPrefix(si, {{1e18, "EFLOP"}, {1e15, "PFLOP"}, {1e12, "TFLOP"}, {1e9, "GFLOP"}, {1, "FLOP"}}, digits);
    case Dimension::FlopRate:
        return withPrefix(si, {{1e18, "EFLOP/s"}, {1e15, "PFLOP/s"}, {1e12, "TFLOP/s"}, {1e9, "GFLOP/s"}, {1, "FLOP/s"}}, digits);
    case Dimension::Frequency: return withPrefix(si, {{1e9, "GHz"}, {1e6, "MHz"}, {1e3, "kHz"}, {1, "Hz"}}, digits);
    case Dimension::Power: return withPrefix(si, {{1e6, "MW"}, {1e3, "kW"}, {1, "W"}}, digits);
    case Dimension::Time:
        if (std::fabs(si) >= 86400 * 2) return formatSignificant(si / 86400, digits) + " days";
        if (std::fabs(si) >= 3600 * 2) return formatSignificant(si / 3600, digits) + " h";
        return withPrefix(si, {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}}, digits);
    case Dimension::Temperature: return formatSignificant(si - 273.15, digits) + " °C";
    case Dimension::Flow: return formatSignificant(si / (Litre / 60), digits) + " L/min";
    case Dimension::Energy: return withPrefix(si, {{3.6e12, "GWh"}, {3.6e9, "MWh"}, {3.6e6, "kWh"}, {1e3, "kJ"}, {1, "J"}}, digits);
    case Dimension::Mass: return withPrefix(si, {{1e3, "t"}, {1, "kg"}, {1e-3, "g"}}, digits);
    case Dimension::Voltage: return withPrefix(si, {{1e3, "kV"}, {1, "V"}}, digits);
    case Dimension::Current: return withPrefix(si, {{1e3, "kA"}, {1, "A"}}, digits);
    case Dimension::Density: return formatSignificant(si, digits) + " kg/m3";
    case Dimension::SpecificHeat: return formatSignificant(si / 1e3, digits) + " kJ/(kg·K)";
    }
    return formatSignificant(si, digits);
}

} // namespace scalescope

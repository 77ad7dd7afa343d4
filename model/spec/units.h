#pragma once
// Physical quantities as types. Every value is stored in SI base units
// (bytes, seconds, bytes/s, FLOP/s, watts, kelvin, m³/s, joules, kg, Hz,
// volts, amperes, kg/m³, J/(kg·K));
// strings like "8 TB/s" or "180 GiB" are parsed once, at the edge.

#include <string>
#include <string_view>

namespace scalescope {

enum class Dimension {
    Count,
    Bytes,
    ByteRate,
    Flops,
    FlopRate,
    Frequency,
    Power,
    Time,
    Temperature,
    Flow,
    Energy,
    Mass,
    Voltage,
    Current,
    Density,
    SpecificHeat,
};

[[nodiscard]] std::string_view dimensionName(Dimension d) noexcept;

template <Dimension D>
struct Quantity {
    double si = 0.0; // value in SI base units

    constexpr Quantity() = default;
    constexpr explicit Quantity(double v) : si(v) {}
    [[nodiscard]] constexpr double value() const noexcept { return si; }

    // Spelled out rather than <=>: Qt's moc cannot parse <compare>, and views include this header.
    constexpr bool operator==(Quantity o) const noexcept { return si == o.si; }
    constexpr bool operator!=(Quantity o) const noexcept { return si != o.si; }
    constexpr bool operator<(Quantity o) const noexcept { return si < o.si; }
    constexpr bool operator<=(Quantity o) const noexcept { return si <= o.si; }
    constexpr bool operator>(Quantity o) const noexcept { return si > o.si; }
    constexpr bool operator>=(Quantity o) const noexcept { return si >= o.si; }
    constexpr Quantity operator+(Quantity o) const noexcept { return Quantity{si + o.si}; }
    constexpr Quantity operator-(Quantity o) const noexcept { return Quantity{si - o.si}; }
    constexpr Quantity operator*(double k) const noexcept { return Quantity{si * k}; }
    constexpr Quantity operator/(double k) const noexcept { return Quantity{si / k}; }
    constexpr double operator/(Quantity o) const noexcept { return si / o.si; }
    constexpr Quantity& operator+=(Quantity o) noexcept { si += o.si; return *this; }
    constexpr Quantity& operator-=(Quantity o) noexcept { si -= o.si; return *this; }
};

template <Dimension D>
constexpr Quantity<D> operator*(double k, Quantity<D> q) noexcept { return Quantity<D>{k * q.si}; }

using Bytes = Quantity<Dimension::Bytes>;
using BytesPerSecond = Quantity<Dimension::ByteRate>;
using Flops = Quantity<Dimension::Flops>;
using FlopsPerSecond = Quantity<Dimension::FlopRate>;
using Hertz = Quantity<Dimension::Frequency>;
using Watts = Quantity<Dimension::Power>;
using Seconds = Quantity<Dimension::Time>;
using Kelvin = Quantity<Dimension::Temperature>;
using CubicMetresPerSecond = Quantity<Dimension::Flow>;
using Joules = Quantity<Dimension::Energy>;
using Kilograms = Quantity<Dimension::Mass>;
using Volts = Quantity<Dimension::Voltage>;
using Amperes = Quantity<Dimension::Current>;
using KilogramsPerCubicMetre = Quantity<Dimension::Density>;
using JoulesPerKilogramKelvin = Quantity<Dimension::SpecificHeat>;

// The few products and ratios the cost model needs, so that units check.
constexpr Seconds operator/(Bytes b, BytesPerSecond r) noexcept { return Seconds{b.si / r.si}; }
constexpr Seconds operator/(Flops f, FlopsPerSecond r) noexcept { return Seconds{f.si / r.si}; }
constexpr Bytes operator*(BytesPerSecond r, Seconds t) noexcept { return Bytes{r.si * t.si}; }
constexpr Flops operator*(FlopsPerSecond r, Seconds t) noexcept { return Flops{r.si * t.si}; }
constexpr Joules operator*(Watts p, Seconds t) noexcept { return Joules{p.si * t.si}; }

namespace literals {
constexpr Bytes operator""_B(long double v) { return Bytes{double(v)}; }
constexpr Bytes operator""_GB(long double v) { return Bytes{double(v) * 1e9}; }
constexpr Bytes operator""_GiB(long double v) { return Bytes{double(v) * 1073741824.0}; }
constexpr BytesPerSecond operator""_GBps(long double v) { return BytesPerSecond{double(v) * 1e9}; }
constexpr BytesPerSecond operator""_TBps(long double v) { return BytesPerSecond{double(v) * 1e12}; }
constexpr FlopsPerSecond operator""_TFLOPs(long double v) { return FlopsPerSecond{double(v) * 1e12}; }
constexpr Seconds operator""_s(long double v) { return Seconds{double(v)}; }
constexpr Seconds operator""_ms(long double v) { return Seconds{double(v) * 1e-3}; }
constexpr Seconds operator""_us(long double v) { return Seconds{double(v) * 1e-6}; }
constexpr Watts operator""_W(long double v) { return Watts{double(v)}; }
constexpr Watts operator""_kW(long double v) { return Watts{double(v) * 1e3}; }
} // namespace literals

} // namespace scalescope

#pragma once
// Strict parsing of quantity strings ("8 TB/s", "192 GB", "180 GiB",
// "1.86 GHz", "1000 W", "400 Gb/s") and readable formatting.
// Decimal prefixes step by 10³, binary (Ki, Mi, Gi, Ti, Pi) by 2¹⁰; "KB" is
// refused because it is ambiguous.

#include "model/spec/units.h"

#include <optional>
#include <string>
#include <string_view>

namespace scalescope {

struct ParsedQuantity {
    Dimension dimension = Dimension::Count;
    double si = 0.0;          // value in SI base units
    std::string unit;         // the unit as written, e.g. "GiB"
};

// Result of a parse: the quantity, or a message saying what was expected
// and what was found (no file or path; callers add those).
struct QuantityParse {
    std::optional<ParsedQuantity> quantity;
    std::string error;
    [[nodiscard]] explicit operator bool() const noexcept { return quantity.has_value(); }
};

[[nodiscard]] QuantityParse parseQuantity(std::string_view text);

// Parses and checks the dimension; error names the expected dimension.
[[nodiscard]] QuantityParse parseQuantity(std::string_view text, Dimension expected);

template <Dimension D>
[[nodiscard]] std::optional<Quantity<D>> parseAs(std::string_view text)
{
    const QuantityParse p = parseQuantity(text, D);
    if (!p) return std::nullopt;
    return Quantity<D>{p.quantity->si};
}

enum class BytePrefixes { Decimal, Binary };

// Readable text with a prefix chosen so the number is in [1, 1000)
// (or [1, 1024) for binary), and `digits` significant digits.
[[nodiscard]] std::string formatQuantity(Dimension d, double si, int digits = 3);
[[nodiscard]] std::string formatBytes(Bytes b, BytePrefixes p = BytePrefixes::Decimal, int digits = 3);

template <Dimension D>
[[nodiscard]] std::string format(Quantity<D> q, int digits = 3) { return formatQuantity(D, q.si, digits); }

// Number with a fixed count of significant digits, no trailing zeros.
[[nodiscard]] std::string formatSignificant(double v, int digits);

} // namespace scalescope

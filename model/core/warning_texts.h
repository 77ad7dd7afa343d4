#pragma once
// The text of every warning (WarningCode, core/evaluation.h), in one table:
// its JSON key and its English text, where %1, %2, %3 stand for the
// warning's arguments as warningArguments formats them. The CLI prints the
// text filled in (warningMessage); the GUI looks the same English text up
// in its translations (context "Verdicts", views/planner/verdict_text.cpp)
// and fills in the same arguments, so both say the same thing.

#include "model/core/evaluation.h"

#include <array>
#include <string>
#include <string_view>

namespace scalescope {

inline constexpr int kWarningCodes = static_cast<int>(WarningCode::ScaleOutFractionAssumed) + 1;

[[nodiscard]] std::string_view warningKey(WarningCode c) noexcept; // "tp_leaves_nvlink_domain"

// The English text of a warning code, with its placeholders.
[[nodiscard]] const char* warningText(WarningCode c) noexcept;

struct WarningArguments {
    std::array<std::string, 3> values; // %1, %2, %3
    int count = 0;                     // placeholders the text holds
};
[[nodiscard]] WarningArguments warningArguments(const Warning& w);

// `text` with %1, %2, %3 replaced by the arguments (as QString::arg does).
[[nodiscard]] std::string fillWarningText(std::string_view text, const WarningArguments& args);
// The warning in English: warningText filled in with warningArguments.
[[nodiscard]] std::string warningMessage(const Warning& w);

// Group thousands: 2475 -> "2,475".
[[nodiscard]] std::string groupedNumber(double v);

} // namespace scalescope

#pragma once
// Numeric formats a GPU computes in, and their storage size.

#include <optional>
#include <string_view>

namespace scalescope {

enum class Precision { Fp64, Fp64Tensor, Fp32, Tf32, Bf16, Fp16, Fp8, Fp6, Fp4 };

inline constexpr Precision kAllPrecisions[] = {Precision::Fp64, Precision::Fp64Tensor, Precision::Fp32,
                                               Precision::Tf32, Precision::Bf16,       Precision::Fp16,
                                               Precision::Fp8,  Precision::Fp6,        Precision::Fp4};

[[nodiscard]] std::string_view precisionKey(Precision p) noexcept;  // "bf16"
[[nodiscard]] std::optional<Precision> precisionFromKey(std::string_view key) noexcept;
[[nodiscard]] double bytesPerElement(Precision p) noexcept;          // bf16 -> 2, fp4 -> 0.5
// FP8, FP6 and FP4: the 8-bit-and-below formats low-precision training uses.
[[nodiscard]] bool isLowPrecision(Precision p) noexcept;

} // namespace scalescope

#include "model/spec/precision.h"

namespace scalescope {

std::string_view precisionKey(Precision p) noexcept
{
    switch (p) {
    case Precision::Fp64: return "fp64";
    case Precision::Fp64Tensor: return "fp64_tensor";
    case Precision::Fp32: return "fp32";
    case Precision::Tf32: return "tf32";
    case Precision::Bf16: return "bf16";
    case Precision::Fp16: return "fp16";
    case Precision::Fp8: return "fp8";
    case Precision::Fp6: return "fp6";
    case Precision::Fp4: return "fp4";
    }
    return "?";
}

std::optional<Precision> precisionFromKey(std::string_view key) noexcept
{
    for (Precision p : kAllPrecisions)
        if (precisionKey(p) == key) return p;
    return std::nullopt;
}

double bytesPerElement(Precision p) noexcept
{
    switch (p) {
    case Precision::Fp64:
    case Precision::Fp64Tensor: return 8;
    case Precision::Fp32:
    case Precision::Tf32: return 4;
    case Precision::Bf16:
    case Precision::Fp16: return 2;
    case Precision::Fp8: return 1;
    case Precision::Fp6: return 0.75;
    case Precision::Fp4: return 0.5;
    }
    return 2;
}

bool isLowPrecision(Precision p) noexcept
{
    return p == Precision::Fp8 || p == Precision::Fp6 || p == Precision::Fp4;
}

} // namespace scalescope

#pragma once
// Chip roofline (seed 004, "GPU 规格总结" and the LLM roofline sections):
// time of an op = max(FLOPs / peak(precision), bytes / HBM bandwidth).

#include "model/spec/hardware_specs.h"
#include "model/spec/precision.h"
#include "model/spec/units.h"

#include <optional>

namespace scalescope {

enum class Bound { Compute, Memory };

struct OpCost {
    Flops flops{};
    Bytes bytes{};
    Seconds time{};
    Seconds computeTime{};
    Seconds memoryTime{};
    double intensity = 0; // FLOP per byte
    Bound bound = Bound::Compute;
};

// Peak used for an operation: Tensor Core peak for matmuls, the FP32
// vector peak for elementwise work. nullopt when the GPU has no such unit.
[[nodiscard]] std::optional<FlopsPerSecond> matmulPeak(const GpuSpec& gpu, Precision p);

// FLOP/byte above which an op is compute-bound: peak / HBM bandwidth.
[[nodiscard]] std::optional<double> ridgeIntensity(const GpuSpec& gpu, Precision p);

[[nodiscard]] OpCost rooflineCost(Flops flops, Bytes bytes, FlopsPerSecond peak, BytesPerSecond memoryBandwidth) noexcept;

// C[M,N] = A[M,K] · B[K,N] in `p`: 2·M·K·N FLOPs, (M·K + K·N + M·N) elements moved.
[[nodiscard]] std::optional<OpCost> matmulCost(const GpuSpec& gpu, double m, double k, double n, Precision p);

// out[N] = a[N] + b[N] on the vector units: N FLOPs, 3·N elements moved.
[[nodiscard]] OpCost vectorAddCost(const GpuSpec& gpu, double n, Precision p);

} // namespace scalescope

#pragma once
// Seed 004's back-of-the-envelope rooflines for LLM parallelism
// ("在 GPU 上进行 LLM 缩放的屋顶线"), as pure formulas.

#include "model/spec/units.h"

namespace scalescope {

// Data parallelism stays compute-bound when tokens per GPU exceed
// C / W_collective · (X − 1)/X, times E/k for a MoE with E experts and top-k.
[[nodiscard]] inline double dpCriticalTokensPerGpu(FlopsPerSecond peak, BytesPerSecond collective, double dpWays,
                                                   double expertsOverTopK = 1) noexcept
{
    const double shrink = dpWays > 1 ? (dpWays - 1) / dpWays : 1;
    return peak.si / collective.si * shrink * expertsOverTopK;
}

// Tensor parallelism of Y ways stays compute-bound while Y < F · W / C.
[[nodiscard]] inline double tpComputeBoundLimit(double ffn, BytesPerSecond collective, FlopsPerSecond peak) noexcept
{
    return ffn * collective.si / peak.si;
}

// Training FLOPs 6 · N · D (seed 004 quiz 5 question 2).
[[nodiscard]] inline Flops trainingFlops(double params, double tokens) noexcept { return Flops{6 * params * tokens}; }

// Wall time of `flops` on `gpus` GPUs at a model-FLOPs utilisation `mfu`.
[[nodiscard]] inline Seconds trainingTime(Flops flops, double gpus, FlopsPerSecond peak, double mfu) noexcept
{
    return Seconds{flops.si / (gpus * peak.si * mfu)};
}

} // namespace scalescope

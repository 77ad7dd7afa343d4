#include "model/compute/kernel_costs.h"

namespace scalescope {

KernelSetup kernelSetup(const GpuSpec& gpu, const ComputeCalibration& compute, EfficiencyMode mode, Precision precision,
                        int attentionKernel) noexcept
{
    return {&compute,
            mode == EfficiencyMode::Measured,
            precision,
            gpu.peak(precision).value_or(FlopsPerSecond{}),
            gpu.peak(Precision::Bf16).value_or(FlopsPerSecond{}),
            gpu.hbm.bandwidth.value,
            attentionKernel};
}

} // namespace scalescope

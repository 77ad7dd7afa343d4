#include "model/compute/kernel_efficiency.h"

#include "model/compute/compute_calibration.h"

// STUB until the calibration lands: every kernel at its nominal peak.
namespace scalescope {

Efficiency gemmEfficiency(const ComputeCalibration& c, Precision, GemmPass, double, double, double) noexcept
{
    return {1.0, &c.theoreticalSource};
}
Efficiency groupedGemmEfficiency(const ComputeCalibration& c, Precision, GemmPass, double, double, double, int) noexcept
{
    return {1.0, &c.theoreticalSource};
}
Efficiency attentionEfficiency(const ComputeCalibration& c, AttentionPass, double, double, double, bool) noexcept
{
    return {1.0, &c.theoreticalSource};
}
Efficiency memoryBandwidthFraction(const ComputeCalibration& c, MemoryOp) noexcept { return {1.0, &c.theoreticalSource}; }
Efficiency moeRoutingBalance(const ComputeCalibration& c) noexcept { return {1.0, &c.theoreticalSource}; }
Seconds kernelLaunchCost(const ComputeCalibration&) noexcept { return Seconds{0}; }

} // namespace scalescope

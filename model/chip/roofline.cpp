#include "model/chip/roofline.h"

#include <algorithm>

namespace scalescope {

std::optional<FlopsPerSecond> matmulPeak(const GpuSpec& gpu, Precision p) { return gpu.peak(p); }

std::optional<double> ridgeIntensity(const GpuSpec& gpu, Precision p)
{
    const auto peak = matmulPeak(gpu, p);
    if (!peak) return std::nullopt;
    return peak->si / gpu.hbm.bandwidth.value.si;
}

OpCost rooflineCost(Flops flops, Bytes bytes, FlopsPerSecond peak, BytesPerSecond memoryBandwidth) noexcept
{
    OpCost c;
    c.flops = flops;
    c.bytes = bytes;
    c.computeTime = peak.si > 0 ? flops / peak : Seconds{0};
    c.memoryTime = memoryBandwidth.si > 0 ? bytes / memoryBandwidth : Seconds{0};
    c.time = std::max(c.computeTime, c.memoryTime);
    c.intensity = bytes.si > 0 ? flops.si / bytes.si : 0;
    c.bound = c.computeTime >= c.memoryTime ? Bound::Compute : Bound::Memory;
    return c;
}

std::optional<OpCost> matmulCost(const GpuSpec& gpu, double m, double k, double n, Precision p)
{
    const auto peak = matmulPeak(gpu, p);
    if (!peak) return std::nullopt;
    const double e = bytesPerElement(p);
    return rooflineCost(Flops{2 * m * k * n}, Bytes{(m * k + k * n + m * n) * e}, *peak, gpu.hbm.bandwidth.value);
}

OpCost vectorAddCost(const GpuSpec& gpu, double n, Precision p)
{
    const FlopsPerSecond vector = gpu.peak(Precision::Fp32).value_or(FlopsPerSecond{0});
    return rooflineCost(Flops{n}, Bytes{3 * n * bytesPerElement(p)}, vector, gpu.hbm.bandwidth.value);
}

} // namespace scalescope

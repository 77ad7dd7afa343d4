#include "model/chip/superchip_fit.h"

#include <algorithm>

namespace scalescope {

SuperchipMemory superchipMemory(const SuperchipSpec& superchip, const GpuSpec& gpu) noexcept
{
    SuperchipMemory m;
    m.gpus = std::max(1, superchip.gpus.value);
    m.hbmPerGpu = gpu.hbm.capacityUsable.value;
    m.hbmBandwidthPerGpu = gpu.hbm.bandwidth.value;
    m.lpddr = superchip.lpddr5xCapacity.value;
    m.lpddrBandwidth = superchip.lpddr5xBandwidth.value;
    const BytesPerSecond c2c = gpu.c2cBandwidth ? gpu.c2cBandwidth->value : superchip.c2cBandwidth.value / m.gpus;
    m.c2cPerGpuPerDirection = c2c / 2.0; // specs give C2C bidirectional
    return m;
}

SuperchipFit fitOnSuperchip(const SuperchipMemory& memory, Bytes model, int gpusUsed)
{
    SuperchipFit f;
    f.model = Bytes{std::max(0.0, model.si)};
    f.gpusUsed = std::clamp(gpusUsed, 1, std::max(1, memory.gpus));
    f.hbmCapacity = memory.hbmPerGpu * f.gpusUsed;
    f.inHbm = std::min(f.model, f.hbmCapacity);
    for (int g = 0; g < f.gpusUsed; ++g) f.hbmPerGpu.push_back(f.inHbm / f.gpusUsed);
    const Bytes rest = f.model - f.inHbm;
    f.spilled = std::min(rest, memory.lpddr);
    f.overflow = rest - f.spilled;
    f.fits = f.overflow.si <= 0;
    f.hbmBandwidth = memory.hbmBandwidthPerGpu * f.gpusUsed;
    f.spillBandwidth = std::min(memory.c2cPerGpuPerDirection * f.gpusUsed, memory.lpddrBandwidth);
    f.hbmReadTime = f.hbmBandwidth.si > 0 ? f.inHbm / f.hbmBandwidth : Seconds{};
    f.spillReadTime = f.spillBandwidth.si > 0 ? f.spilled / f.spillBandwidth : Seconds{};
    f.passTime = std::max(f.hbmReadTime, f.spillReadTime);
    f.effectiveBandwidth = f.passTime.si > 0 ? BytesPerSecond{(f.inHbm + f.spilled).si / f.passTime.si}
                                             : f.hbmBandwidth;
    return f;
}

Bytes modelWeightBytes(double parameters, Precision p) noexcept
{
    return Bytes{parameters * bytesPerElement(p)};
}

} // namespace scalescope

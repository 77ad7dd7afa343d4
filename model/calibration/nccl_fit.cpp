#include "model/calibration/nccl_fit.h"

#include <algorithm>

namespace scalescope {

double ncclStepChunk(CollectiveKind kind, double bytes, int ranks) noexcept
{
    return kind == CollectiveKind::PointToPoint ? bytes : bytes / std::max(1, ranks);
}

std::vector<ChunkBandwidth> chunkBandwidths(const NcclTestsLog& log, double minMessageBytes)
{
    std::vector<ChunkBandwidth> out;
    for (const NcclTestsRow& r : log.rows)
        if (r.bytes >= minMessageBytes && r.outOfPlace.busGBps > 0)
            out.push_back({ncclStepChunk(log.collective, r.bytes, log.gpus), r.outOfPlace.busGBps * 1e9});
    return out;
}

std::optional<NcclEfficiencyFit> fitNcclEfficiency(std::span<const ChunkBandwidth> points, double linkBytesPerSecond) noexcept
{
    NcclEfficiencyFit fit;
    for (const ChunkBandwidth& p : points) fit.peakBusBytesPerSecond = std::max(fit.peakBusBytesPerSecond, p.busBytesPerSecond);
    if (fit.peakBusBytesPerSecond <= 0 || linkBytesPerSecond <= 0) return std::nullopt;
    const double peak = fit.peakBusBytesPerSecond;
    double uv = 0, vv = 0;
    for (const ChunkBandwidth& p : points) {
        if (p.chunkBytes <= 0 || p.busBytesPerSecond <= 0) continue;
        const double u = p.busBytesPerSecond / peak - 1;
        const double v = p.busBytesPerSecond / (peak * p.chunkBytes);
        uv += u * v;
        vv += v * v;
        ++fit.rows;
    }
    fit.achievableFraction = peak / linkBytesPerSecond;
    fit.halfChunkBytes = vv > 0 ? std::max(0.0, -uv / vv) : 0;
    return fit;
}

} // namespace scalescope

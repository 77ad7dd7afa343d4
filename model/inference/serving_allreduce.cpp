#include "model/inference/serving_allreduce.h"

namespace scalescope {

const std::string& customAllReduceAssumption() noexcept
{
    static const std::string s =
        "assumption: vLLM's custom all-reduce (csrc/custom_all_reduce.cuh) for messages below 8 MiB in one NVLink "
        "domain, costed with the NVLink tier's per-step latency and achievable bandwidth (nccl-measured); not measured";
    return s;
}

std::optional<Seconds> customAllReduce(const NetworkTiers& net, int gpus, bool withinDomain, Bytes bytes,
                                       EfficiencyMode mode, const CalibrationSpec& calibration) noexcept
{
    if (!withinDomain || net.tiers.empty() || gpus < 2 || gpus > kCustomAllReduceMaxGpus || gpus % 2 != 0 ||
        bytes.si >= kCustomAllReduceMaxBytes)
        return std::nullopt;
    const NetworkTier& nvlink = net.tiers.front();
    const double fraction = mode == EfficiencyMode::Measured ? calibration.nvlinkAchievableFraction.value : 1.0;
    const BytesPerSecond w = nvlink.childEgress * fraction;
    if (w.si <= 0) return std::nullopt;
    const double n = gpus, B = bytes.si;
    const bool oneStage = gpus == 2 || (gpus <= 4 && B < 512.0 * 1024) || B < 256.0 * 1024;
    const Bytes moved{oneStage ? (n - 1) * B : 2 * (n - 1) / n * B};
    return nvlink.hopLatency * 3.0 + moved / w;
}

} // namespace scalescope

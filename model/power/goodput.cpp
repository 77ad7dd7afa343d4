#include "model/power/goodput.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scalescope {

double goodputTokensPerSecond(double usefulTokens, Seconds elapsed) noexcept
{
    return elapsed.si > 0 ? usefulTokens / elapsed.si : 0.0;
}

double goodputEfficiency(double usefulTokens, Seconds elapsed, double peakTokensPerSecond) noexcept
{
    return peakTokensPerSecond > 0 ? goodputTokensPerSecond(usefulTokens, elapsed) / peakTokensPerSecond : 0.0;
}

FailureModel failureModel(const ReliabilitySpec& spec)
{
    FailureModel m;
    m.failuresPerGpuHour = spec.failuresPerGpuHour.value;
    m.restartTime = spec.restartTime.value;
    m.checkpointWrite = spec.checkpointWrite.value;
    if (spec.checkpointInterval) m.checkpointInterval = spec.checkpointInterval->value;
    return m;
}

Seconds jobMtbf(double failuresPerGpuHour, long long gpus) noexcept
{
    const double perSecond = failuresPerGpuHour / 3600.0 * static_cast<double>(gpus);
    return perSecond > 0 ? Seconds{1.0 / perSecond} : Seconds{std::numeric_limits<double>::infinity()};
}

Seconds youngDalyInterval(Seconds checkpointWrite, Seconds mtbf) noexcept
{
    return Seconds{std::sqrt(2.0 * checkpointWrite.si * mtbf.si)};
}

GoodputEstimate estimateGoodput(const FailureModel& model, long long gpus) noexcept
{
    GoodputEstimate g;
    g.gpus = gpus;
    g.mtbf = jobMtbf(model.failuresPerGpuHour, gpus);
    g.failuresPerDay = std::isfinite(g.mtbf.si) ? 86400.0 / g.mtbf.si : 0.0;
    g.optimalInterval = youngDalyInterval(model.checkpointWrite, g.mtbf);
    g.interval = model.checkpointInterval.value_or(g.optimalInterval);
    const double tau = g.interval.si;
    const double delta = model.checkpointWrite.si;
    if (!std::isfinite(g.mtbf.si)) { // no failures: no need to checkpoint for them
        g.checkpointLoss = model.checkpointInterval && tau + delta > 0 ? delta / (tau + delta) : 0.0;
        g.effectiveTimeFraction = 1.0 - g.checkpointLoss;
        return g;
    }
    g.checkpointLoss = tau + delta > 0 ? delta / (tau + delta) : 0.0;
    g.failureLoss = std::min(1.0, (model.restartTime.si + (tau + delta) / 2.0) / g.mtbf.si);
    g.effectiveTimeFraction = (1.0 - g.failureLoss) * (1.0 - g.checkpointLoss);
    return g;
}

} // namespace scalescope

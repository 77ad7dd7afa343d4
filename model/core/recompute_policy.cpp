#include "model/core/recompute_policy.h"

#include <algorithm>

namespace scalescope {

double fullRecomputeShare(const TrainingSettings& t, double stageLayers) noexcept
{
    if (t.recompute != Recompute::Full || stageLayers <= 0) return 0;
    return t.recomputeLayers > 0 ? std::min(1.0, t.recomputeLayers / stageLayers) : 1.0;
}

namespace {

// recomputedShare given the full-recompute share.
double shareOf(const TrainingSettings& t, double full, RecomputedWork w) noexcept
{
    const RecomputeModules& modules = t.recomputeModules;
    switch (w) {
    case RecomputedWork::Norm: return modules.norm ? 1.0 : shareOf(t, full, RecomputedWork::MemoryBound);
    case RecomputedWork::Activation: return modules.swiglu ? 1.0 : shareOf(t, full, RecomputedWork::MemoryBound);
    case RecomputedWork::MoeMatmuls: return modules.moe ? 1.0 : shareOf(t, full, RecomputedWork::Matmuls);
    case RecomputedWork::MoeMemoryBound: return modules.moe ? 1.0 : shareOf(t, full, RecomputedWork::MemoryBound);
    case RecomputedWork::MoeActivation: return modules.moe ? 1.0 : shareOf(t, full, RecomputedWork::Activation);
    default: break;
    }
    switch (t.recompute) {
    case Recompute::None: return 0;
    case Recompute::Selective: return w == RecomputedWork::Attention ? 1 : 0;
    case Recompute::Full: return full;
    case Recompute::PerOp:
        return w == RecomputedWork::Matmuls ? kPerOpRecomputedMatmuls : w == RecomputedWork::Attention ? 0 : 1;
    }
    return 0;
}

} // namespace

double recomputedShare(const TrainingSettings& t, double stageLayers, RecomputedWork w) noexcept
{
    return shareOf(t, fullRecomputeShare(t, stageLayers), w);
}

std::array<double, kRecomputedWorkKinds> recomputedShares(const TrainingSettings& t, double stageLayers) noexcept
{
    const double full = fullRecomputeShare(t, stageLayers);
    std::array<double, kRecomputedWorkKinds> out{};
    for (size_t w = 0; w < out.size(); ++w) out[w] = shareOf(t, full, static_cast<RecomputedWork>(w));
    return out;
}

} // namespace scalescope

#include "model/training/recompute_policy.h"

#include <algorithm>

namespace scalescope {

double fullRecomputeShare(const TrainingSettings& t, double stageLayers) noexcept
{
    if (t.recompute != Recompute::Full || stageLayers <= 0) return 0;
    return t.recomputeLayers > 0 ? std::min(1.0, t.recomputeLayers / stageLayers) : 1.0;
}

double recomputedShare(const TrainingSettings& t, double stageLayers, RecomputedWork w) noexcept
{
    if (w == RecomputedWork::Norm || w == RecomputedWork::Activation) {
        const bool module = w == RecomputedWork::Norm ? t.recomputeModules.norm : t.recomputeModules.swiglu;
        return module ? 1.0 : recomputedShare(t, stageLayers, RecomputedWork::MemoryBound);
    }
    switch (t.recompute) {
    case Recompute::None: return 0;
    case Recompute::Selective: return w == RecomputedWork::Attention ? 1 : 0;
    case Recompute::Full: return fullRecomputeShare(t, stageLayers);
    case Recompute::PerOp:
        return w == RecomputedWork::Matmuls ? kPerOpRecomputedMatmuls : w == RecomputedWork::Attention ? 0 : 1;
    }
    return 0;
}

} // namespace scalescope

#include "model/validation/context_ceiling.h"

#include "model/validation/published_mfu.h"

namespace scalescope {

void setPublishedMfuCeiling(EvaluationContext& ctx, const SpecCatalog& catalog)
{
    const Scenario& s = ctx.scenario;
    const bool lowPrecision = s.mode == Mode::Training && isLowPrecision(s.training.precision);
    const MfuCeiling ceiling = publishedMfuCeiling(catalog, ctx.model.moe.has_value(), lowPrecision);
    ctx.publishedMfuCeiling = ceiling.mfu;
    ctx.publishedMfuCeilingRun = ceiling.runName;
}

} // namespace scalescope

#include "model/search/serving_curve.h"

#include "model/core/resolved_system.h"
#include "model/inference/inference_step.h"
#include "model/search/inference_search.h"

namespace scalescope {

std::vector<int> servingBatches(int maxBatch)
{
    std::vector<int> out;
    for (long long b = 1; b < maxBatch; b *= 2) out.push_back(static_cast<int>(b));
    if (maxBatch >= 1) out.push_back(maxBatch);
    return out;
}

ServingPoint servingPoint(const InferenceEvaluation& e) noexcept
{
    return {e.batch, e.tokensPerSPerGpu, e.tokensPerSPerUser, e.ttft, e.tpot, e.memory.fits};
}

ServingCurve servingCurve(const ResolvedSystem& sys, const ParallelLayout& layout)
{
    ServingCurve c;
    c.layout = layout;
    const InferenceEvaluation first = evaluateInference(sys, layout, 1);
    if (!first.ok) {
        c.error = first.error;
        c.errorPath = first.errorPath;
        return c;
    }
    c.maxBatch = first.maxBatch;
    c.ok = true;
    for (int b : servingBatches(c.maxBatch)) {
        const InferenceEvaluation e = b == 1 ? first : evaluateInference(sys, layout, b);
        if (e.ok) c.points.push_back(servingPoint(e));
    }
    return c;
}

std::vector<ServingCurve> servingCurvesToCompare(const ResolvedSystem& sys, const ServingLimits& limits, int others)
{
    const ParallelLayout& own = sys.scenario.parallel;
    std::vector<ServingCurve> curves{servingCurve(sys, own)};
    // One more than asked for: the scenario's own layout may be among the best.
    const ServingSearchResult r = searchServingLayouts(sys, {ServingObjective::Throughput, limits, others + 1});
    for (const RankedServingLayout& l : r.best) {
        if (static_cast<int>(curves.size()) > others) break;
        const ParallelLayout& p = l.layout;
        if (p.tp == own.tp && p.pp == own.pp && p.dp == own.dp && p.ep == own.ep) continue;
        curves.push_back(servingCurve(sys, p));
    }
    return curves;
}

} // namespace scalescope

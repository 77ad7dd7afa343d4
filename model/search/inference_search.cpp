#include "model/search/inference_search.h"

#include "model/core/resolved_system.h"
#include "model/inference/inference_step.h"
#include "model/search/layout_grid.h"

#include <algorithm>

namespace scalescope {

std::string_view servingObjectiveKey(ServingObjective o) noexcept
{
    return o == ServingObjective::Latency ? "latency" : "throughput";
}

std::optional<ServingObjective> servingObjectiveFromKey(std::string_view key) noexcept
{
    if (key == "throughput") return ServingObjective::Throughput;
    if (key == "latency") return ServingObjective::Latency;
    return std::nullopt;
}

bool servingRanksBefore(ServingObjective objective, const InferenceEvaluation& a, const InferenceEvaluation& b) noexcept
{
    if (objective == ServingObjective::Throughput) return a.tokensPerSPerGpu > b.tokensPerSPerGpu;
    if (a.tpot != b.tpot) return a.tpot < b.tpot;
    return a.ttft < b.ttft;
}

namespace {

// The evaluation at the largest batch in [1, maxBatch] meeting the limits;
// nullopt if none does. Scans down from maxBatch: TPOT and TTFT are not
// monotone in the batch (the custom AllReduce changes algorithm at a
// message size, GEMM efficiencies step between measured M), so the batches
// meeting the limits need not be a prefix that a bisection could find.
std::optional<InferenceEvaluation> largestBatchMeeting(const ResolvedSystem& sys, const ParallelLayout& p,
                                                       const ServingLimits& limits, int maxBatch,
                                                       long long& evaluations)
{
    for (int b = maxBatch; b >= 1; --b) {
        InferenceEvaluation e = evaluateInference(sys, p, b);
        ++evaluations;
        if (e.ok && limits.met(e)) return e;
    }
    return std::nullopt;
}

} // namespace

ServingSearchResult searchServingLayouts(const ResolvedSystem& sys, const ServingSearchOptions& o)
{
    ServingSearchResult result;
    const ModelSpec& m = sys.model;
    const InferenceSettings& in = sys.scenario.inference;
    const LayoutGridBounds bounds{sys.scenario.gpus, m.heads.value, m.layers.value, m.moe ? m.moe->experts.value : 1, 1};
    std::vector<RankedServingLayout>& kept = result.best;
    auto keep = [&](const ParallelLayout& p, InferenceEvaluation e) {
        const auto before = [&](const RankedServingLayout& a, const RankedServingLayout& b) {
            return servingRanksBefore(o.objective, a.evaluation, b.evaluation);
        };
        RankedServingLayout r{p, std::move(e)};
        if (static_cast<int>(kept.size()) >= o.top && !before(r, kept.back())) return;
        kept.insert(std::upper_bound(kept.begin(), kept.end(), r, before), std::move(r));
        if (static_cast<int>(kept.size()) > o.top) kept.pop_back();
    };
    ParallelLayout base = sys.scenario.parallel;
    base.vpp = 1;
    forEachMeshShape(bounds, base, [&](const ParallelLayout& p) {
        const bool throughput = o.objective == ServingObjective::Throughput;
        const int batch = throughput || in.batchMax ? 1 : in.batch;
        InferenceEvaluation e = evaluateInference(sys, p, batch);
        ++result.evaluations;
        if (!e.ok) return;
        ++result.layouts;
        if (e.maxBatch < batch) return;
        ++result.fitting;
        if (throughput) {
            auto best = largestBatchMeeting(sys, p, o.limits, e.maxBatch, result.evaluations);
            if (!best) return;
            e = std::move(*best);
        } else if (!o.limits.met(e)) {
            return;
        }
        ++result.meetingLimits;
        keep(p, std::move(e));
    });
    return result;
}

} // namespace scalescope

// The serving curve and the serving-layout search (model/search/serving_curve.h,
// inference_search.h) on the LLaMA-3 70B BF16 preset on 8 H100.

#include "model_test_support.h"

#include "model/inference/inference_step.h"
#include "model/search/inference_search.h"
#include "model/search/serving_curve.h"

using namespace scalescope;
using testing::contextFor;
using testing::presetScenario;

namespace {

const EvaluationContext& llama70b()
{
    static const EvaluationContext ctx = contextFor(presetScenario("llama3-70b-inference-8xh100"));
    return ctx;
}

ParallelLayout mesh(int tp, int pp, int dp)
{
    ParallelLayout p;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    return p;
}

} // namespace

TEST_CASE("The sweep's batches are the powers of two below max_batch, then max_batch", "[inference][search]")
{
    CHECK(servingBatches(0).empty());
    CHECK(servingBatches(1) == std::vector<int>{1});
    CHECK(servingBatches(2) == std::vector<int>{1, 2});
    CHECK(servingBatches(5) == std::vector<int>{1, 2, 4, 5});
    CHECK(servingBatches(8) == std::vector<int>{1, 2, 4, 8});
}

TEST_CASE("Every point of a serving curve equals a single evaluation at its batch", "[inference][search]")
{
    const EvaluationContext& ctx = llama70b();
    for (const ParallelLayout& p : {mesh(8, 1, 1), mesh(4, 1, 2), mesh(2, 2, 2)}) {
        const ServingCurve c = servingCurve(ctx, p);
        INFO("tp " << p.tp << " pp " << p.pp << " dp " << p.dp << ": " << c.error);
        REQUIRE(c.ok);
        REQUIRE(c.maxBatch > 1);
        REQUIRE(c.points.size() == servingBatches(c.maxBatch).size());
        CHECK(c.points.back().batch == c.maxBatch);
        for (const ServingPoint& pt : c.points) {
            const InferenceEvaluation e = evaluateInference(ctx, p, pt.batch);
            CHECK(pt.tokensPerSPerGpu == e.tokensPerSPerGpu);
            CHECK(pt.tokensPerSPerUser == e.tokensPerSPerUser);
            CHECK(pt.ttft.si == e.ttft.si);
            CHECK(pt.tpot.si == e.tpot.si);
            CHECK(pt.fits);
        }
    }
}

TEST_CASE("Throughput per GPU never falls as the batch grows until memory is full; max_batch is the last batch that "
          "fits",
          "[inference][search]")
{
    const EvaluationContext& ctx = llama70b();
    for (const ParallelLayout& p : {mesh(8, 1, 1), mesh(4, 2, 1), mesh(2, 1, 4)}) {
        const InferenceEvaluation one = evaluateInference(ctx, p, 1);
        REQUIRE(one.ok);
        INFO("tp " << p.tp << " pp " << p.pp << " dp " << p.dp << ", max_batch " << one.maxBatch);
        double last = 0;
        for (int b = 1; b <= one.maxBatch; ++b) {
            const InferenceEvaluation e = evaluateInference(ctx, p, b);
            REQUIRE(e.memory.fits);
            CHECK(e.tokensPerSPerGpu >= last);
            last = e.tokensPerSPerGpu;
        }
        CHECK_FALSE(evaluateInference(ctx, p, one.maxBatch + 1).memory.fits);
    }
}

TEST_CASE("The throughput search picks, per layout, the largest batch meeting the TPOT and TTFT limits",
          "[inference][search]")
{
    const EvaluationContext& ctx = llama70b();
    // 30 ms per token (33 tokens/s per user) and 2 s to the first token: interactive chat.
    const ServingLimits limits{Seconds{30e-3}, Seconds{2.0}};
    const ServingSearchResult r = searchServingLayouts(ctx, {ServingObjective::Throughput, limits, 100});
    REQUIRE_FALSE(r.best.empty());
    CHECK(r.meetingLimits == static_cast<long long>(r.best.size()));
    for (std::size_t i = 0; i < r.best.size(); ++i) {
        const RankedServingLayout& l = r.best[i];
        const InferenceEvaluation& e = l.evaluation;
        INFO("tp " << l.layout.tp << " pp " << l.layout.pp << " dp " << l.layout.dp << " batch " << e.batch);
        CHECK(e.tpot.si <= 30e-3);
        CHECK(e.ttft.si <= 2.0);
        CHECK(e.memory.fits);
        if (i > 0) CHECK(r.best[i - 1].evaluation.tokensPerSPerGpu >= e.tokensPerSPerGpu);
        // Every larger batch that fits misses a limit.
        for (int b = e.batch + 1; b <= e.maxBatch; ++b) {
            INFO("batch " << b);
            CHECK_FALSE(limits.met(evaluateInference(ctx, l.layout, b)));
        }
    }
}

TEST_CASE("TPOT is not monotone in the batch (LLaMA-3 70B, TP 8: the custom AllReduce changes algorithm between 15 and "
          "16 sequences), so the search cannot bisect for the largest batch meeting a TPOT limit",
          "[inference][search]")
{
    const EvaluationContext& ctx = llama70b();
    const InferenceEvaluation b15 = evaluateInference(ctx, mesh(8, 1, 1), 15);
    const InferenceEvaluation b16 = evaluateInference(ctx, mesh(8, 1, 1), 16);
    REQUIRE(b15.ok);
    REQUIRE(b16.ok);
    CHECK(b16.tpot < b15.tpot);
    // A limit between the two: 16 meets it although 15 does not, and the search finds a batch at least 16.
    const ServingLimits between{Seconds{(b15.tpot.si + b16.tpot.si) / 2}, std::nullopt};
    CHECK_FALSE(between.met(b15));
    CHECK(between.met(b16));
    const ServingSearchResult r = searchServingLayouts(ctx, {ServingObjective::Throughput, between, 100});
    bool found = false;
    for (const RankedServingLayout& l : r.best)
        if (l.layout.tp == 8 && l.layout.pp == 1) {
            found = true;
            CHECK(l.evaluation.batch >= 16);
        }
    CHECK(found);
}

TEST_CASE("Limits no layout meets leave the search empty", "[inference][search]")
{
    const ServingLimits impossible{Seconds{1e-6}, std::nullopt};
    const ServingSearchResult r = searchServingLayouts(llama70b(), {ServingObjective::Throughput, impossible, 10});
    CHECK(r.best.empty());
    CHECK(r.fitting > 0);
    CHECK(r.meetingLimits == 0);
}

TEST_CASE("Batch-1 latency of LLaMA-3 70B on 8 H100 is best at TP 8: decode reads the weights, and TP 8 splits them "
          "over all eight GPUs at once where a pipeline reads its stages in turn",
          "[inference][search]")
{
    Scenario s = presetScenario("llama3-70b-inference-8xh100");
    s.inference.batchMax = false;
    s.inference.batch = 1;
    const EvaluationContext ctx = contextFor(s);
    const ServingSearchResult r = searchServingLayouts(ctx, {ServingObjective::Latency, {}, 5});
    REQUIRE_FALSE(r.best.empty());
    const RankedServingLayout& best = r.best.front();
    CHECK(best.layout.tp == 8);
    CHECK(best.layout.pp == 1);
    CHECK(best.layout.dp == 1);
    CHECK(best.evaluation.batch == 1);
    for (std::size_t i = 1; i < r.best.size(); ++i) CHECK(r.best[i - 1].evaluation.tpot <= r.best[i].evaluation.tpot);
}

TEST_CASE("Objective keys read back", "[inference][search]")
{
    for (ServingObjective o : {ServingObjective::Throughput, ServingObjective::Latency})
        CHECK(servingObjectiveFromKey(servingObjectiveKey(o)) == o);
    CHECK_FALSE(servingObjectiveFromKey("fast").has_value());
}

TEST_CASE("The chart compares the scenario's own layout first with the best other layouts of the search",
          "[inference][search]")
{
    const EvaluationContext& ctx = llama70b();
    const std::vector<ServingCurve> curves = servingCurvesToCompare(ctx, {}, 3);
    REQUIRE(curves.size() == 4);
    CHECK(curves[0].layout.tp == ctx.scenario.parallel.tp);
    CHECK(curves[0].layout.dp == ctx.scenario.parallel.dp);
    const ServingSearchResult r = searchServingLayouts(ctx, {ServingObjective::Throughput, {}, 4});
    std::size_t next = 1;
    for (const RankedServingLayout& l : r.best) {
        if (l.layout.tp == ctx.scenario.parallel.tp && l.layout.pp == ctx.scenario.parallel.pp &&
            l.layout.dp == ctx.scenario.parallel.dp)
            continue;
        if (next == curves.size()) break;
        CHECK(curves[next].layout.tp == l.layout.tp);
        CHECK(curves[next].layout.pp == l.layout.pp);
        CHECK(curves[next].layout.dp == l.layout.dp);
        ++next;
    }
    CHECK(next == curves.size());
}

// fitLayout: a layout chosen by the user survives a change of GPU count
// (issue 11: "changing the GPU count resets TP and PP to 1 and they do not
// come back"), and the layout check refuses vpp without a pipeline.
#include "model/training/layout_check.h"
#include "model/training/layout_fit.h"
#include "model_test_support.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

ParallelLayout layout(int tp, int pp, int cp, int dp, int ep = 1, int vpp = 1)
{
    ParallelLayout p;
    p.tp = tp;
    p.pp = pp;
    p.cp = cp;
    p.dp = dp;
    p.ep = ep;
    p.vpp = vpp;
    p.schedule = vpp > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
    return p;
}

} // namespace

TEST_CASE("Layout fit: TP8 PP4 on 64 GPUs keeps TP4 on 100 GPUs and comes back whole at 64 (issue 11)", "[layout]")
{
    const ParallelLayout chosen = layout(8, 4, 1, 2, 1, 5);
    const ParallelLayout at100 = fitLayout(chosen, 100);
    CHECK(at100.tp == 4); // 100 = 4·25: the largest divisor of both 8 and 100
    CHECK(at100.pp == 1); // 25 has no divisor in common with 4
    CHECK(at100.dp == 25);
    CHECK(at100.vpp == 1); // no pipeline, no virtual stages
    CHECK(at100.schedule == Schedule::OneFOneB);
    CHECK(fitLayout(chosen, 64) == chosen);
    CHECK(fitLayout(chosen, 128) == layout(8, 4, 1, 4, 1, 5));
}

TEST_CASE("Layout fit: sizes shrink to common divisors, ep follows dp, the product is the GPU count", "[layout]")
{
    CHECK(fitLayout(layout(8, 8, 2, 4, 8), 96) == layout(8, 4, 1, 3, 1)); // 96 = 8·12; 12 → pp 4, cp 1, dp 3, ep 1
    CHECK(fitLayout(layout(4, 2, 1, 8, 8), 48) == layout(4, 2, 1, 6, 2));
    CHECK(fitLayout(layout(8, 1, 1, 8), 1) == layout(1, 1, 1, 1));
    for (long long gpus : {1LL, 7LL, 12LL, 100LL, 1000LL, 16384LL}) {
        const ParallelLayout p = fitLayout(layout(8, 16, 4, 2, 4, 2), gpus);
        INFO("gpus " << gpus);
        CHECK(static_cast<long long>(p.tp) * p.pp * p.cp * p.dp == gpus);
        CHECK(p.dp % p.ep == 0);
        CHECK((p.vpp == 1 || p.pp > 1));
    }
}

TEST_CASE("Layout check: vpp > 1 needs pp > 1 (virtual stages interleave across pipeline ranks)", "[layout]")
{
    const EvaluationContext ctx = contextFor(makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 1, 8, 128));
    ParallelLayout p = ctx.scenario.parallel;
    p.vpp = 2;
    p.schedule = Schedule::Interleaved;
    const auto problem = layoutProblem(ctx, p);
    REQUIRE(problem);
    CHECK(problem->path == "/parallel/vpp");
    p.pp = 2;
    p.dp = 4;
    CHECK(layoutIsValid(ctx, p));
}

TEST_CASE("Layout fit to a model: TP16 on 64 heads becomes TP8 on Llama 4 Scout's 40; a dense model gets EP 1; pp·vpp fits the layers", "[layout]")
{
    const ModelSpec& scout = *catalog().model("llama4-scout"); // 40 heads, 8 KV heads, 48 layers, MoE
    const ModelSpec& dense = *catalog().model("llama3-8b");    // 32 heads, 8 KV heads, 32 layers
    const ParallelLayout onScout = fitLayoutToModel(layout(16, 4, 1, 1, 1, 5), scout, 64);
    CHECK(onScout == layout(8, 4, 1, 2, 1, 5));
    const ParallelLayout onDense = fitLayoutToModel(layout(8, 1, 1, 8, 8), dense, 64);
    CHECK(onDense.ep == 1);
    CHECK(onDense.tp == 8);
    const ParallelLayout deep = fitLayoutToModel(layout(1, 8, 1, 8, 1, 5), dense, 64); // 8 · 5 = 40 > 32 layers
    CHECK(deep.pp * deep.vpp <= 32);
    CHECK(deep.vpp == 4);
    for (const ParallelLayout& p : {onScout, onDense, deep}) {
        CHECK(tpSplitsHeads(p == onScout ? scout : dense, p.tp));
        CHECK(static_cast<long long>(p.tp) * p.pp * p.cp * p.dp == 64);
    }
}

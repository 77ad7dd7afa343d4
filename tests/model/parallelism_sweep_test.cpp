// The sweep of one parallelism axis (model/search/parallelism_sweep.h): every
// point is the ordinary evaluation of the scenario with that value, the
// excluded values carry the layout check's reason, and the NVLink domain
// boundary is where the placement of the axis's groups first leaves a domain.
#include "model/search/parallelism_sweep.h"
#include "model/training/layout_fit.h"
#include "model_test_support.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

// Each point against a fresh context of the scenario with the point's layout
// and GPU count: the same numbers to the last bits the JSON prints.
void requirePointsAreSingleEvaluations(const Scenario& base, const AxisSweep& sweep)
{
    REQUIRE(sweep.ok);
    REQUIRE_FALSE(sweep.points.empty());
    for (const SweepPoint& pt : sweep.points) {
        Scenario s = base;
        s.gpus = pt.gpus;
        s.parallel = pt.layout;
        INFO(sweepAxisKey(sweep.axis) << " = " << pt.value);
        CHECK(sweepAxisValue(s, sweep.axis) == pt.value);
        const Evaluation e = evaluate(contextFor(s));
        REQUIRE(e.ok);
        const auto same = [](double a, double b) { return a == Approx(b).epsilon(1e-12).margin(0); };
        CHECK(same(pt.stepTime.si, e.stepTime.si));
        CHECK(same(pt.mfu, e.mfu));
        CHECK(same(pt.tokensPerS, e.tokensPerS));
        CHECK(same(pt.memoryPerGpu.si, e.memory.total.si));
        CHECK(same(pt.memoryLimit.si, e.memory.capacity.si));
        CHECK(same(pt.exposedComm.si, e.exposedComm.si));
        for (std::size_t a = 0; a < pt.exposedByAxis.size(); ++a) CHECK(same(pt.exposedByAxis[a].si, e.comm[a].exposed.si));
        CHECK(pt.fits == e.memory.fits);
        CHECK(pt.fitsWithSpill == e.memory.fitsWithSpill);
    }
}

std::vector<long long> values(const AxisSweep& s)
{
    std::vector<long long> out;
    for (const SweepPoint& p : s.points) out.push_back(p.value);
    return out;
}

} // namespace

TEST_CASE("Sweep: every point of every axis of the default scenario equals its single evaluation", "[sweep]")
{
    const Scenario base = presetScenario("default");
    const EvaluationContext ctx = contextFor(base);
    for (SweepAxis axis : kSweepAxes) {
        INFO("axis " << sweepAxisKey(axis));
        requirePointsAreSingleEvaluations(base, sweepAxis(ctx, catalog(), axis));
    }
}

TEST_CASE("Sweep: tp on 64 H100 (TP8 PP4) runs tp 1 to 16 with dp taking the rest, the NVLink boundary at tp 16", "[sweep]")
{
    // 64 GPUs / pp 4 = 16: tp ∈ {1, 2, 4, 8, 16} (all divide Llama 3 70B's 64
    // heads and split or multiply its 8 KV heads), dp = 16 / tp. A DGX H100
    // node is one NVLink domain of 8 GPUs (specs/systems/dgx-h100-superpod.json);
    // with tp innermost, a tp group of 16 ranks spans two nodes, so the
    // boundary is tp 16 (seed 004: "TP stays inside the node").
    const Scenario base = presetScenario("default");
    const AxisSweep s = sweepAxis(contextFor(base), catalog(), SweepAxis::Tp);
    REQUIRE(s.ok);
    CHECK(values(s) == std::vector<long long>{1, 2, 4, 8, 16});
    CHECK(s.current == 8);
    CHECK(s.nvlinkDomainGpus == 8);
    REQUIRE(s.nvlinkDomainBoundary);
    CHECK(*s.nvlinkDomainBoundary == 16);
    for (const SweepPoint& p : s.points) {
        CHECK(p.layout.dp * p.layout.tp == 16);
        CHECK(p.leavesNvlinkDomain == (p.value > 8));
    }
    CHECK(s.excluded.empty());
    // The memory limit is the smallest usable HBM of the points: below the H100's 80 GB.
    CHECK(s.memoryLimit.si > 70e9);
    CHECK(s.memoryLimit.si < 80e9);
}

TEST_CASE("Sweep: tp of LLaMA-3 70B on 4,096 H100 excludes tp 1 to 4 with the interleaved schedule's reason", "[sweep]")
{
    // tp 1, 2, 4 leave dp = 512 / tp and 512 / dp = 1, 2, 4 micro-batches per
    // pipeline: interleaved 1F1B needs a multiple of pp (8).
    const Scenario base = presetScenario("llama3-70b-4096-h100");
    const EvaluationContext ctx = contextFor(base);
    const AxisSweep s = sweepAxis(ctx, catalog(), SweepAxis::Tp);
    requirePointsAreSingleEvaluations(base, s);
    REQUIRE(s.excluded.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(s.excluded[i].value == 1LL << i);
        CHECK(s.excluded[i].path == "/parallel/schedule");
    }
    CHECK(values(s) == std::vector<long long>{8, 16, 32, 64}); // up to the 64 heads
    REQUIRE(s.nvlinkDomainBoundary);
    CHECK(*s.nvlinkDomainBoundary == 16);
}

TEST_CASE("Sweep: on GB200 NVL72 tp groups stay in the rack up to tp 8, tp 16 groups straddle two racks", "[sweep]")
{
    // 576 GPUs / pp 9 = 64: tp ∈ {1, 2, …, 64}. A rack is one NVLink domain of
    // 72 GPUs (specs/systems/gb200-nvl72.json, seed 000). 72 is not a multiple
    // of 16: with tp innermost the fifth tp-16 group, ranks 64–79, holds
    // ranks of rack 0 (64–71) and rack 1 (72–79), so the boundary is tp 16,
    // not tp > 72 — the placement of every group decides, not tp ≤ 72.
    const Scenario base = presetScenario("gb200-nvl72-llama3-405b");
    const AxisSweep s = sweepAxis(contextFor(base), catalog(), SweepAxis::Tp);
    requirePointsAreSingleEvaluations(base, s);
    CHECK(s.nvlinkDomainGpus == 72);
    REQUIRE(s.nvlinkDomainBoundary);
    CHECK(*s.nvlinkDomainBoundary == 16);

    // One rack (72 GPUs, pp 9): tp ∈ {1, 2, 4, 8} never leaves it.
    Scenario rack = base;
    rack.gpus = 72;
    rack.parallel = fitLayout(base.parallel, 72);
    const AxisSweep one = sweepAxis(contextFor(rack), catalog(), SweepAxis::Tp);
    REQUIRE(one.ok);
    CHECK(values(one) == std::vector<long long>{1, 2, 4, 8});
    CHECK_FALSE(one.nvlinkDomainBoundary);
}

TEST_CASE("Sweep: ep of DeepSeek-V3 on 2,048 H800 divides dp 128 and the 256 experts", "[sweep]")
{
    const Scenario base = presetScenario("deepseek-v3-2048-h800");
    const AxisSweep s = sweepAxis(contextFor(base), catalog(), SweepAxis::Ep);
    requirePointsAreSingleEvaluations(base, s);
    CHECK(values(s) == std::vector<long long>{1, 2, 4, 8, 16, 32, 64, 128});
    for (const SweepPoint& p : s.points) CHECK(p.layout.dp == 128);
    // ep groups take the innermost ranks of dp (tp 1, cp 1): ep 16 spans two 8-GPU nodes.
    REQUIRE(s.nvlinkDomainBoundary);
    CHECK(*s.nvlinkDomainBoundary == 16);
}

TEST_CASE("Sweep: gpus scales dp over the divisors of global_batch / mbs, mbs divides the per-replica batch", "[sweep]")
{
    // Default: tp·pp·cp = 32, global batch 128: dp ∈ {1, 2, 4, …, 128}, so
    // gpus ∈ {32, 64, …, 4096}; every job is larger than one 8-GPU node. At
    // dp 64 and 128 a pipeline gets 2 and 1 micro-batches, fewer than the
    // multiple of pp (4) interleaved 1F1B needs: excluded.
    const Scenario base = presetScenario("default");
    const EvaluationContext ctx = contextFor(base);
    const AxisSweep g = sweepAxis(ctx, catalog(), SweepAxis::Gpus);
    REQUIRE(g.ok);
    CHECK(values(g) == std::vector<long long>{32, 64, 128, 256, 512, 1024});
    REQUIRE(g.excluded.size() == 2);
    CHECK(g.excluded[0].value == 2048);
    CHECK(g.excluded[1].value == 4096);
    CHECK(g.excluded[1].path == "/parallel/schedule");
    for (const SweepPoint& p : g.points) CHECK(p.layout.tp * p.layout.pp * p.layout.cp * p.layout.dp == p.gpus);
    REQUIRE(g.nvlinkDomainBoundary);
    CHECK(*g.nvlinkDomainBoundary == 32);
    // dp 2: 64 sequences per replica.
    const AxisSweep m = sweepAxis(ctx, catalog(), SweepAxis::Microbatch);
    REQUIRE(m.ok);
    CHECK(m.points.size() + m.excluded.size() == 7); // 1, 2, 4, …, 64
    CHECK_FALSE(m.nvlinkDomainBoundary);
}

TEST_CASE("Sweep: an inference scenario is an error naming /mode", "[sweep]")
{
    const Scenario base = presetScenario("llama3-70b-inference-8xh100");
    const AxisSweep s = sweepAxis(contextFor(base), catalog(), SweepAxis::Tp);
    CHECK_FALSE(s.ok);
    CHECK(s.errorPath == "/mode");
    CHECK(s.points.empty());
    CHECK(sweepAxisFromKey("mbs") == SweepAxis::Microbatch);
    CHECK_FALSE(sweepAxisFromKey("dp"));
}

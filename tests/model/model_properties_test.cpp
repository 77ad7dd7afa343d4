// Invariants of the cost model over many random scenarios: more bandwidth
// or FLOP/s never makes a step slower; a step is never shorter than its
// compute; memory terms are non-negative and add up; timelines end at the
// step time; bad scenarios give errors, never NaN or a crash.

#include "model_test_support.h"

#include "model/training/layout_check.h"
#include "model/training/pipeline_timeline.h"

#include <cmath>
#include <random>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

std::vector<ParallelLayout> randomLayouts(const EvaluationContext& ctx, std::mt19937& rng, int count)
{
    std::vector<ParallelLayout> out;
    const long long gpus = ctx.scenario.gpus;
    std::uniform_int_distribution<int> pick(0, 1 << 20);
    const int sizes[] = {1, 2, 4, 8, 16, 32};
    for (int attempt = 0; attempt < count * 200 && static_cast<int>(out.size()) < count; ++attempt) {
        ParallelLayout p;
        p.tp = sizes[pick(rng) % 5];
        p.pp = sizes[pick(rng) % 6];
        p.cp = sizes[pick(rng) % 3];
        const long long mp = static_cast<long long>(p.tp) * p.pp * p.cp;
        if (gpus % mp != 0) continue;
        p.dp = static_cast<int>(gpus / mp);
        p.ep = ctx.model.moe ? sizes[pick(rng) % 5] : 1;
        p.microbatchSize = 1 + pick(rng) % 2;
        const Schedule schedules[] = {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZeroBubble};
        p.schedule = schedules[pick(rng) % 4];
        p.vpp = p.schedule == Schedule::Interleaved ? 2 : 1;
        if (pick(rng) % 2) p.order = {Axis::Tp, Axis::Cp, Axis::Ep, Axis::Pp, Axis::Dp};
        if (layoutIsValid(ctx, p)) out.push_back(p);
    }
    return out;
}

} // namespace

TEST_CASE("Property: more bandwidth or more FLOP/s never makes a step slower; step ≥ compute; memory adds up", "[properties]")
{
    std::mt19937 rng(20261122);
    struct Case { const char* system; long long gpus; const char* model; int batch; };
    const Case cases[] = {{"dgx-h100-superpod", 256, "llama3-70b", 256},
                          {"gb200-nvl72", 576, "llama3-405b", 576},
                          {"hgx-h800-cluster", 512, "deepseek-v3", 1024},
                          {"dgx-b200-superpod", 128, "mixtral-8x7b", 512}};
    int checked = 0;
    for (const Case& c : cases) {
        for (EfficiencyMode mode : {EfficiencyMode::Theoretical, EfficiencyMode::Measured}) {
            Scenario s = makeScenario(c.system, c.gpus, c.model, 1, 1, static_cast<int>(c.gpus), c.batch, 4096);
            s.efficiency = mode;
            const EvaluationContext base = contextFor(s);
            EvaluationContext faster = base;
            for (NetworkTier& t : faster.tiers.tiers) t.childEgress = t.childEgress * 1.5;
            EvaluationContext stronger = base;
            stronger.peak = base.peak * 1.5;
            for (const ParallelLayout& p : randomLayouts(base, rng, 25)) {
                const Evaluation e = evaluate(base, p);
                INFO(c.model << " tp" << p.tp << " pp" << p.pp << " cp" << p.cp << " ep" << p.ep << " " << scheduleKey(p.schedule));
                REQUIRE(e.ok);
                CHECK(std::isfinite(e.stepTime.si));
                CHECK(e.stepTime.si >= e.computeTime.si);
                CHECK(evaluate(faster, p).stepTime.si <= e.stepTime.si * (1 + 1e-12));
                CHECK(evaluate(stronger, p).stepTime.si <= e.stepTime.si * (1 + 1e-12));
                const MemoryPerGpu& m = e.memory;
                for (const Bytes b : {m.weights, m.grads, m.optimizer, m.activations, m.buffers}) CHECK(b.si >= 0);
                CHECK((m.weights + m.grads + m.optimizer + m.activations + m.buffers).si == Approx(m.total.si).epsilon(1e-12));
                const double parts = e.computeTime.si + e.exposedComm.si + e.bubbleTime.si + e.optimizerTime.si + m.spillTime.si;
                CHECK(parts == Approx(e.stepTime.si).epsilon(1e-9));
                CHECK(buildTimeline(base, p, e).end.si == Approx(e.stepTime.si).epsilon(1e-9));
                ++checked;
            }
        }
    }
    CHECK(checked > 100);
}

TEST_CASE("Property: absurd layouts give errors, never NaN or a crash", "[properties]")
{
    const EvaluationContext ctx = contextFor(makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128));
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> any(-3, 200);
    for (int i = 0; i < 2000; ++i) {
        ParallelLayout p;
        p.tp = any(rng);
        p.pp = any(rng);
        p.cp = any(rng);
        p.dp = any(rng);
        p.ep = any(rng);
        p.vpp = any(rng);
        p.microbatchSize = any(rng);
        const Evaluation e = evaluate(ctx, p);
        if (e.ok) {
            CHECK(std::isfinite(e.stepTime.si));
        } else {
            CHECK_FALSE(e.error.empty());
            CHECK_FALSE(e.errorPath.empty());
        }
    }
}

// The pipeline's closed forms agree with the dependency simulation that
// draws the timeline, and the timeline ends at the step time.

#include "model_test_support.h"

#include "model/training/stable_bucket_sort.h"

#include "model/training/pipeline_schedule.h"
#include "model/training/pipeline_timeline.h"

using namespace scalescope;
using namespace scalescope::testing;

TEST_CASE("Closed-form pipeline time equals the simulated schedule (GPipe, 1F1B, interleaved, zero-bubble)", "[pipeline]")
{
    int cases = 0;
    for (Schedule schedule : {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZeroBubble}) {
        for (int pp : {1, 2, 3, 4, 8, 16}) {
            for (int m : {1, 2, 4, 8, 16, 32, 64}) {
                for (int vpp : {1, 2, 3, 5}) {
                    if ((schedule == Schedule::Interleaved) != (vpp > 1)) continue;
                    if (schedule == Schedule::Interleaved && m % pp != 0) continue;
                    ParallelLayout p;
                    p.pp = pp;
                    p.vpp = vpp;
                    p.schedule = schedule;
                    const Seconds tF{1.0e-3}, tB{2.1e-3}, p2p{0.07e-3};
                    const PipelineTimes closed = pipelineTimes(p, m, tF, tB, p2p);
                    const Seconds simulated = simulatePipeline(p, m, tF, tB, p2p, nullptr);
                    INFO(scheduleKey(schedule) << " pp=" << pp << " m=" << m << " vpp=" << vpp);
                    CHECK(simulated.si == Approx(closed.total.si).epsilon(1e-9));
                    ++cases;
                }
            }
        }
    }
    CHECK(cases > 100);
}

TEST_CASE("Bubble: 1F1B (p−1)/(m+p−1); interleaving divides it by vpp; zero-bubble style cuts it by a third", "[pipeline]")
{
    ParallelLayout p;
    p.pp = 8;
    const Seconds f{1}, b{2};
    p.schedule = Schedule::OneFOneB;
    const PipelineTimes one = pipelineTimes(p, 32, f, b, Seconds{});
    CHECK(one.bubble.si / one.total.si == Approx(7.0 / 39).epsilon(1e-12));
    p.schedule = Schedule::Interleaved;
    p.vpp = 4;
    CHECK(pipelineTimes(p, 32, f, b, Seconds{}).bubble.si == Approx(one.bubble.si / 4).epsilon(1e-12));
    p.schedule = Schedule::ZeroBubble;
    p.vpp = 1;
    CHECK(pipelineTimes(p, 32, f, b, Seconds{}).bubble.si == Approx(one.bubble.si * 2 / 3).epsilon(1e-12));
}

TEST_CASE("The timeline of every preset ends at the step time, with no overlapping compute on a stage", "[pipeline][timeline]")
{
    for (const char* name : {"default", "llama3-70b-4096-h100", "deepseek-v3-2048-h800", "llama3-405b-16k-h100", "gb200-nvl72-llama3-405b"}) {
        INFO(name);
        const EvaluationContext ctx = contextFor(presetScenario(name));
        const Evaluation e = evaluate(ctx);
        REQUIRE(e.ok);
        const Timeline t = buildTimeline(ctx, ctx.scenario.parallel, e);
        CHECK(t.end.si == Approx(e.stepTime.si).epsilon(1e-9));
        double lastEnd = 0;
        int lastStage = -1;
        int forwards = 0;
        for (const TimelineEvent& ev : t.events) {
            CHECK(ev.end.si >= ev.start.si);
            CHECK(ev.end.si <= t.end.si * (1 + 1e-12));
            if (ev.kind == EventKind::Forward && ev.stage == 0) ++forwards;
            if (ev.lane != Lane::Compute && ev.lane != Lane::Tp && ev.lane != Lane::Ep && ev.lane != Lane::Cp) continue;
            if (!ev.exposed) continue; // overlapped communication runs beside compute, by design
            if (ev.stage != lastStage) { lastStage = ev.stage; lastEnd = 0; }
            CHECK(ev.start.si >= lastEnd - 1e-12); // one stage runs one thing at a time
            lastEnd = ev.end.si;
        }
        const ParallelLayout& p = ctx.scenario.parallel;
        CHECK(forwards == e.microbatches * (p.schedule == Schedule::Interleaved ? p.vpp : 1));
    }
}

TEST_CASE("Timeline events sort by stage, then start, as one stable sort would: the bucket sort keeps ties in emission order",
          "[pipeline][timeline]")
{
    struct Item {
        int bucket = 0;
        double start = 0;
        int emitted = 0;
    };
    std::vector<Item> items;
    unsigned state = 12345;
    auto next = [&] { return state = state * 1103515245u + 12345u; };
    for (int i = 0; i < 5000; ++i)
        items.push_back({static_cast<int>(next() % 17), static_cast<double>(next() % 40), i}); // many equal starts
    std::vector<Item> expected = items;
    std::stable_sort(expected.begin(), expected.end(), [](const Item& a, const Item& b) {
        return a.bucket != b.bucket ? a.bucket < b.bucket : a.start < b.start;
    });
    stableSortByBucketThenStart(items, 17, [](const Item& x) { return x.bucket; }, [](const Item& x) { return x.start; });
    REQUIRE(items.size() == expected.size());
    for (size_t i = 0; i < items.size(); ++i) CHECK(items[i].emitted == expected[i].emitted);
}

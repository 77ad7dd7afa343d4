// The prefill and decode timelines of an inference evaluation
// (model/inference/inference_timeline.h): the spans are the rows' times,
// laid out stage after stage, ending at TTFT and TPOT.

#include "model_test_support.h"

#include "model/inference/inference_step.h"
#include "model/inference/inference_timeline.h"

#include <map>

using namespace scalescope;
using testing::contextFor;

namespace {

// LLaMA-3 70B served on 16 H100: TP 8 and, optionally, two pipeline stages.
Scenario serving(int pp)
{
    Scenario s;
    s.name = "serve";
    s.system = "dgx-h100-superpod";
    s.gpus = 8 * pp;
    s.model = "llama3-70b";
    s.mode = Mode::Inference;
    s.parallel.tp = 8;
    s.parallel.pp = pp;
    s.parallel.dp = 1;
    s.inference.batch = 16;
    s.inference.precision = Precision::Bf16;
    return s;
}

} // namespace

TEST_CASE("An inference timeline ends at TTFT (prefill) and TPOT (decode), its compute spans sum to the stage's "
          "compute rows and no two spans of a lane overlap",
          "[inference][timeline]")
{
    for (const int pp : {1, 2}) {
        const EvaluationContext ctx = contextFor(serving(pp));
        const InferenceEvaluation e = evaluateInference(ctx);
        INFO("pp " << pp << ": " << e.error);
        REQUIRE(e.ok);
        const StageLayers layers = bottleneckStageLayers(ctx.model, pp);
        for (const auto& [pass, expectedEnd] : {std::pair{Phase::Prefill, e.ttft}, std::pair{Phase::Decode, e.tpot}}) {
            const Timeline t = buildInferenceTimeline(e, pass, layers);
            CHECK(t.stages == pp);
            CHECK(t.end.si == Approx(expectedEnd.si).epsilon(1e-12));
            std::map<std::pair<int, Lane>, double> lastEnd;
            std::map<int, double> compute, tp;
            int sends = 0;
            for (const TimelineEvent& ev : t.events) {
                CHECK(ev.end.si > ev.start.si);
                const auto key = std::pair{ev.stage, ev.lane};
                CHECK(ev.start.si >= lastEnd[key] - 1e-15);
                lastEnd[key] = ev.end.si;
                if (ev.lane == Lane::Compute) compute[ev.stage] += ev.end.si - ev.start.si;
                if (ev.lane == Lane::Tp) tp[ev.stage] += ev.end.si - ev.start.si;
                if (ev.lane == Lane::Pp) ++sends;
            }
            CHECK(sends == pp - 1); // one send per stage boundary
            for (int stage = 0; stage < pp; ++stage) {
                CHECK(compute[stage] == Approx(e.ops.streamTotal(OpStream::Compute, pass).si).epsilon(1e-12));
                CHECK(tp[stage] == Approx(e.ops.streamTotal(OpStream::Tp, pass).si).epsilon(1e-12));
            }
        }
    }
}

TEST_CASE("An inference timeline interleaves each layer's compute with its two tensor-parallel AllReduces",
          "[inference][timeline]")
{
    const EvaluationContext ctx = contextFor(serving(1));
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    const Timeline t = buildInferenceTimeline(e, Phase::Decode, bottleneckStageLayers(ctx.model, 1));
    int allReduces = 0;
    for (const TimelineEvent& ev : t.events) allReduces += ev.lane == Lane::Tp ? 1 : 0;
    CHECK(allReduces == 2 * 80); // LLaMA-3 70B: 80 layers, after attention and after the MLP
    REQUIRE(!t.events.empty());
    CHECK(t.events.front().lane == Lane::Compute); // the embedding starts the pass
}

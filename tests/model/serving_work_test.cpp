// A serving cycle as the energy model's work (model/inference/serving_work.h):
// the power and cooling views report the same energy per token as the
// inference evaluation.

#include "model_test_support.h"

#include "model/inference/inference_step.h"
#include "model/inference/serving_work.h"
#include "model/power/facility_report.h"

using namespace scalescope;
using testing::contextFor;

TEST_CASE("The facility report of a serving cycle gives the inference evaluation's energy per token, and its tokens "
          "are dp · batch · output tokens over TTFT + (O − 1) · TPOT",
          "[inference][power]")
{
    Scenario s;
    s.name = "serve";
    s.system = "dgx-h100-superpod";
    s.gpus = 16;
    s.model = "llama3-70b";
    s.mode = Mode::Inference;
    s.parallel.tp = 8;
    s.parallel.dp = 2;
    s.inference.batch = 32;
    s.inference.promptTokens = 1024;
    s.inference.outputTokens = 256;
    s.inference.precision = Precision::Bf16;
    const EvaluationContext ctx = contextFor(s);
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    const StepWork work = servingWork(ctx, e);
    CHECK(work.gpus == 16);
    CHECK(work.tokensPerStep == 2 * 32 * 256);
    CHECK(work.stepTime.si == Approx(e.ttft.si + 255 * e.tpot.si).epsilon(1e-12));
    CHECK(work.stepTime.si == Approx(work.tokensPerStep / e.outputTokensPerS).epsilon(1e-12));
    CHECK(work.mfu == e.cycleMfu);
    CHECK(work.mfu > 0);
    CHECK(work.mfu < 1);
    const FacilityReport r = facilityReport(ctx, work);
    CHECK(r.energy.energyPerStep.si / work.tokensPerStep == Approx(e.energyPerToken.si).epsilon(1e-12));
    CHECK(r.energy.tokensPerJoule == Approx(1 / e.energyPerToken.si).epsilon(1e-12));
    CHECK(r.energy.costPerMillionTokens == Approx(e.costPerMillionTokens).epsilon(1e-12));
}

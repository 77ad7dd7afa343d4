// Goodput against seed 001 §1.8 and the first-order failure model
// (Young/Daly checkpoint interval) as clusters grow toward 100,000+ GPUs.

#include "model_test_support.h"

#include "model/training/evaluation_json.h"
#include "model/power/facility_report.h"
#include "model/power/goodput.h"

#include <cmath>
#include <iterator>

using namespace scalescope;
using namespace scalescope::literals;

namespace {

FailureModel builtinFailureModel()
{
    const FacilitySpec* f = testing::catalog().facility(kDefaultFacility);
    REQUIRE(f);
    return failureModel(f->reliability);
}

} // namespace

TEST_CASE("Seed 001 1.8: 100,000 tokens in 10 s on 8 GPUs of 1,500 tokens/s peak is 83.3 % goodput", "[goodput][seed001]")
{
    const double peak = 8 * 1500.0; // 12,000 tokens/s
    CHECK(goodputTokensPerSecond(100'000, 10.0_s) == Approx(10'000).epsilon(1e-12));
    CHECK(goodputEfficiency(100'000, 10.0_s, peak) == Approx(0.833).margin(0.0005));
    CHECK(goodputEfficiency(100'000, 10.0_s, peak) == Approx(10.0 / 12.0).epsilon(1e-12));
}

TEST_CASE("Job MTBF shrinks as 1/N; Young/Daly interval is sqrt(2 δ M)", "[goodput]")
{
    // Llama 3 Herd §3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs.
    const double lambda = 419.0 / (54 * 24 * 16384.0);
    CHECK(jobMtbf(lambda, 16384).si == Approx(54 * 24 * 3600.0 / 419).epsilon(1e-9)); // ≈ 3.1 h
    CHECK(jobMtbf(lambda, 163840).si == Approx(jobMtbf(lambda, 16384).si / 10).epsilon(1e-12));
    struct Row {
        double delta, mtbf, interval;
    };
    for (const Row& r : {Row{30, 11'153, 818.0}, Row{60, 3600, 657.3}, Row{10, 1e6, 4472.1}}) {
        INFO("δ " << r.delta << " s, M " << r.mtbf << " s");
        CHECK(youngDalyInterval(Seconds{r.delta}, Seconds{r.mtbf}).si == Approx(r.interval).margin(0.5));
    }
}

TEST_CASE("The Young/Daly interval beats shorter and longer checkpoint intervals", "[goodput][property]")
{
    FailureModel m = builtinFailureModel();
    for (long long gpus : {1'024LL, 16'384LL, 100'000LL}) {
        INFO(gpus << " GPUs");
        const GoodputEstimate best = estimateGoodput(m, gpus);
        for (double factor : {0.25, 0.5, 2.0, 4.0}) {
            FailureModel other = m;
            other.checkpointInterval = best.optimalInterval * factor;
            CHECK(estimateGoodput(other, gpus).effectiveTimeFraction < best.effectiveTimeFraction);
        }
    }
}

TEST_CASE("Effective training time falls as clusters grow toward 100,000+ GPUs", "[goodput][property]")
{
    const FailureModel m = builtinFailureModel();
    double previous = 1.0;
    for (long long gpus : {8LL, 72LL, 576LL, 4'096LL, 16'384LL, 100'000LL, 1'000'000LL}) {
        INFO(gpus << " GPUs");
        const GoodputEstimate g = estimateGoodput(m, gpus);
        CHECK(g.effectiveTimeFraction <= previous);
        CHECK(g.effectiveTimeFraction >= 0.0);
        CHECK(g.effectiveTimeFraction == Approx((1 - g.failureLoss) * (1 - g.checkpointLoss)).epsilon(1e-12));
        previous = g.effectiveTimeFraction;
    }
    CHECK(estimateGoodput(m, 8).effectiveTimeFraction > 0.99);
    // Calibration: Llama 3 reports > 90 % effective training time on 16,384 H100s (±5 points).
    CHECK(estimateGoodput(m, 16'384).effectiveTimeFraction == Approx(0.90).margin(0.05));
    CHECK(estimateGoodput(m, 100'000).effectiveTimeFraction < 0.8);
    CHECK(estimateGoodput(m, 1'000'000).effectiveTimeFraction < 0.05);
}

TEST_CASE("The evaluation's goodput object: goodput MFU = MFU x effective time", "[goodput]")
{
    const EvaluationContext ctx = testing::contextFor(testing::presetScenario("llama3-405b-16k-h100"));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const nlohmann::json g = evaluationToJson(ctx, e)["goodput"];
    const double fraction = g["effective_time_fraction"].get<double>();
    CHECK(fraction > 0.0);
    CHECK(fraction < 1.0);
    CHECK(g["goodput_mfu"].get<double>() == Approx(e.mfu * fraction).epsilon(1e-12));
    CHECK(g["goodput_tokens_per_s"].get<double>() == Approx(e.tokensPerS * fraction).epsilon(1e-12));
    CHECK(g["checkpoint_interval_s"].get<double>() == Approx(g["optimal_checkpoint_interval_s"].get<double>()));
    REQUIRE(g["at_scale"].size() == std::size(kGoodputScales));
    for (size_t i = 1; i < g["at_scale"].size(); ++i)
        CHECK(g["at_scale"][i]["effective_time_fraction"].get<double>() <
              g["at_scale"][i - 1]["effective_time_fraction"].get<double>());
}

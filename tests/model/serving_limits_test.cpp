// The scenario's serving limits ("inference.tpot_max", "inference.ttft_max";
// model/spec/scenario.h): read as seconds or times, saved and read back,
// refused where not a time > 0; the evaluation warns when the scenario's own
// point misses them and its JSON says whether it meets them; the chart's
// compared layouts are the search's best under them.

#include "inference_test_support.h"

#include "model/inference/inference_json.h"
#include "model/search/inference_search.h"
#include "model/search/serving_curve.h"

using namespace scalescope;
using testing::contextFor;
using testing::hasWarning;
using testing::presetScenario;
using testing::scenarioErrorPaths;

namespace {

nlohmann::json servingDoc(const nlohmann::json& limits)
{
    nlohmann::json block{{"batch", 8}, {"prompt_tokens", 1024}, {"output_tokens", 128}, {"precision", "bf16"}};
    if (limits.is_object()) block.update(limits); // {} reads as null
    return {{"format", "scalescope-scenario/1"},
            {"system", "dgx-h100-superpod"},
            {"gpus", 8},
            {"model", "llama3-70b"},
            {"mode", "inference"},
            {"parallel", {{"tp", 8}}},
            {"inference", block}};
}

Scenario parsed(const nlohmann::json& doc)
{
    SpecErrors errors;
    auto s = parseScenario(doc, "serve.json", errors);
    for (const auto& e : errors) UNSCOPED_INFO(e.text());
    REQUIRE(s);
    return *s;
}

} // namespace

TEST_CASE("Serving limits read as seconds or as times, survive a save, and are absent unless written",
          "[inference][scenario][limits]")
{
    const Scenario s = parsed(servingDoc({{"tpot_max", "50 ms"}, {"ttft_max", 2}}));
    REQUIRE(s.inference.tpotMax);
    REQUIRE(s.inference.ttftMax);
    CHECK(s.inference.tpotMax->si == Approx(0.05).epsilon(1e-12));
    CHECK(s.inference.ttftMax->si == 2.0);
    const nlohmann::json saved = scenarioToJson(s);
    CHECK(saved["inference"]["tpot_max"].get<double>() == Approx(0.05).epsilon(1e-12));
    CHECK(saved["inference"]["ttft_max"].get<double>() == 2.0);
    const Scenario again = parsed(saved);
    CHECK(again.inference.tpotMax == s.inference.tpotMax);
    CHECK(again.inference.ttftMax == s.inference.ttftMax);

    const Scenario plain = parsed(servingDoc({}));
    CHECK_FALSE(plain.inference.tpotMax);
    CHECK_FALSE(plain.inference.ttftMax);
    CHECK_FALSE(scenarioToJson(plain)["inference"].contains("tpot_max"));
    CHECK_FALSE(scenarioToJson(plain)["inference"].contains("ttft_max"));
    const ServingLimits none = servingLimitsOf(plain.inference);
    CHECK_FALSE(none.tpotMax);
    CHECK_FALSE(none.ttftMax);
}

TEST_CASE("Serving limits that are not a time > 0 are errors at their path, and a misspelt one gets a suggestion",
          "[inference][scenario][limits]")
{
    using Paths = std::vector<std::string>;
    for (const nlohmann::json& bad : {nlohmann::json(0), nlohmann::json(-0.05), nlohmann::json("50 GB"),
                                      nlohmann::json("fast"), nlohmann::json(true), nlohmann::json("0 ms")}) {
        INFO(bad.dump());
        CHECK(scenarioErrorPaths(servingDoc({{"tpot_max", bad}})) == Paths{"/inference/tpot_max"});
        CHECK(scenarioErrorPaths(servingDoc({{"ttft_max", bad}})) == Paths{"/inference/ttft_max"});
    }
    SpecErrors errors;
    (void)parseScenario(servingDoc({{"tpot_max", "50 GB"}}), "serve.json", errors);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0].text(), Catch::Contains("serve.json: /inference/tpot_max: expected a time > 0"));
    errors.clear();
    (void)parseScenario(servingDoc({{"tpot_mx", 0.05}}), "serve.json", errors);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0].text(), Catch::Contains("/inference/tpot_mx: unknown key; did you mean tpot_max?"));
}

TEST_CASE("The evaluation warns when the scenario's own point misses a limit, and its JSON says whether it meets "
          "them",
          "[inference][limits]")
{
    Scenario s = parsed(servingDoc({}));
    const InferenceEvaluation free = evaluateInference(contextFor(s));
    REQUIRE(free.ok);
    CHECK_FALSE(inferenceToJson(contextFor(s), free).contains("meets_limits"));

    // Limits just above the point's own TPOT and TTFT: met, no warning.
    s.inference.tpotMax = Seconds{free.tpot.si * 1.001};
    s.inference.ttftMax = Seconds{free.ttft.si * 1.001};
    const EvaluationContext loose = contextFor(s);
    const InferenceEvaluation met = evaluateInference(loose);
    CHECK_FALSE(hasWarning(met, InferenceWarning::TpotOverLimit));
    CHECK_FALSE(hasWarning(met, InferenceWarning::TtftOverLimit));
    CHECK(inferenceToJson(loose, met)["meets_limits"] == true);

    // Just below: missed, each limit warned about with the point's time and the limit.
    s.inference.tpotMax = Seconds{free.tpot.si * 0.999};
    s.inference.ttftMax.reset();
    const EvaluationContext tight = contextFor(s);
    const InferenceEvaluation missed = evaluateInference(tight);
    CHECK(hasWarning(missed, InferenceWarning::TpotOverLimit));
    CHECK_FALSE(hasWarning(missed, InferenceWarning::TtftOverLimit));
    const nlohmann::json j = inferenceToJson(tight, missed);
    CHECK(j["meets_limits"] == false);
    bool worded = false;
    for (const auto& w : j["warnings"])
        if (w["code"] == "tpot_over_limit")
            worded = w["message"].get<std::string>().find("misses the TPOT limit") != std::string::npos;
    CHECK(worded);
    // The numbers do not move with the limits.
    CHECK(missed.tpot == free.tpot);
    CHECK(missed.ttft == free.ttft);
    CHECK(missed.tokensPerSPerGpu == free.tokensPerSPerGpu);
}

TEST_CASE("The chart's compared layouts are the serving search's best under the scenario's limits",
          "[inference][search][limits]")
{
    Scenario s = presetScenario("llama3-70b-inference-8xh100");
    const EvaluationContext freeCtx = contextFor(s);
    const std::vector<ServingCurve> unlimited = servingCurvesToCompare(freeCtx, servingLimitsOf(s.inference), 3);
    // A TPOT limit at the fastest decode of any layout at batch 1 leaves only
    // the layouts that reach it: the compared set changes.
    const ServingSearchResult fastest = searchServingLayouts(freeCtx, {ServingObjective::Latency, {}, 1});
    REQUIRE_FALSE(fastest.best.empty());
    s.inference.tpotMax = Seconds{fastest.best[0].evaluation.tpot.si * 1.2};
    const EvaluationContext limited = contextFor(s);
    const ServingLimits limits = servingLimitsOf(s.inference);
    const std::vector<ServingCurve> curves = servingCurvesToCompare(limited, limits, 3);
    const ServingSearchResult r = searchServingLayouts(limited, {ServingObjective::Throughput, limits, 10});
    REQUIRE_FALSE(r.best.empty());
    auto same = [](const ParallelLayout& a, const ParallelLayout& b) {
        return a.tp == b.tp && a.pp == b.pp && a.dp == b.dp && a.ep == b.ep;
    };
    // Every compared layout after the scenario's own has a batch meeting the limit.
    for (std::size_t i = 1; i < curves.size(); ++i) {
        bool ranked = false;
        for (const RankedServingLayout& l : r.best) ranked = ranked || same(l.layout, curves[i].layout);
        CHECK(ranked);
    }
    bool changed = unlimited.size() != curves.size();
    for (std::size_t i = 1; !changed && i < curves.size(); ++i) changed = !same(unlimited[i].layout, curves[i].layout);
    CHECK(changed);
}

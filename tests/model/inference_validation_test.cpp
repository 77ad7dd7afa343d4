// The inference validation set: published serving measurements against the
// inference model. These tests check the bookkeeping (parsing, errors,
// evaluation through the normal path, nearest run); the bounds are the
// CTest `inference_validation_bounds`.

#include "model/inference/inference_step.h"
#include "model/validation/inference_validation.h"
#include "model_test_support.h"

#include <cmath>
#include <set>

using namespace scalescope;
using scalescope::testing::catalog;
using scalescope::testing::contextFor;
using scalescope::testing::presetScenario;

namespace {

// A hand-made run: Llama 3 70B BF16 on 8 H100 (TP 8), batch 64, 2,048 in / 128 out, measured 500 tokens/s per GPU.
nlohmann::json handMadeRun()
{
    return nlohmann::json::parse(R"({
      "kind": "inference-validation-run", "id": "hand-made", "name": "Hand-made serving run", "class": "dense",
      "sources": { "t": "a test table" },
      "scenario": { "format": "scalescope-scenario/1", "name": "70B on 8 H100", "system": "dgx-h100-superpod",
                    "gpus": 8, "model": "llama3-70b", "mode": "inference",
                    "inference": { "batch": 64, "prompt_tokens": 2048, "output_tokens": 128, "precision": "bf16" },
                    "parallel": { "tp": 8, "pp": 1, "dp": 1 } },
      "measured": { "tokens_per_s_per_gpu": { "value": 500, "source": "t" },
                    "tpot_s": { "value": 0.05, "source": "t" },
                    "derivation": "as published" },
      "not_modelled": ["static batching, as the model's serving loop"],
      "assumptions": ["none"]
    })");
}

} // namespace

TEST_CASE("a hand-made inference validation run evaluates through evaluateInference; its errors are predicted / "
          "measured - 1",
          "[validation][inference]")
{
    SpecErrors errors;
    const auto run = parseInferenceValidationRun(handMadeRun(), "hand-made.json", errors);
    for (const auto& e : errors)
        UNSCOPED_INFO(e.text());
    REQUIRE(run);
    CHECK(run->notModelled.size() == 1);
    REQUIRE(run->tpotS);
    CHECK_FALSE(run->ttftS);

    const InferenceValidationOutcome o = evaluateInferenceValidationRun(*run, catalog());
    INFO(o.error);
    REQUIRE(o.ok);
    SpecErrors resolve;
    const auto ctx = makeEvaluationContext(run->scenario, catalog(), resolve);
    REQUIRE(ctx);
    const InferenceEvaluation e = evaluateInference(*ctx);
    REQUIRE(e.ok);
    CHECK(o.predictedTokensPerSPerGpu == e.tokensPerSPerGpu); // the normal path, nothing added
    CHECK(o.predictedTpotS == e.tpot.si);
    CHECK(o.batch == 64);
    CHECK(o.relativeError == Approx(e.tokensPerSPerGpu / 500.0 - 1.0));
    REQUIRE(o.tpotError);
    CHECK(*o.tpotError == Approx(e.tpot.si / 0.05 - 1.0));
    CHECK_FALSE(o.ttftError);
    CHECK(o.gpu == "h100-sxm");
}

TEST_CASE("a broken inference validation run is reported with file and JSON path", "[validation][inference]")
{
    auto expectError = [](nlohmann::json doc, const std::string& path, const std::string& words) {
        SpecErrors errors;
        CHECK_FALSE(parseInferenceValidationRun(doc, "bad.json", errors));
        bool found = false;
        for (const auto& e : errors)
            found = found || (e.file == "bad.json" && e.path == path && e.message.find(words) != std::string::npos);
        INFO(path << " / " << words);
        for (const auto& e : errors)
            UNSCOPED_INFO(e.text());
        CHECK(found);
    };
    nlohmann::json training = handMadeRun();
    training["scenario"]["mode"] = "training";
    training["scenario"].erase("inference");
    training["scenario"]["training"] = {{"seq_len", 4096}, {"global_batch", 8}, {"precision", "bf16"}};
    expectError(training, "/scenario/mode", "expected \"inference\"");

    nlohmann::json silent = handMadeRun();
    silent.erase("not_modelled");
    expectError(silent, "/not_modelled", "does not describe");

    nlohmann::json typo = handMadeRun();
    typo["measured"]["tpot"] = typo["measured"]["tpot_s"];
    expectError(typo, "/measured/tpot", "");

    nlohmann::json kind = handMadeRun();
    kind["kind"] = "validation-run";
    expectError(kind, "/kind", "expected \"inference-validation-run\"");

    nlohmann::json negative = handMadeRun();
    negative["measured"]["tokens_per_s_per_gpu"]["value"] = -1;
    expectError(negative, "/measured/tokens_per_s_per_gpu/value", "");
}

TEST_CASE("every shipped inference validation run loads, evaluates and states what the model does not describe",
          "[validation][inference]")
{
    const std::filesystem::path validation = std::string(SCALESCOPE_SPECS_DIR) + "/validation";
    CHECK(inferenceValidationDir(validation) == validation / "inference");
    SpecErrors errors;
    const auto runs = loadInferenceValidationSet(inferenceValidationDir(validation), errors);
    for (const auto& e : errors)
        UNSCOPED_INFO(e.text());
    CHECK(errors.empty());
    REQUIRE(runs.size() >= 5);
    const InferenceValidationReport report = evaluateInferenceValidationSet(runs, catalog());
    CHECK(report.evaluated == static_cast<int>(runs.size()));
    std::set<std::string> gpus;
    for (const InferenceValidationOutcome& o : report.outcomes) {
        gpus.insert(o.gpu);
        INFO(o.run->id << ": " << o.error);
        CHECK(o.ok);
        CHECK(o.predictedTokensPerSPerGpu > 0);
        CHECK(std::isfinite(o.relativeError));
        CHECK(o.run->scenario.mode == Mode::Inference);
        CHECK_FALSE(o.run->derivation.empty());
        CHECK_FALSE(o.run->notModelled.empty()); // every shipped run says how its serving loop is written
        CHECK(o.run->sources.count(o.run->tokensPerSPerGpu.source) == 1);
    }
    CHECK(gpus.count("h100-sxm") == 1);
    CHECK(gpus.count("h200-sxm") == 1);
    // a directory without inference runs holds none, and that is no error
    SpecErrors none;
    CHECK(loadInferenceValidationSet(validation / "no-such-directory", none).empty());
    CHECK(none.empty());
}

TEST_CASE("held inference summary: geometric mean and worst |error| of the runs without outside_bounds",
          "[validation][inference]")
{
    InferenceValidationRun held, shown;
    shown.outsideBounds = "a latency-constrained server scenario";
    auto outcome = [](const InferenceValidationRun& run, double measured, double predicted) {
        InferenceValidationOutcome o;
        o.run = &run;
        o.ok = true;
        o.measuredTokensPerSPerGpu = measured;
        o.predictedTokensPerSPerGpu = predicted;
        o.relativeError = relativeError(predicted, measured);
        return o;
    };
    InferenceValidationReport report;
    report.outcomes = {outcome(held, 100, 125), outcome(held, 100, 80), outcome(shown, 100, 300)};
    const InferenceHeldSummary h = inferenceHeldSummary(report);
    CHECK(h.runs == 2);
    CHECK(h.worst == Approx(0.25));
    CHECK(h.geometricMean == Approx(0.25)); // |ln 1.25| = |ln 0.8|
}

TEST_CASE("nearest inference validation run: the training tiers, the GPU, then output and prompt lengths",
          "[validation][inference]")
{
    const EvaluationContext ctx = contextFor(presetScenario("llama3-70b-inference-8xh100")); // Hopper, dense, 8 GPUs, bf16
    const Scenario& s = ctx.scenario;
    const double p = ctx.cost.totalParams;
    auto runWith = [&](int prompt, int output) {
        InferenceValidationRun r;
        r.scenario = s;
        r.scenario.inference.promptTokens = prompt;
        r.scenario.inference.outputTokens = output;
        return r;
    };
    auto outcome = [&](const InferenceValidationRun& run, const char* arch, double params, long long gpus, Precision pr) {
        InferenceValidationOutcome o;
        o.run = &run;
        o.ok = true;
        o.gpu = ctx.gpu.id;
        o.gpuArchitecture = arch;
        o.totalParams = params;
        o.gpus = gpus;
        o.precision = pr;
        return o;
    };
    const int P = s.inference.promptTokens, O = s.inference.outputTokens;
    const InferenceValidationRun same = runWith(P, O), longOut = runWith(P, O * 16), longIn = runWith(P * 16, O);

    InferenceValidationReport report;
    report.outcomes.push_back(outcome(same, "Blackwell", p, 8, s.inference.precision)); // other architecture
    report.outcomes.push_back(outcome(longOut, "Hopper", p * 4, 1, Precision::Fp8));   // same architecture, far off
    auto nearest = nearestInferenceValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[1]);
    const double precisionTerm = s.inference.precision == Precision::Fp8 ? 0.0 : 0.5;
    CHECK(nearest->distance == Approx(std::log(4.0) + std::log(8.0) + precisionTerm + 0.5 * std::log(16.0)));

    // the output length weighs twice the prompt length
    report.outcomes.push_back(outcome(longOut, "Hopper", p, 8, s.inference.precision));
    report.outcomes.push_back(outcome(longIn, "Hopper", p, 8, s.inference.precision));
    nearest = nearestInferenceValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[3]);
    CHECK(nearest->distance == Approx(0.25 * std::log(16.0)));

    // another GPU of the same architecture (an H200 for an H100 scenario) is half a step away
    report.outcomes.push_back(outcome(same, "Hopper", p, 8, s.inference.precision));
    report.outcomes.back().gpu = "h200-sxm";
    nearest = nearestInferenceValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[4]);
    CHECK(nearest->distance == Approx(0.5));

    // runs that did not evaluate are never chosen
    report.outcomes[4].ok = false;
    report.outcomes[3].ok = false;
    nearest = nearestInferenceValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[2]);
    CHECK_FALSE(nearestInferenceValidationRun(s, ctx, InferenceValidationReport{}));
}

TEST_CASE("nearest inference run of the shipped presets: the 70B FP8 run on 4 GPUs for the 405B FP8 preset on 8, with its error",
          "[validation][inference]")
{
    SpecErrors errors;
    const auto runs = loadInferenceValidationSet(
        inferenceValidationDir(std::string(SCALESCOPE_SPECS_DIR) + "/validation"), errors);
    const InferenceValidationReport report = evaluateInferenceValidationSet(runs, catalog());
    const EvaluationContext ctx = contextFor(presetScenario("llama3-405b-inference-8xh200"));
    const auto nearest = nearestInferenceValidationRun(ctx.scenario, ctx, report);
    REQUIRE(nearest);
    // Llama 3 70B FP8 on 4 H100, 2,048 / 2,048: half the preset's GPUs and another Hopper GPU (ln 2 + 0.5)
    // are nearer than the Llama 2 70B FP8 runs on one H200 (ln 8)
    CHECK(nearest->outcome->gpu == "h100-sxm");
    CHECK(nearest->outcome->gpus == 4);
    CHECK(nearest->outcome->precision == Precision::Fp8);
    CHECK(nearest->outcome->model == "Llama 3 70B"); // the largest dense model among the runs
    CHECK(std::isfinite(nearest->outcome->relativeError));
}

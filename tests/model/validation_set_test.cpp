// The validation set: published training runs against the model. These tests
// check the bookkeeping (parsing, error arithmetic, nearest run), not the
// size of the errors; the bounds are the CTest `validation_bounds`.

#include "model/training/verdicts.h"
#include "model/validation/published_mfu.h"
#include "model/validation/validation_set.h"
#include "model/training/evaluation_context.h"
#include "model_test_support.h"

#include <cmath>
#include <map>
#include <set>

using namespace scalescope;
using scalescope::testing::catalog;
using scalescope::testing::contextFor;
using scalescope::testing::hasWarning;
using scalescope::testing::makeScenario;
using scalescope::testing::presetScenario;

namespace {

// A hand-made run: Llama 3 8B on 8 H100 with FSDP, measured 5,000 tokens/s per GPU.
nlohmann::json handMadeRun()
{
    return nlohmann::json::parse(R"({
      "kind": "validation-run", "id": "hand-made", "name": "Hand-made run", "class": "dense",
      "sources": { "t": "a test table" },
      "scenario": { "format": "scalescope-scenario/1", "name": "8B on 8 H100", "system": "dgx-h100-superpod",
                    "gpus": 8, "model": "llama3-8b", "mode": "training",
                    "training": { "seq_len": 8192, "global_batch": 16, "precision": "bf16", "zero_stage": 3, "recompute": "selective" },
                    "parallel": { "tp": 1, "pp": 1, "cp": 1, "ep": 1, "dp": 8, "vpp": 1, "microbatch_size": 2, "schedule": "1f1b",
                                  "order": ["tp", "cp", "ep", "dp", "pp"] } },
      "measured": { "tokens_per_s_per_gpu": { "value": 5000, "source": "t" },
                    "mfu": { "value": 0.4, "source": "t", "flops": "6N" },
                    "derivation": "as published" },
      "assumptions": ["none"]
    })");
}

ValidationOutcome outcome(const ValidationRun& run, const char* arch, double params, long long gpus, Precision p)
{
    ValidationOutcome o;
    o.run = &run;
    o.ok = true;
    o.gpuArchitecture = arch;
    o.totalParams = params;
    o.gpus = gpus;
    o.precision = p;
    return o;
}

} // namespace

TEST_CASE("validation error arithmetic: signed error and geometric-mean absolute error", "[validation]")
{
    CHECK(relativeError(110, 100) == Approx(0.10));
    CHECK(relativeError(80, 100) == Approx(-0.20));
    // exp(mean(|ln 1.1|, |ln 0.8|)) - 1 = exp((0.09531 + 0.22314) / 2) - 1 = 0.17260
    const double ratios[] = {1.1, 0.8};
    CHECK(geometricMeanAbsError(ratios) == Approx(std::exp((std::log(1.1) - std::log(0.8)) / 2) - 1));
    CHECK(geometricMeanAbsError(ratios) == Approx(0.17260).epsilon(1e-4));
    // over-prediction by 2x and under-prediction by 2x both count as 100 % off
    const double symmetric[] = {2.0, 0.5};
    CHECK(geometricMeanAbsError(symmetric) == Approx(1.0));
    CHECK(geometricMeanAbsError({}) == 0.0);
}

TEST_CASE("class summaries: the geometric-mean and worst |error| of the runs a filter keeps; long context from "
          "65,536 tokens",
          "[validation]")
{
    SpecErrors errors;
    auto run = parseValidationRun(handMadeRun(), "hand-made.json", errors);
    REQUIRE(run);
    ValidationRun longRun = *run;
    longRun.scenario.training.seqLen = 65536;
    ValidationRun shortRun = *run;
    shortRun.scenario.training.seqLen = 65535;
    CHECK(isLongContext(longRun));
    CHECK_FALSE(isLongContext(shortRun));
    CHECK_FALSE(isLongContext(*run)); // 8,192 tokens

    // Three outcomes: +10 %, -20 % and one that did not evaluate (left out whatever the filter says).
    ValidationReport report;
    for (const auto& [ok, pred] : {std::pair{true, 110.0}, std::pair{true, 80.0}, std::pair{false, 500.0}}) {
        ValidationOutcome o = outcome(ok ? longRun : shortRun, "Hopper", 8e9, 8, Precision::Bf16);
        o.run = ok && pred > 100 ? &longRun : &shortRun;
        o.ok = ok;
        o.measuredTokensPerSPerGpu = 100;
        o.predictedTokensPerSPerGpu = pred;
        o.relativeError = relativeError(pred, 100);
        report.outcomes.push_back(o);
    }
    const ErrorSummary all = summarizeErrors(report, [](const ValidationOutcome&) { return true; });
    CHECK(all.runs == 2);
    CHECK(all.geometricMean == Approx(0.17260).epsilon(1e-4)); // exp((|ln 1.1| + |ln 0.8|) / 2) - 1
    CHECK(all.worst == Approx(0.20));
    const ErrorSummary lc = summarizeErrors(report, [](const ValidationOutcome& o) { return isLongContext(*o.run); });
    CHECK(lc.runs == 1);
    CHECK(lc.geometricMean == Approx(0.10));
    CHECK(lc.worst == Approx(0.10));
    const ErrorSummary none = summarizeErrors(report, [](const ValidationOutcome&) { return false; });
    CHECK(none.runs == 0);
    CHECK(none.geometricMean == 0);
    CHECK(none.worst == 0);
}

TEST_CASE("a hand-made validation run parses and its error is predicted / measured - 1", "[validation]")
{
    SpecErrors errors;
    const auto run = parseValidationRun(handMadeRun(), "hand-made.json", errors);
    for (const auto& e : errors)
        UNSCOPED_INFO(e.text());
    REQUIRE(run);
    CHECK(run->tokensPerSPerGpu.value == 5000);
    REQUIRE(run->mfu);
    CHECK(run->mfu->value == Approx(0.4));
    CHECK(run->scenario.gpus == 8);

    const ValidationOutcome o = evaluateValidationRun(*run, catalog());
    INFO(o.error);
    REQUIRE(o.ok);
    CHECK(o.gpu == "h100-sxm");
    CHECK(o.relativeError == Approx(o.predictedTokensPerSPerGpu / 5000.0 - 1.0));

    const std::vector<ValidationRun> runs{*run};
    const ValidationReport report = evaluateValidationSet(runs, catalog());
    CHECK(report.evaluated == 1);
    CHECK(report.geometricMeanAbsError == Approx(std::exp(std::abs(std::log1p(o.relativeError))) - 1).margin(1e-12));
}

TEST_CASE("a broken validation run is reported with file and JSON path", "[validation]")
{
    nlohmann::json doc = handMadeRun();
    doc["measured"]["tokens_per_s_per_gpu"]["source"] = "nowhere";
    doc["scenario"]["training"]["precision"] = "fp12";
    doc["class"] = "sparse";
    SpecErrors errors;
    CHECK_FALSE(parseValidationRun(doc, "broken.json", errors));
    std::set<std::string> paths;
    for (const auto& e : errors) {
        CHECK(e.file == "broken.json");
        paths.insert(e.path);
    }
    CHECK(paths.count("/measured/tokens_per_s_per_gpu/source") == 1);
    CHECK(paths.count("/scenario/training/precision") == 1);
    CHECK(paths.count("/class") == 1);
}

TEST_CASE("nearest validation run: class first (MoE, long context), then model, GPU architecture, then size, GPUs, "
          "layout, precision",
          "[validation]")
{
    const EvaluationContext ctx = contextFor(presetScenario("llama3-70b-4096-h100")); // Hopper, dense, 70B, 4096, bf16
    const Scenario& s = ctx.scenario;
    REQUIRE(s.parallel.ep == 1);
    REQUIRE(s.parallel.cp == 1);
    ValidationRun dense, moe;
    dense.runClass = RunClass::Dense;
    moe.runClass = RunClass::Moe;
    const double p = ctx.cost.totalParams;

    ValidationReport report;
    report.outcomes.push_back(outcome(dense, "Ampere", p, 4096, Precision::Bf16));   // same shape, other GPU
    report.outcomes.push_back(outcome(moe, "Hopper", p, 4096, Precision::Bf16));     // same GPU, MoE
    report.outcomes.push_back(outcome(dense, "Hopper", p * 100, 8, Precision::Fp8)); // same GPU and class, far off
    auto nearest = nearestValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[2]);
    CHECK(nearest->distance == Approx(std::log(100.0) + std::log(512.0) + 0.5));
    CHECK(nearest->sameClass());
    CHECK(validationDistance(s, ctx, report.outcomes[0]) == Approx(kRunArchitectureTier));
    CHECK(validationDistance(s, ctx, report.outcomes[1]) == Approx(kRunClassTier));

    // within a tier, the log-ratio of parameters and GPUs decides, then precision
    report.outcomes.push_back(outcome(dense, "Hopper", p * 2, 4096, Precision::Fp8));
    report.outcomes.push_back(outcome(dense, "Hopper", p * 2, 4096, Precision::Bf16));
    nearest = nearestValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[4]);
    CHECK(nearest->distance == Approx(std::log(2.0)));

    // the same model on another GPU family is nearer than another model on the scenario's own
    for (ValidationOutcome& o : report.outcomes) o.model = "Another model";
    report.outcomes[0].model = ctx.model.name;
    nearest = nearestValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[0]);
    CHECK(nearest->distance == Approx(kRunArchitectureTier));
    CHECK(validationDistance(s, ctx, report.outcomes[4]) == Approx(kRunModelTier + std::log(2.0)));
    for (ValidationOutcome& o : report.outcomes) o.model.clear(); // an unnamed model is not compared

    // a long-context run (65,536 tokens) of the same shape is a tier further from a 4,096-token scenario
    ValidationRun longDense;
    longDense.runClass = RunClass::Dense;
    longDense.scenario.training.seqLen = 65536;
    report.outcomes.push_back(outcome(longDense, "Hopper", p, 4096, Precision::Bf16));
    nearest = nearestValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[4]);
    CHECK(validationDistance(s, ctx, report.outcomes[5]) == Approx(kLongContextTier));
    Scenario longScenario = s;
    longScenario.training.seqLen = 131072;
    CHECK(validationDistance(longScenario, ctx, report.outcomes[5]) == Approx(std::log(2.0))); // 131,072 vs 65,536 tokens
    CHECK(validationDistance(longScenario, ctx, report.outcomes[4]) == Approx(kLongContextTier + std::log(2.0)));
    // a long-context run of another GPU family is still nearer than a short one on the scenario's own
    report.outcomes[5].gpuArchitecture = "Ampere";
    nearest = nearestValidationRun(longScenario, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[5]);
    CHECK(nearest->sameClass());
    // the layout: context parallelism 8 against the run's 2 is ln 4 further
    longDense.scenario.parallel.cp = 2;
    longScenario.parallel.cp = 8;
    CHECK(validationDistance(longScenario, ctx, report.outcomes[5]) ==
          Approx(kRunArchitectureTier + std::log(4.0) + std::log(2.0)));
    report.outcomes.pop_back();
    // no long-context run left: the nearest is of another class, and says so
    nearest = nearestValidationRun(longScenario, ctx, report);
    REQUIRE(nearest);
    CHECK_FALSE(nearest->sameClass());

    // runs that did not evaluate are never chosen
    report.outcomes[4].ok = false;
    nearest = nearestValidationRun(s, ctx, report);
    REQUIRE(nearest);
    CHECK(nearest->outcome == &report.outcomes[3]);
    CHECK_FALSE(nearestValidationRun(s, ctx, ValidationReport{}));
}

TEST_CASE("nearest published run of the MoE and long-context presets: a run of the scenario's class, its error "
          "computed from the validation file",
          "[validation]")
{
    SpecErrors errors;
    const auto runs = loadValidationSet(std::string(SCALESCOPE_SPECS_DIR) + "/validation", errors);
    REQUIRE(errors.empty());
    const ValidationReport report = evaluateValidationSet(runs, catalog());

    // DeepSeek-V3 on 2,048 H800: the published run of the same model on the same GPUs
    const EvaluationContext v3 = contextFor(presetScenario("deepseek-v3-2048-h800"));
    auto nearest = nearestValidationRun(v3.scenario, v3, report);
    REQUIRE(nearest);
    CHECK(nearest->sameClass());
    CHECK(nearest->outcome->run->runClass == RunClass::Moe);
    CHECK(nearest->outcome->model == v3.model.name);
    CHECK(nearest->outcome->gpus == 2048);
    // the error is the model's prediction of that run against its file's measurement, not a stored number
    const ValidationOutcome again = evaluateValidationRun(*nearest->outcome->run, catalog());
    CHECK(nearest->outcome->relativeError == Approx(again.predictedTokensPerSPerGpu / nearest->outcome->run->tokensPerSPerGpu.value - 1));

    // Llama 3 405B at 131,072 tokens with CP 4 on 16,384 H100: a long-context run, not the 16K preset's dense neighbours
    Scenario longScenario = presetScenario("llama3-405b-16k-h100");
    longScenario.training.seqLen = 131072;
    longScenario.parallel.cp = 4;
    longScenario.parallel.dp = 32; // 8 · 16 · 4 · 32 = 16,384 GPUs
    const EvaluationContext lc = contextFor(longScenario);
    nearest = nearestValidationRun(lc.scenario, lc, report);
    REQUIRE(nearest);
    CHECK(nearest->sameClass());
    CHECK(isLongContext(*nearest->outcome->run));
    CHECK(nearest->outcome->run->runClass == RunClass::Dense);
    CHECK(nearest->outcome->model == lc.model.name);
    CHECK(nearest->outcome->run->scenario.training.seqLen == 131072); // torchtitan's 128K run with CP 4, not its 64K or 256K one
}

TEST_CASE("every shipped validation run loads and evaluates", "[validation]")
{
    SpecErrors errors;
    const auto runs = loadValidationSet(std::string(SCALESCOPE_SPECS_DIR) + "/validation", errors);
    for (const auto& e : errors)
        UNSCOPED_INFO(e.text());
    CHECK(errors.empty());
    REQUIRE(runs.size() >= 15);

    std::set<std::string> architectures;
    std::set<std::string> gpus;
    int moe = 0, longContext = 0;
    const ValidationReport report = evaluateValidationSet(runs, catalog());
    for (const ValidationOutcome& o : report.outcomes) {
        INFO(o.run->id << ": " << o.error);
        CHECK(o.ok);
        CHECK(o.predictedTokensPerSPerGpu > 0);
        CHECK(std::isfinite(o.relativeError));
        CHECK_FALSE(o.run->derivation.empty());
        CHECK(o.run->sources.count(o.run->tokensPerSPerGpu.source) == 1);
        architectures.insert(o.gpuArchitecture);
        gpus.insert(o.gpu);
        if (o.run->runClass == RunClass::Moe) ++moe;
        if (isLongContext(*o.run)) {
            ++longContext;
            CHECK(o.run->scenario.parallel.cp > 1); // every long-context run splits its sequences
        }
    }
    CHECK(report.evaluated == static_cast<int>(runs.size()));
    CHECK(gpus.count("a100-sxm-80gb") == 1);
    CHECK(gpus.count("h100-sxm") == 1);
    CHECK(gpus.count("b200") == 1);
    CHECK(gpus.count("gb200-b200") == 1);
    CHECK(moe >= 8);         // issue 33: at least eight published MoE runs
    CHECK(longContext >= 2); // and at least two with 64K tokens or more
}

TEST_CASE("Best published MFU per class: a 16-bit class is held to 16-bit runs, an FP8 class to every run of its kind; "
          "one ceiling per class on every GPU generation; runs on described hardware only (issue 29)",
          "[validation]")
{
    const std::vector<PublishedMfu> runs{{"bf16", "", "Hopper", true, false, false, 0.47},
                                         {"a100", "", "Ampere", true, false, false, 0.62},
                                         {"capped", "", "Blackwell", false, false, false, 0.70},
                                         {"fp8", "", "Blackwell", true, false, true, 0.69},
                                         {"moe", "", "Hopper", true, true, true, 0.40}};
    CHECK(bestPublishedMfu(runs, false, false)->runId == "a100"); // not the power-capped run, not the FP8 one
    CHECK(bestPublishedMfu(runs, false, true)->runId == "fp8");   // an FP8 class counts 16-bit runs too
    CHECK(bestPublishedMfu(runs, true, true)->runId == "moe");
    CHECK(bestPublishedMfu(runs, true, false) == nullptr); // no 16-bit MoE run: no ceiling
    CHECK(isLowPrecision(Precision::Fp8));
    CHECK(isLowPrecision(Precision::Fp4));
    CHECK_FALSE(isLowPrecision(Precision::Bf16));
    CHECK_FALSE(isLowPrecision(Precision::Fp16));

    // The shipped set with its pending rows. The dense 16-bit ceiling is MPT-7B on 8 A100 (61.7 %), above the best
    // H100 run (Megatron-LM's GPT 16B on 192 H100, a pending row: 4,820.2 tokens/s per GPU, 47.1 % in this
    // program's convention, which counts attention's causal half) and the best held one (GPT 462B on 6,144 H100,
    // 45.7 %). The FP8 MLPerf run on 8 B200 (30,076 tokens/s per GPU, ~69 % of the BF16 peak) sets the dense FP8 one.
    const MfuCeiling dense16 = publishedMfuCeiling(catalog(), false, false);
    CHECK(dense16.runId == "mpt-7b-8-a100");
    CHECK(dense16.runName == "MPT-7B on 8 A100 80GB (llm-foundry)");
    CHECK(dense16.mfu == Approx(0.617).margin(0.005));
    const MfuCeiling dense8 = publishedMfuCeiling(catalog(), false, true);
    CHECK(dense8.mfu == Approx(0.69).margin(0.02));
    SpecErrors loadErrors;
    const auto held = publishedMfus(loadValidationSet(*builtinValidationDir(), loadErrors), catalog());
    const PublishedMfu* heldBest = bestPublishedMfu(held, false, false);
    REQUIRE(heldBest);
    CHECK(heldBest->runId == "mpt-7b-8-a100"); // a held run: the pending rows do not move the ceiling

    // The same ceiling on every generation: the GB200 NVL72 LLaMA-3 405B preset (Blackwell) and the H100 default
    // are held to one number, and so is the warning.
    const EvaluationContext preset = contextFor(presetScenario("default"));
    const EvaluationContext blackwell = contextFor(presetScenario("gb200-nvl72-llama3-405b"));
    CHECK(preset.publishedMfuCeiling == Approx(dense16.mfu));
    CHECK(blackwell.publishedMfuCeiling == Approx(dense16.mfu));
    CHECK(blackwell.publishedMfuCeilingRun == preset.publishedMfuCeilingRun);
    const Evaluation gb200 = evaluate(blackwell);
    REQUIRE(gb200.ok);
    CHECK(gb200.mfu > 0.47); // above every published H100 run, below the class's best: no warning, as on an H100
    CHECK_FALSE(hasWarning(gb200, WarningCode::AboveBestPublishedMfu));

    // LLaMA-3 8B on 8 H100, calibrated: 52 %, above every H100 run yet below the class's best: not flagged. Its
    // BF16 roofline (no kernel efficiencies) is above every published 16-bit run: flagged, naming the class's best.
    Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    s.efficiency = EfficiencyMode::Measured;
    const Evaluation calibrated = evaluate(contextFor(s));
    REQUIRE(calibrated.ok);
    CHECK(calibrated.mfu > 0.5);
    CHECK(calibrated.mfu < dense16.mfu);
    CHECK_FALSE(hasWarning(calibrated, WarningCode::AboveBestPublishedMfu));
    s.efficiency = EfficiencyMode::Theoretical;
    const EvaluationContext roofline = contextFor(s);
    CHECK(roofline.publishedMfuCeiling == Approx(dense16.mfu));
    const Evaluation high = evaluate(roofline);
    REQUIRE(high.ok);
    CHECK(high.mfu > dense16.mfu);
    REQUIRE(hasWarning(high, WarningCode::AboveBestPublishedMfu));
    for (int i = 0; i < high.warningCount; ++i)
        if (high.warnings[static_cast<size_t>(i)].code == WarningCode::AboveBestPublishedMfu)
            CHECK_THAT(warningMessage(high.warnings[static_cast<size_t>(i)]),
                       Catch::Contains("of its class on any GPU (61.7 %)"));
}

TEST_CASE("The Megatron-LM H100 table's five other rows (specs/validation/pending) load, evaluate and stay out of the "
          "held set", "[validation][pending]")
{
    SpecErrors errors;
    const auto runs = loadValidationSet(std::string(SCALESCOPE_SPECS_DIR) + "/validation/pending", errors);
    for (const auto& e : errors)
        UNSCOPED_INFO(e.text());
    CHECK(errors.empty());
    REQUIRE(runs.size() == 5);
    const ValidationReport report = evaluateValidationSet(runs, catalog());
    REQUIRE(report.outcomes.size() == 5);
    for (const ValidationOutcome& o : report.outcomes) {
        INFO(o.run->id << ": " << o.error);
        REQUIRE(o.ok);
        CHECK(std::isfinite(o.relativeError));
        CHECK(o.run->outsideBounds.empty()); // the specs describe these runs: they are pending, not excused
    }
    // Pending rows are shown by `validate --dir`, never held: none of them is in the built-in set.
    SpecErrors heldErrors;
    std::set<std::string> heldIds;
    for (const auto& run : loadValidationSet(*builtinValidationDir(), heldErrors)) heldIds.insert(run.id);
    REQUIRE(heldIds.size() > 5);
    for (const auto& run : runs) {
        INFO(run.id);
        CHECK(heldIds.count(run.id) == 0);
    }
}

TEST_CASE("The published-MFU ceiling is an input of the training context: resolving leaves it 0, the validation layer "
          "sets the class's ceiling (LLaMA-3 70B BF16 on 64 H100: the best published 16-bit dense run)",
          "[validation][ceiling]")
{
    SpecErrors errors;
    auto ctx = makeEvaluationContext(presetScenario("default"), catalog(), errors);
    REQUIRE(ctx);
    CHECK(ctx->publishedMfuCeiling == 0);
    setPublishedMfuCeiling(*ctx, catalog());
    const MfuCeiling dense16 = publishedMfuCeiling(catalog(), false, false);
    REQUIRE(dense16.mfu > 0);
    CHECK(ctx->publishedMfuCeiling == dense16.mfu);
    CHECK(ctx->publishedMfuCeilingRun == dense16.runName);
}

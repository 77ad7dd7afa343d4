// Training-step evaluations of the presets and seed 004's worked layouts.

#include "model_test_support.h"

#include "model/training/evaluation_json.h"
#include "model/training/layout_check.h"
#include "model/training/operation_breakdown.h"
#include "model/training/verdicts.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {
// Time per step of the evaluation's rows that `keep` selects.
template <class Keep>
double rowTime(const Evaluation& e, Keep keep)
{
    double t = 0;
    for (const OpRow& r : e.ops)
        if (keep(r)) t += r.total().si;
    return t;
}

// Llama 3 8B data-parallel over 64 H100 (one micro-batch per GPU), measured efficiencies.
Scenario dataParallelLlama8b(int zeroStage, Precision precision)
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-8b", 1, 1, 64, 64);
    s.training.zeroStage = zeroStage;
    s.training.precision = precision;
    s.efficiency = EfficiencyMode::Measured;
    return s;
}

// Bytes the evaluation's rows of one kind move per step.
double bytesOf(const Evaluation& e, OpKind op)
{
    double b = 0;
    for (const OpRow& r : e.ops)
        if (r.op == op) b += r.bytes.si;
    return b;
}
} // namespace

TEST_CASE("Every preset scenario evaluates to the DESIGN.md contract keys", "[training]")
{
    for (const char* name : {"default", "llama3-70b-4096-h100", "deepseek-v3-2048-h800", "llama3-405b-16k-h100", "gb200-nvl72-llama3-405b"}) {
        INFO(name);
        const EvaluationContext ctx = contextFor(presetScenario(name));
        const Evaluation e = evaluate(ctx);
        INFO(e.error);
        REQUIRE(e.ok);
        const nlohmann::json j = evaluationToJson(ctx, e);
        for (const char* key : {"step_time_s", "mfu", "tokens_per_s", "tokens_per_s_per_gpu", "flops_per_step", "compute_s",
                                "exposed_comm_s", "bubble_fraction", "comm", "memory_per_gpu", "warnings"})
            CHECK(j.contains(key));
        for (const char* axis : {"tp", "cp", "ep", "pp", "dp"}) {
            CHECK(j["comm"][axis].contains("s"));
            CHECK(j["comm"][axis].contains("bytes"));
            CHECK(j["comm"][axis].contains("tier"));
        }
        for (const char* key : {"weights_B", "grads_B", "optimizer_B", "activations_B", "total_B", "capacity_B", "fits"})
            CHECK(j["memory_per_gpu"].contains(key));
        CHECK(e.mfu > 0.05);
        CHECK(e.mfu < 1.0);
    }
}

TEST_CASE("LLaMA-3 70B on 4,096 H100: 8-way PP raises the DP bandwidth to ≈ 3.2 TB/s and the critical batch to ≈ 309 (seed 004 quiz 5 Q2)",
          "[training][seed004]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 4096, "llama3-70b", 8, 8, 64, 512);
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    // 990e12 / 3.2e12 = 309, times (X−1)/X = 63/64 for 64-way DP
    CHECK(e.criticalTokensPerGpu == Approx(309.4 * 63 / 64).epsilon(0.01));
    CHECK(e.tokensPerGpu == Approx(512.0 * 8192 / 4096).epsilon(1e-12)); // ≈ 1,024 (the seed's 976 uses 4M tokens)
    CHECK_FALSE(hasWarning(e, WarningCode::BelowCriticalBatch));
}

TEST_CASE("Pure DP with 8-way TP on 16k H100: per-GPU batch 1,024 tokens is below the DP critical batch of ~2,475 (seed 004)",
          "[training][seed004]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 16384, "llama3-70b", 8, 1, 2048, 2048);
    s.training.zeroStage = 3;
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    CHECK(e.tokensPerGpu == Approx(1024).epsilon(1e-12));
    // the DP group spans nodes with 8 inner TP ranks: W = 8 × 400 GB/s / 8 = 400 GB/s per layer shard
    CHECK(e.criticalTokensPerGpu == Approx(2475).epsilon(0.01));
    REQUIRE(hasWarning(e, WarningCode::BelowCriticalBatch));
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)].code == WarningCode::BelowCriticalBatch)
            CHECK_THAT(warningMessage(e.warnings[static_cast<size_t>(i)]),
                       Catch::StartsWith("per-GPU batch 1,024 tokens is below the DP critical batch of ~2,4"));
}

TEST_CASE("tp=16 on DGX H100 spans 2 NVLink domains and its TP time grows (seed 004: TP stays in the node)", "[training][seed004]")
{
    Scenario s8 = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    Scenario s16 = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 16, 2, 2, 128);
    s8.overlap.tp = s16.overlap.tp = TpOverlap::None; // the seed's exposed TP, before framework overlap
    const Evaluation e8 = evaluate(contextFor(s8)), e16 = evaluate(contextFor(s16));
    REQUIRE(e8.ok);
    REQUIRE(e16.ok);
    CHECK(e8.axis(CommAxis::Tp).tier == 0);
    CHECK(e16.axis(CommAxis::Tp).tier == 1);
    CHECK_FALSE(hasWarning(e8, WarningCode::TpLeavesNvlinkDomain));
    REQUIRE(hasWarning(e16, WarningCode::TpLeavesNvlinkDomain));
    for (int i = 0; i < e16.warningCount; ++i)
        if (e16.warnings[static_cast<size_t>(i)].code == WarningCode::TpLeavesNvlinkDomain)
            CHECK_THAT(warningMessage(e16.warnings[static_cast<size_t>(i)]), Catch::StartsWith("TP = 16 spans 2 NVLink domains"));
    // The exposed-communication verdict names the axis as the planner's controls do ("TP", not the key "tp").
    bool namesExposedTp = false;
    for (int i = 0; i < e16.warningCount; ++i)
        if (e16.warnings[static_cast<size_t>(i)].code == WarningCode::ExposedCommunication)
            namesExposedTp = namesExposedTp ||
                             warningMessage(e16.warnings[static_cast<size_t>(i)]).rfind("TP communication is exposed", 0) == 0;
    CHECK(namesExposedTp);
    // The 2-node AllGather is bound by the node tier (B/514e9 vs B/800e9, seed 004 quiz 4 Q5), so a
    // layer's TP time stays the same while its compute halves: TP's share of the step doubles.
    const double share8 = e8.stage.tpForward.si / e8.stage.forwardCompute.si;
    const double share16 = e16.stage.tpForward.si / e16.stage.forwardCompute.si;
    // (within 1 %: crossing the node adds one 2 µs scale-out hop per collective to seven 1 µs NVLink steps)
    CHECK(e16.stage.tpForward.si / e16.stage.layers == Approx(e8.stage.tpForward.si / e8.stage.layers).epsilon(0.01));
    CHECK(share16 == Approx(2 * share8).epsilon(0.05)); // logits on the last stage shift it slightly
}

TEST_CASE("LLaMA-3 70B with 8-way TP and pure DP does not fit an 80 GB H100 without ZeRO (seed 004 quiz 5 Q2)", "[training][seed004]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 4096, "llama3-70b", 8, 1, 512, 512);
    s.training.zeroStage = 0;
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    CHECK_FALSE(e.memory.fits);
    CHECK(hasWarning(e, WarningCode::DoesNotFit));
    // weights + Adam moments alone, 10 bytes/param / 8 (the seed's 87.5 GB), are a lower bound of our 16 bytes/param
    CHECK(e.memory.weights.si + e.memory.optimizer.si > 87.5e9 * 0.95);
}

TEST_CASE("Bad layouts give a clear error with a JSON path, never NaN", "[training]")
{
    const EvaluationContext ctx = contextFor(makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128));
    struct Row {
        ParallelLayout layout;
        const char* path;
        const char* message;
    };
    ParallelLayout base = ctx.scenario.parallel;
    auto with = [&](auto f) { ParallelLayout p = base; f(p); return p; };
    const Row rows[] = {
        {with([](ParallelLayout& p) { p.dp = 3; }), "/parallel", "expected tp·pp·cp·dp = gpus (64)"},
        {with([](ParallelLayout& p) { p.tp = 3; p.dp = 0; }), "/parallel", "at least 1"},
        {with([](ParallelLayout& p) { p.ep = 2; }), "/parallel/ep", "expected ep = 1 for the dense model"},
        {with([](ParallelLayout& p) { p.tp = 16; p.pp = 2; p.dp = 2; p.vpp = 1; }), "/parallel/tp", ""},
        {with([](ParallelLayout& p) { p.microbatchSize = 3; }), "/training/global_batch", "multiple of dp"},
        {with([](ParallelLayout& p) { p.pp = 64; p.tp = 1; p.dp = 1; p.vpp = 2; p.schedule = Schedule::Interleaved; }), "/parallel/pp", "pp·vpp ≤ the 80 layers"},
    };
    for (const Row& row : rows) {
        const Evaluation e = evaluate(ctx, row.layout);
        if (std::string(row.message).empty()) { // tp=16 divides 64 heads and is a multiple of 8 KV heads: valid
            CHECK(e.ok);
            continue;
        }
        INFO(row.message);
        CHECK_FALSE(e.ok);
        CHECK(e.errorPath == row.path);
        CHECK_THAT(e.error, Catch::Contains(row.message));
    }
}

TEST_CASE("Unknown ids, unsupported precision and too many GPUs are scenario errors with paths", "[training]")
{
    SpecErrors errors;
    Scenario s = makeScenario("dgx-a100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    s.training.precision = Precision::Fp8;
    CHECK_FALSE(makeEvaluationContext(s, catalog(), errors));
    REQUIRE_FALSE(errors.empty());
    CHECK(errors[0].path == "/training/precision");
    errors.clear();
    s = makeScenario("dgx-h100-superpod", 1 << 20, "llama3-70b", 8, 4, 32768, 32768);
    CHECK_FALSE(makeEvaluationContext(s, catalog(), errors));
    REQUIRE_FALSE(errors.empty());
    CHECK(errors[0].path == "/gpus");
    errors.clear();
    s.model = "llama9";
    CHECK_FALSE(makeEvaluationContext(s, catalog(), errors));
    CHECK(errors[0].path == "/model");
}

TEST_CASE("A step larger than the whole training budget is warned about (issue 11: absurd but valid input)", "[training]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 16384, "llama3-70b", 8, 1, 2048, 2048);
    s.training.tokensTotal = 1e6; // 1 M tokens, less than one 2,048 × 8,192 = 16.8 M-token step
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    REQUIRE(hasWarning(e, WarningCode::StepBeyondTrainingBudget));
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)].code == WarningCode::StepBeyondTrainingBudget)
            CHECK(warningMessage(e.warnings[static_cast<size_t>(i)]) ==
                  "one step takes 16,777,216 tokens, more than the whole training budget of 1,000,000 tokens: check global_batch and seq_len");
    s.training.tokensTotal = 15e12; // Llama 3's 15 T tokens: no warning
    CHECK_FALSE(hasWarning(evaluate(contextFor(s)), WarningCode::StepBeyondTrainingBudget));
}

TEST_CASE("Sanity: a step beyond 100× the critical batch bound B* = 2·10^8 tokens (Kaplan et al. 2020 Eq. 1.4) warns; the budget check too", "[training][verdicts]")
{
    // 4,194,304 sequences of 8,192 tokens = 3.4·10^10 tokens per step > 100 · 2·10^8.
    Scenario huge = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 1, 8, 4'194'304);
    huge.training.tokensTotal = 15e12;
    const Evaluation far = evaluate(contextFor(huge));
    REQUIRE(far.ok);
    CHECK(hasWarning(far, WarningCode::BatchFarBeyondCriticalBatch));
    CHECK_FALSE(hasWarning(far, WarningCode::StepBeyondTrainingBudget));
    // Llama 3's own 16M-token batch (seed 004) is well inside: no warning.
    const Evaluation fine = evaluate(contextFor(makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 1, 8, 2048)));
    REQUIRE(fine.ok);
    CHECK_FALSE(hasWarning(fine, WarningCode::BatchFarBeyondCriticalBatch));
    // A budget smaller than one step is its own mistake.
    huge.training.tokensTotal = 1e9;
    CHECK(hasWarning(evaluate(contextFor(huge)), WarningCode::StepBeyondTrainingBudget));
}

TEST_CASE("attention_kernel flash2 on H100 costs attention at the measured FlashAttention-2 speed (slower than cuDNN); "
          "on a B200 it has no table: the default runs, with a warning; the key round-trips",
          "[training][kernel]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    s.efficiency = EfficiencyMode::Measured;
    auto attention = [](const Evaluation& e) { return rowTime(e, [](const OpRow& r) { return r.op == OpKind::AttentionCore; }); };
    const Evaluation cudnn = evaluate(contextFor(s));
    s.training.attentionKernel = "flash2";
    // An evaluation's rows cite strings of its context: keep the context alive while they are read.
    const EvaluationContext fa2Context = contextFor(s);
    const Evaluation fa2 = evaluate(fa2Context);
    REQUIRE((cudnn.ok && fa2.ok));
    CHECK(attention(fa2) > 1.5 * attention(cudnn)); // measured: roughly half the speed at 8k
    CHECK(fa2.stepTime.si > cudnn.stepTime.si);
    CHECK_FALSE(hasWarning(fa2, WarningCode::AttentionKernelNotCalibrated));
    // The breakdown names the kernel (JSON summary and text), in measured mode only.
    CHECK(attentionKernelId(fa2Context) == "flash2");
    CHECK(breakdownToJson(fa2Context, fa2)["summary"]["attention_kernel"] == "flash2");
    CHECK(breakdownText(fa2Context, fa2).find("Attention kernel: flash2") != std::string::npos);
    Scenario roofline = s;
    roofline.efficiency = EfficiencyMode::Theoretical;
    CHECK(attentionKernelId(contextFor(roofline)).empty());

    Scenario b = makeScenario("dgx-b200-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    b.efficiency = EfficiencyMode::Measured;
    const Evaluation byDefault = evaluate(contextFor(b));
    b.training.attentionKernel = "flash2";
    const Evaluation missing = evaluate(contextFor(b));
    CHECK(hasWarning(missing, WarningCode::AttentionKernelNotCalibrated));
    CHECK(missing.stepTime.si == Approx(byDefault.stepTime.si).epsilon(1e-12));

    SpecErrors errors;
    const auto again = parseScenario(scenarioToJson(s), "round-trip", errors);
    REQUIRE(again);
    CHECK(again->training.attentionKernel == "flash2");
    nlohmann::json bad = scenarioToJson(s);
    bad["training"]["attention_kernel"] = "";
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/attention_kernel"});
}

TEST_CASE("main_grads fp32 (Megatron-LM's bf16 default, --accumulate-allreduce-grads-in-fp32) reduces gradients in 4 "
          "bytes: the DP ReduceScatter moves twice the bytes, the parameter AllGather stays 16-bit",
          "[training][dp]")
{
    Scenario s = dataParallelLlama8b(1, Precision::Bf16);
    s.training.fp32MainGrads = false; // main_grads "bf16"
    const Evaluation bf16 = evaluate(contextFor(s));
    s.training.fp32MainGrads = true; // the default
    const Evaluation fp32 = evaluate(contextFor(s));
    REQUIRE((bf16.ok && fp32.ok));
    CHECK(bytesOf(fp32, OpKind::DpGradReduce) == Approx(2 * bytesOf(bf16, OpKind::DpGradReduce)).epsilon(1e-12));
    CHECK(bytesOf(fp32, OpKind::DpParamGather) == Approx(bytesOf(bf16, OpKind::DpParamGather)).epsilon(1e-12));
    CHECK(fp32.memory.grads.si == Approx(2 * bf16.memory.grads.si).epsilon(1e-12));
}

TEST_CASE("fp8_params (Megatron-Core --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather) keeps and gathers the "
          "weights in 1 byte: half the weight memory and half the DP parameter AllGather bytes; fp8 only, round-trips",
          "[training][dp][memory][scenario]")
{
    for (const int zero : {1, 3}) {
        INFO("zero_stage " << zero);
        Scenario s = dataParallelLlama8b(zero, Precision::Fp8);
        const Evaluation bf16Weights = evaluate(contextFor(s));
        s.training.fp8Params = true;
        const Evaluation fp8Weights = evaluate(contextFor(s));
        REQUIRE((bf16Weights.ok && fp8Weights.ok));
        CHECK(bytesOf(fp8Weights, OpKind::DpParamGather) ==
              Approx(bytesOf(bf16Weights, OpKind::DpParamGather) / 2).epsilon(1e-12));
        CHECK(bytesOf(fp8Weights, OpKind::DpGradReduce) == Approx(bytesOf(bf16Weights, OpKind::DpGradReduce)).epsilon(1e-12));
        CHECK(fp8Weights.memory.weights.si == Approx(bf16Weights.memory.weights.si / 2).epsilon(1e-12));
        CHECK(fp8Weights.memory.optimizer.si == Approx(bf16Weights.memory.optimizer.si).epsilon(1e-12)); // fp32 master kept
        CHECK(fp8Weights.stepTime.si <= bf16Weights.stepTime.si);

        SpecErrors errors;
        const auto again = parseScenario(scenarioToJson(s), "round-trip", errors);
        REQUIRE(again);
        CHECK(again->training.fp8Params);
        Scenario plain = s;
        plain.training.fp8Params = false; // the default is not written
        CHECK_FALSE(scenarioToJson(plain)["training"].contains("fp8_params"));
        nlohmann::json bad = scenarioToJson(s);
        bad["training"]["precision"] = "bf16";
        CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/fp8_params"});
    }
}

TEST_CASE("recompute_modules norm and swiglu recompute the norms and the MLP activation in time too (Megatron-Core "
          "--recompute-modules layernorm / moe_act; DeepSeek-V3 §3.2.3): their forward rows run again, nothing else",
          "[training][recompute]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    s.efficiency = EfficiencyMode::Measured;
    s.training.recompute = Recompute::None;
    auto timeOf = [](const Evaluation& e, Phase phase, std::initializer_list<OpKind> kinds) {
        return rowTime(e, [&](const OpRow& r) { // the layers' rows (not the final norm, a stage row)
            return r.phase == phase && r.scope == OpScope::DenseLayer && std::find(kinds.begin(), kinds.end(), r.op) != kinds.end();
        });
    };
    auto recomputeTime = [](const Evaluation& e) { return rowTime(e, [](const OpRow& r) { return r.phase == Phase::Recompute; }); };
    const Evaluation none = evaluate(contextFor(s));
    REQUIRE(none.ok);
    CHECK(recomputeTime(none) == 0);
    const double norms = timeOf(none, Phase::Forward, {OpKind::AttentionNorm, OpKind::MlpNorm});
    const double activation = timeOf(none, Phase::Forward, {OpKind::Activation});
    REQUIRE((norms > 0 && activation > 0));

    s.training.recomputeModules.norm = true;
    const Evaluation normOnly = evaluate(contextFor(s));
    CHECK(timeOf(normOnly, Phase::Recompute, {OpKind::AttentionNorm, OpKind::MlpNorm}) == Approx(norms).epsilon(1e-9));
    CHECK(recomputeTime(normOnly) == Approx(norms).epsilon(1e-9));

    s.training.recomputeModules.swiglu = true;
    const Evaluation both = evaluate(contextFor(s));
    CHECK(timeOf(both, Phase::Recompute, {OpKind::Activation}) == Approx(activation).epsilon(1e-9));
    CHECK(recomputeTime(both) == Approx(norms + activation).epsilon(1e-9));
    CHECK(both.stepTime.si > none.stepTime.si);

    // With full recompute the modules change nothing: the whole layer runs again anyway.
    s.training.recompute = Recompute::Full;
    const Evaluation fullWithModules = evaluate(contextFor(s));
    s.training.recomputeModules = {};
    const Evaluation full = evaluate(contextFor(s));
    CHECK(fullWithModules.stepTime.si == Approx(full.stepTime.si).epsilon(1e-12));
}

TEST_CASE("fp8_scaling tensorwise reads each cast tensor once more for its amax (calibration 'fp8 cast with amax': "
          "2 + 2 + 1 = 5 B per element against 3 B of a delayed or blockwise cast); fp8 and fp4 only, round-trips",
          "[training][fp8][scenario]")
{
    Scenario s = dataParallelLlama8b(1, Precision::Fp8);
    s.training.recompute = Recompute::None;
    const auto castBytes = [](const Evaluation& e, Phase phase) {
        double b = 0;
        for (const OpRow& r : e.ops)
            if (r.op == OpKind::Fp8Cast && r.phase == phase) b += r.bytes.si;
        return b;
    };
    const Evaluation delayed = evaluate(contextFor(s));
    s.training.fp8Scaling = Fp8Scaling::Blockwise;
    const Evaluation blockwise = evaluate(contextFor(s));
    s.training.fp8Scaling = Fp8Scaling::Tensorwise;
    const Evaluation tensorwise = evaluate(contextFor(s));
    REQUIRE((delayed.ok && blockwise.ok && tensorwise.ok));
    const double g = castBytes(delayed, Phase::Forward) / 3; // elements cast per layer
    REQUIRE(g > 0);
    CHECK(castBytes(tensorwise, Phase::Forward) == Approx(5 * g).epsilon(1e-12));
    CHECK(castBytes(blockwise, Phase::Forward) == Approx(3 * g).epsilon(1e-12));
    // Hopper's FP8 GEMMs take K-major operands only: backward adds the transposed copies (4 B per element) either way.
    CHECK(castBytes(delayed, Phase::Backward) == Approx(7 * g).epsilon(1e-12));
    CHECK(castBytes(tensorwise, Phase::Backward) == Approx(9 * g).epsilon(1e-12));
    CHECK(tensorwise.stepTime > delayed.stepTime);

    SpecErrors errors;
    const auto again = parseScenario(scenarioToJson(s), "round-trip", errors);
    REQUIRE(again);
    CHECK(again->training.fp8Scaling == Fp8Scaling::Tensorwise);
    Scenario plain = s;
    plain.training.fp8Scaling = Fp8Scaling::Delayed; // the default is not written
    CHECK_FALSE(scenarioToJson(plain)["training"].contains("fp8_scaling"));
    nlohmann::json bad = scenarioToJson(s);
    bad["training"]["precision"] = "bf16";
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/fp8_scaling"});
    bad = scenarioToJson(s);
    bad["training"]["fp8_scaling"] = "current";
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/fp8_scaling"});
}

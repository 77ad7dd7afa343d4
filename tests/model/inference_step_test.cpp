// Serving a batch (model/inference/inference_step.h): TTFT, TPOT, memory and
// throughput against the worked numbers and invariants.

#include "model_test_support.h"

#include "model/compute/kernel_efficiency.h"
#include "model/inference/inference_memory.h"
#include "model/inference/inference_passes.h"
#include "model/inference/inference_step.h"
#include "model/inference/kv_cache.h"
#include "model/inference/serving_allreduce.h"
#include "model/core/model_citations.h"
#include "model/compute/moe_kernel_work.h"

#include <cmath>

using namespace scalescope;
using testing::contextFor;

namespace {

// LLaMA-3 70B on one DGX H100 (8 GPUs, TP 8), measured mode.
Scenario serving(int batch, int prompt, int output, int tp = 8, Precision precision = Precision::Bf16)
{
    Scenario s;
    s.name = "serve";
    s.system = "dgx-h100-superpod";
    s.gpus = 8;
    s.model = "llama3-70b";
    s.mode = Mode::Inference;
    s.parallel.tp = tp;
    s.parallel.dp = 8 / tp;
    s.inference.batch = batch;
    s.inference.promptTokens = prompt;
    s.inference.outputTokens = output;
    s.inference.precision = precision;
    return s;
}

const OpRow* findRow(const InferenceEvaluation& e, OpKind op, Phase phase)
{
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase) return &r;
    return nullptr;
}

} // namespace

TEST_CASE("Batch-1 decode of LLaMA-3 70B BF16 on 8 H100 (TP 8) is bound by weight reads: ~17.6 GB per GPU streamed "
          "by the measured M = 1 GEMMs (H100 recording 2026-11-26) plus 160 AllReduces, between 5 and 9 ms per token",
          "[inference][decode]")
{
    const EvaluationContext ctx = contextFor(serving(1, 2048, 128));
    const InferenceEvaluation e = evaluateInference(ctx);
    INFO(e.error);
    REQUIRE(e.ok);
    CHECK(e.tpot.si > 5e-3);
    CHECK(e.tpot.si < 9e-3);
    CHECK(e.tokensPerSPerUser == Approx(1 / e.tpot.si).epsilon(1e-12));

    // The GEMM rows read this GPU's weights (all but the input embedding),
    // each GEMM at its measured M = 1 time (compute-hopper.json small_m rows).
    Bytes gemmBytes{};
    Seconds gemmTime{}, measured{};
    const double launch = kernelLaunchCost(ctx.compute).si;
    const double h = 8192, kv = 1024, f = 28672, v = 128256;
    const double shapes[][3] = {{1, (8192 + 2 * kv) / 8, h}, {1, h, h / 8}, {1, 2 * f / 8, h}, {1, h, f / 8}};
    for (const auto& s : shapes)
        measured += Seconds{2 * s[1] * s[2] / (989e12 * gemmEfficiency(ctx.compute, Precision::Bf16, GemmPass::Forward,
                                                                        s[0], s[1], s[2]).fraction) + launch} * 80;
    measured += Seconds{2 * v / 8 * h / (989e12 * gemmEfficiency(ctx.compute, Precision::Bf16, GemmPass::Forward, 1,
                                                                  v / 8, h).fraction) + launch};
    for (const OpRow& r : e.ops) {
        if (r.phase != Phase::Decode || r.bound != OpBound::Gemm) continue;
        CHECK(*r.source == "h100smallm");
        gemmBytes += r.bytes * r.count;
        gemmTime += r.total();
    }
    const ModelSpec& m = ctx.model;
    const double embedding = double(m.vocab.value) * m.hidden.value;
    const double weightsPerGpu = (70.55e9 - embedding) * 2 / 8; // LLaMA-3 70B: 70.55 B parameters
    CHECK(gemmBytes.si == Approx(weightsPerGpu).epsilon(0.01));
    CHECK(gemmTime.si == Approx(measured.si).epsilon(1e-9));
    // The TP-8 slices stream their weights below the measured copy bandwidth (2,809 GB/s): small GEMMs.
    CHECK(gemmBytes.si / gemmTime.si < 2809e9);
    CHECK(gemmBytes.si / gemmTime.si > 1500e9);

    // Two AllReduces per layer of one token's 16 KiB of activations: vLLM's
    // one-stage custom all-reduce, 3 × 1 µs + 7 × 16 KiB / (0.822 × 450 GB/s).
    const OpRow* ar = findRow(e, OpKind::TpCollective, Phase::Decode);
    REQUIRE(ar);
    CHECK(ar->count == 160);
    CHECK(ar->bytes.si == 8192 * 2);
    CHECK(ar->time.si == Approx(3e-6 + 7 * 16384 / (0.822 * 450e9)).epsilon(1e-9));
    CHECK(ar->source == &customAllReduceAssumption());
    CHECK(e.tpot.si > gemmTime.si + ar->total().si);

    // Attention reads the KV of one sequence at the mean length P + O/2: one KV
    // head per GPU is one stream, below the measured 8 (decode_attention), so
    // the row holds the nearest measured bandwidth and says so.
    const OpRow* att = findRow(e, OpKind::AttentionCore, Phase::Decode);
    REQUIRE(att);
    CHECK(*att->source == "decode-attention-extrapolated");
    CHECK(e.meanKvTokens == 2048 + 64);
    CHECK(att->bytes.si == Approx(2112 * 2 * 128 * 2 + 2 * 8192 / 8 * 2).epsilon(1e-12));
}

TEST_CASE("The decode step is affine in the KV length, so the step at the mean length P + O/2 is the exact mean over "
          "the O − 1 steps",
          "[inference][decode]")
{
    // The mean of the steps at KV lengths P + 1 … P + O − 1 is the step at P + O/2;
    // compare the attention row against steps evaluated at their own lengths.
    const Scenario base = serving(16, 1000, 9);
    const EvaluationContext ctx = contextFor(base);
    const KernelCosts kc(inferenceKernelSetup(ctx));
    double sum = 0;
    for (int i = 1; i <= 8; ++i) {
        OperationTable t;
        (void)addPassRows(ctx, ctx.scenario.parallel, kc, {Phase::Decode, 16, 1, 1000.0 + i}, t);
        sum += t.streamTotal(OpStream::Compute, Phase::Decode).si;
    }
    OperationTable mean;
    (void)addPassRows(ctx, ctx.scenario.parallel, kc, {Phase::Decode, 16, 1, 1000.0 + 9 / 2.0}, mean);
    CHECK(mean.streamTotal(OpStream::Compute, Phase::Decode).si == Approx(sum / 8).epsilon(1e-12));
}

TEST_CASE("TTFT grows about linearly with the prompt where prefill is compute-bound (LLaMA-3 70B, batch 8, TP 8)",
          "[inference][prefill]")
{
    auto ttft = [](int prompt) {
        const InferenceEvaluation e = evaluateInference(contextFor(serving(8, prompt, 16)));
        REQUIRE(e.ok);
        return e.ttft.si;
    };
    const double t2k = ttft(2048), t4k = ttft(4096), t8k = ttft(8192);
    // Doubling the prompt doubles the GEMMs and norms; causal attention grows
    // fourfold but is a small share at these lengths.
    CHECK(t4k / t2k > 1.9);
    CHECK(t4k / t2k < 2.3);
    CHECK(t8k / t4k > 1.9);
    CHECK(t8k / t4k < 2.3);
}

TEST_CASE("Throughput per GPU never falls as the batch grows until memory is full, and max_batch is the last batch "
          "that fits",
          "[inference][throughput]")
{
    const EvaluationContext ctx = contextFor(serving(1, 2048, 128));
    const InferenceMemoryShape shape = inferenceMemoryShape(ctx, ctx.scenario.parallel);
    const int last = maxBatch(shape);
    REQUIRE(last > 1);
    CHECK(inferenceMemory(shape, last).fits);
    CHECK_FALSE(inferenceMemory(shape, last + 1).fits);

    double previous = 0;
    for (int b = 1; b <= last; ++b) {
        const InferenceEvaluation e = evaluateInference(ctx, ctx.scenario.parallel, b);
        REQUIRE(e.ok);
        INFO("batch " << b);
        CHECK(e.memory.fits);
        CHECK(e.tokensPerSPerGpu >= previous);
        previous = e.tokensPerSPerGpu;
    }
    CHECK_FALSE(evaluateInference(ctx, ctx.scenario.parallel, last + 1).memory.fits);

    Scenario max = ctx.scenario;
    max.inference.batchMax = true;
    const InferenceEvaluation e = evaluateInference(contextFor(max));
    REQUIRE(e.ok);
    CHECK(e.batch == last);
    CHECK(e.maxBatch == last);
}

TEST_CASE("Memory and KV of the preset's batch: weights over TP at 2 B, KV = batch · paged(P + O) · 327,680 B over the "
          "replica",
          "[inference][memory]")
{
    const EvaluationContext ctx = contextFor(serving(64, 2048, 128));
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    CHECK(e.kvCache.si == 64.0 * 2176 * 327680);
    CHECK(e.kvCachePerGpu.si == 64.0 * 2176 * 327680 / 8);
    CHECK(e.memory.kvCache == e.kvCachePerGpu);
    CHECK(e.memory.weights.si == Approx(70.55e9 * 2 / 8).epsilon(0.01));
    CHECK(e.memory.total == e.memory.weights + e.memory.kvCache + e.memory.activations);
    CHECK(e.memory.fits);
    // One replica of 8 GPUs: output tokens per second per GPU is the replica's over 8.
    CHECK(e.tokensPerSPerGpu == Approx(e.outputTokensPerS / 8).epsilon(1e-12));
    CHECK(e.outputTokensPerS == Approx(64 * 128 / (e.ttft + e.tpot * 127).si).epsilon(1e-12));
    CHECK(e.energyPerToken.si > 0);
}

TEST_CASE("Data-parallel replicas multiply throughput: TP 4 × DP 2 serves twice one replica's tokens",
          "[inference][throughput]")
{
    const InferenceEvaluation e = evaluateInference(contextFor(serving(8, 512, 64, 4)));
    REQUIRE(e.ok);
    CHECK(e.replicas == 2);
    CHECK(e.outputTokensPerS == Approx(2 * 8 * 64 / (e.ttft + e.tpot * 63).si).epsilon(1e-12));
}

TEST_CASE("Invalid layouts and precisions are errors at their JSON path", "[inference][errors]")
{
    auto errorPath = [](Scenario s) {
        const InferenceEvaluation e = evaluateInference(contextFor(s));
        CHECK_FALSE(e.ok);
        CHECK_FALSE(e.error.empty());
        return e.errorPath;
    };
    Scenario s = serving(1, 128, 8);
    s.parallel.cp = 2;
    CHECK(errorPath(s) == "/parallel/cp");
    s = serving(1, 128, 8);
    s.parallel.dp = 2;
    CHECK(errorPath(s) == "/parallel");
    s = serving(1, 128, 8);
    s.parallel.ep = 2;
    CHECK(errorPath(s) == "/parallel/ep");
    s = serving(1, 128, 8, 1);
    s.model = "llama3-405b";
    s.inference.batchMax = true; // 810 GB of weights on one H100
    CHECK(errorPath(s) == "/inference/batch");
}

TEST_CASE("Property: no NaN or negative time for valid inputs over batch × prompt × output × TP, dense and MLA/MoE",
          "[inference][property]")
{
    for (const char* model : {"llama3-70b", "llama3-8b", "deepseek-v3", "mixtral-8x7b"})
        for (int tp : {1, 2, 4, 8})
            for (int batch : {1, 7, 64, 300})
                for (int prompt : {1, 100, 2048, 32768})
                    for (int output : {1, 2, 128, 4096}) {
                        Scenario s = serving(batch, prompt, output, tp);
                        s.model = model;
                        const bool moe = std::string(model) == "deepseek-v3" || std::string(model) == "mixtral-8x7b";
                        if (moe) s.parallel.ep = s.parallel.dp;
                        s.efficiency = (batch + prompt) % 2 ? EfficiencyMode::Measured : EfficiencyMode::Theoretical;
                        const EvaluationContext ctx = contextFor(s);
                        if (ctx.model.heads.value % tp != 0) continue;
                        const InferenceEvaluation e = evaluateInference(ctx);
                        INFO(model << " tp " << tp << " batch " << batch << " prompt " << prompt << " output "
                                   << output);
                        REQUIRE(e.ok);
                        CHECK(std::isfinite(e.ttft.si));
                        CHECK(std::isfinite(e.tpot.si));
                        CHECK(e.ttft.si > 0);
                        CHECK(e.tpot.si > 0);
                        CHECK(std::isfinite(e.tokensPerSPerGpu));
                        CHECK(std::isfinite(e.energyPerToken.si));
                        CHECK(e.kvCache.si > 0);
                        for (const OpRow& r : e.ops) {
                            CHECK(std::isfinite(r.time.si));
                            CHECK(r.time.si >= 0);
                            CHECK(r.count >= 0);
                        }
                    }
}

TEST_CASE("Serving AllReduce below 8 MiB in one NVLink domain follows vLLM's custom all-reduce "
          "(csrc/custom_all_reduce.cuh): one stage below 256 KiB on 8 GPUs, two stages above, NCCL otherwise",
          "[inference][collectives]")
{
    const EvaluationContext ctx = contextFor(serving(1, 128, 8));
    const double w = 0.822 * 450e9, lat = 1e-6; // nccl-measured: NVLink achievable fraction, per-step latency
    const auto one = customAllReduce(ctx.tiers, 8, true, Bytes{128 * 1024}, EfficiencyMode::Measured, ctx.calibration);
    REQUIRE(one);
    CHECK(one->si == Approx(3 * lat + 7 * 128 * 1024 / w).epsilon(1e-9));
    const auto two = customAllReduce(ctx.tiers, 8, true, Bytes{1024 * 1024}, EfficiencyMode::Measured, ctx.calibration);
    REQUIRE(two);
    CHECK(two->si == Approx(3 * lat + 2 * 7.0 / 8 * 1024 * 1024 / w).epsilon(1e-9));
    const auto four = customAllReduce(ctx.tiers, 4, true, Bytes{384 * 1024}, EfficiencyMode::Measured, ctx.calibration);
    REQUIRE(four);
    CHECK(four->si == Approx(3 * lat + 3 * 384 * 1024 / w).epsilon(1e-9)); // ≤ 4 GPUs: one stage below 512 KiB
    CHECK_FALSE(customAllReduce(ctx.tiers, 8, true, Bytes{8 * 1024 * 1024}, EfficiencyMode::Measured, ctx.calibration));
    CHECK_FALSE(customAllReduce(ctx.tiers, 8, false, Bytes{1024}, EfficiencyMode::Measured, ctx.calibration));
    CHECK_FALSE(customAllReduce(ctx.tiers, 3, true, Bytes{1024}, EfficiencyMode::Measured, ctx.calibration));
    CHECK_FALSE(customAllReduce(ctx.tiers, 16, true, Bytes{1024}, EfficiencyMode::Measured, ctx.calibration));
}

TEST_CASE("Pipeline stages add to TTFT and TPOT: PP 2 × TP 4 runs each pass through two stages of 40 layers",
          "[inference][pipeline]")
{
    Scenario s = serving(4, 512, 32, 4);
    s.parallel.pp = 2;
    s.parallel.dp = 1;
    const InferenceEvaluation e = evaluateInference(contextFor(s));
    REQUIRE(e.ok);
    const OpRow* send = findRow(e, OpKind::PpSend, Phase::Decode);
    REQUIRE(send);
    CHECK(send->count == 1);
    Seconds stage{};
    for (OpStream st : {OpStream::Compute, OpStream::Tp, OpStream::Ep})
        stage += e.ops.streamTotal(st, Phase::Decode);
    CHECK(e.tpot.si == Approx(2 * stage.si + send->time.si).epsilon(1e-12));
    const OpRow* qkv = findRow(e, OpKind::QkvProjection, Phase::Decode);
    REQUIRE(qkv);
    CHECK(qkv->count == 40);
}

TEST_CASE("MoE decode reads only the experts its tokens reach: DeepSeek-V3 batch 1 with EP 8 touches "
          "32 · (1 − (1 − 8/256)^8) ≈ 7.18 of a GPU's 32 experts per layer (uniform routing)",
          "[inference][decode][moe]")
{
    Scenario s = serving(1, 1024, 16, 1);
    s.model = "deepseek-v3";
    s.parallel.ep = 8;
    const EvaluationContext ctx = contextFor(s);
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    const OpRow* experts = findRow(e, OpKind::ExpertGemms, Phase::Decode);
    REQUIRE(experts);
    CHECK(experts->source == &expertsTouchedAssumption());
    const double touched = 32 * (1 - std::pow(1 - 8.0 / 256, 8));
    const double weights = touched * 3 * 2048.0 * 7168 * 2; // gate, up and down of each, BF16
    CHECK(experts->bytes.si == Approx(weights).epsilon(0.002));
    CHECK(experts->flops.si == Approx(2 * 8 * 3 * 2048.0 * 7168).epsilon(1e-12)); // top-8 experts of one token
    CHECK(experts->count == 58);                                                  // the MoE layers
    CHECK_FALSE(e.memory.fits); // 671 B parameters do not fit in 8 × 80 GB
}

TEST_CASE("A MoE serving pass costs its routing with the training model's kernels: Mixtral 8x7B's softmax top-2 at "
          "the measured H100 router rate (h100moe, tools/calibrate recording 2026-11-26), the permutation fused as "
          "serving engines run it (moe-permute-fused); DeepSeek-V3's sigmoid scoring rests on the moe-router assumption",
          "[inference][moe]")
{
    Scenario s = serving(4, 512, 16, 1);
    s.model = "mixtral-8x7b";
    s.parallel.ep = s.parallel.dp;
    const InferenceEvaluation e = evaluateInference(contextFor(s));
    REQUIRE(e.ok);
    const OpRow* router = findRow(e, OpKind::RouterTopK, Phase::Prefill);
    const OpRow* permute = findRow(e, OpKind::PermuteFused, Phase::Prefill);
    REQUIRE(router);
    REQUIRE(permute);
    CHECK_FALSE(findRow(e, OpKind::Permute, Phase::Prefill)); // never the unfused training path
    const double T = 4 * 512;                                 // one sequence batch's prompt tokens per GPU
    CHECK(router->bytes.si == Approx(routerTopKWork(T, 8, 2, MoeScoring::Softmax).forward.bytes).epsilon(1e-12));
    CHECK(permute->bytes.si == Approx(permutationWork(T, 2, 4096, true).forward.bytes).epsilon(1e-12));
    REQUIRE(router->source);
    CHECK(*router->source == "h100moe");
    CHECK(permute->source == &modelSourceKey(ModelSource::MoePermuteFused));
    CHECK(router->count == permute->count); // once per MoE layer

    s.model = "deepseek-v3";
    const InferenceEvaluation ds = evaluateInference(contextFor(s));
    const OpRow* sigmoid = findRow(ds, OpKind::RouterTopK, Phase::Decode);
    REQUIRE(sigmoid);
    CHECK(sigmoid->source == &modelSourceKey(ModelSource::MoeRouter));
}

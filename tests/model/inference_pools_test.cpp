// Serving extensions of the inference model (model/inference/):
// disaggregated prefill/decode pools, superchip KV spill, attention-DP with
// wide EP, cost per million tokens, and a property test over every option.

#include "inference_test_support.h"

#include "model/inference/inference_json.h"
#include "model/inference/inference_memory.h"
#include "model/inference/inference_passes.h"
#include "model/inference/kv_cache.h"

#include <cmath>

using namespace scalescope;
using namespace scalescope::testing;

TEST_CASE("Disaggregated prefill/decode: TTFT = the prefill pool's pass + the KV transfer on the tier between the "
          "pools (one NVL72: NVLink; HGX H100 nodes: the scale-out tier); throughput = O · the slower pool's rate",
          "[inference][disaggregated]")
{
    SECTION("GB200 NVL72: 16 prefill + 16 decode GPUs in one NVLink domain")
    {
        Scenario s = serving("gb200-nvl72", "llama3-70b", 32, 8, 8, 4096, 256);
        s.parallel.dp = 2; // the decode pool: 16 GPUs
        s.inference.prefillPool = ParallelLayout{};
        s.inference.prefillPool->tp = 8;
        s.inference.prefillPool->dp = 2;
        const EvaluationContext ctx = contextFor(s);
        const InferenceEvaluation e = evaluateInference(ctx);
        INFO(e.error);
        REQUIRE(e.ok);
        CHECK(e.prefillGpus == 16);
        REQUIRE(e.kvTransferTier >= 0);
        CHECK(ctx.tiers.tiers[static_cast<size_t>(e.kvTransferTier)].name == ctx.tiers.tiers.front().name);
        CHECK(e.kvTransferTier == 0);
        // One prefill GPU's KV of the batch's prompts: 8 · 4096 · 80 layers · one KV head (2 · 128 · 2 B).
        CHECK(e.kvTransferPerGpu.si == 8.0 * 4096 * 80 * 2 * 128 * 2);
        CHECK(e.ttft == e.prefillTime + e.kvTransfer);
        CHECK(e.kvTransfer.si > 0);
        CHECK(e.prefillRequestsPerS == Approx(2 * 8 / e.prefillTime.si).epsilon(1e-12));
        CHECK(e.decodeRequestsPerS == Approx(2 * 8 / (e.tpot.si * 255)).epsilon(1e-12));
        CHECK(e.outputTokensPerS ==
              Approx(256 * std::min(e.prefillRequestsPerS, e.decodeRequestsPerS)).epsilon(1e-12));
        CHECK(e.tokensPerSPerGpu == Approx(e.outputTokensPerS / 32).epsilon(1e-12));
        CHECK(e.costPerMillionTokens > 0);
    }
    SECTION("HGX H100: a prefill node and a decode node, KV over InfiniBand")
    {
        Scenario s = serving("dgx-h100-superpod", "llama3-70b", 16, 8, 8, 4096, 256);
        s.parallel.dp = 1;
        s.inference.prefillPool = ParallelLayout{};
        s.inference.prefillPool->tp = 8;
        const EvaluationContext ctx = contextFor(s);
        const InferenceEvaluation e = evaluateInference(ctx);
        INFO(e.error);
        REQUIRE(e.ok);
        CHECK(e.kvTransferTier >= 1); // leaves the 8-GPU NVLink domain
        CHECK(e.prefillGpus == 8);
        // The same bytes over one 400 Gb/s NIC per GPU take longer than over NVLink.
        Scenario nvl = serving("gb200-nvl72", "llama3-70b", 16, 8, 8, 4096, 256);
        nvl.parallel.dp = 1;
        nvl.inference.prefillPool = s.inference.prefillPool;
        const InferenceEvaluation n = evaluateInference(contextFor(nvl));
        REQUIRE(n.ok);
        CHECK(n.kvTransferTier == 0);
        CHECK(n.kvTransferPerGpu == e.kvTransferPerGpu);
        CHECK(e.kvTransfer.si > 4 * n.kvTransfer.si);
        const nlohmann::json j = inferenceToJson(ctx, e);
        CHECK(j["disaggregated"]["kv_transfer_tier"] == ctx.tiers.tiers[static_cast<size_t>(e.kvTransferTier)].name);
        CHECK(j["disaggregated"]["decode_gpus"] == 8);
    }
    SECTION("Pools that do not add up are errors at their path")
    {
        Scenario s = serving("dgx-h100-superpod", "llama3-70b", 16, 8, 8, 4096, 256);
        s.inference.prefillPool = ParallelLayout{};
        s.inference.prefillPool->tp = 8; // decode pool keeps dp 2: 16 + 8 GPUs
        InferenceEvaluation e = evaluateInference(contextFor(s));
        CHECK_FALSE(e.ok);
        CHECK(e.errorPath == "/parallel");
        s.parallel.dp = 1;
        s.inference.prefillPool->tp = 16;
        e = evaluateInference(contextFor(s));
        CHECK_FALSE(e.ok);
        CHECK(e.errorPath == "/inference/disaggregated/prefill");
        s.inference.prefillPool->tp = 3;
        s.inference.prefillPool->dp = 2; // 6 GPUs: 64 heads over tp 3
        s.parallel.tp = 2;
        s.parallel.dp = 5;
        e = evaluateInference(contextFor(s));
        CHECK_FALSE(e.ok);
        CHECK(e.errorPath == "/inference/disaggregated/prefill/tp");
    }
}

TEST_CASE("Superchip KV spill (kv_offload): KV beyond HBM lives in the GPU's share of Grace's LPDDR5X (480 GB / 2), "
          "read at min(C2C 450 GB/s per direction, 500 GB/s / 2) = 250 GB/s; max_batch grows",
          "[inference][superchip]")
{
    // LLaMA-3.1 405B in FP8 with 32k prompts on one GB200 superchip pair (TP 4).
    Scenario s = serving("gb200-nvl72", "llama3-405b", 4, 4, 1, 32768, 1024, Precision::Fp8);
    const EvaluationContext inHbm = contextFor(s);
    const InferenceMemoryShape hbmOnly = inferenceMemoryShape(inHbm, s.parallel);
    const int hbmBatch = maxBatch(hbmOnly);
    s.inference.kvOffload = true;
    const EvaluationContext ctx = contextFor(s);
    const InferenceMemoryShape shape = inferenceMemoryShape(ctx, s.parallel);
    CHECK(shape.spillCapacity.si == Approx(480e9 / 2).epsilon(1e-12));
    const int spillBatch = maxBatch(shape);
    REQUIRE(hbmBatch > 0);
    CHECK(spillBatch > hbmBatch);
    CHECK(inferenceMemory(shape, spillBatch).fits);
    CHECK_FALSE(inferenceMemory(shape, spillBatch + 1).fits);
    CHECK(inferenceMemory(shape, spillBatch).kvSpilled <= shape.spillCapacity);
    // At a batch that fits HBM nothing spills and nothing changes.
    const InferenceEvaluation fit = evaluateInference(ctx, s.parallel, hbmBatch);
    const InferenceEvaluation fitPlain = evaluateInference(inHbm, s.parallel, hbmBatch);
    REQUIRE(fit.ok);
    CHECK(fit.memory.kvSpilled.si == 0);
    CHECK(fit.tpot == fitPlain.tpot);
    // Beyond it, decode attention streams the spilled part at 250 GB/s beside the HBM part.
    const InferenceEvaluation e = evaluateInference(ctx, s.parallel, spillBatch);
    REQUIRE(e.ok);
    CHECK(e.memory.fits);
    REQUIRE(e.memory.kvSpilled.si > 0);
    CHECK(e.memory.total <= e.memory.capacity);
    CHECK(e.memory.total == e.memory.weights + e.memory.kvCache - e.memory.kvSpilled + e.memory.activations);
    CHECK(hasWarning(e, InferenceWarning::KvSpilled));
    const OpRow* att = findRow(e, OpKind::AttentionCore, Phase::Decode);
    REQUIRE(att);
    CHECK(att->source == &kvSpillAssumption());
    const double f = e.memory.kvSpilled.si / e.memory.kvCache.si;
    const double kvBytes =
        spillBatch * e.meanKvTokens * kvBytesPerTokenPerLayerPerGpu(ctx.model, Precision::Fp8, 4); // one layer
    REQUIRE(f > 0.5); // the activations of the prefill leave little HBM for KV: the C2C stream governs
    CHECK(att->time.si == Approx(f * kvBytes / 250e9).epsilon(1e-9));
    // A decode step now waits on C2C: TPOT grows with the spilled KV.
    CHECK(e.tpot > fit.tpot);

    // Without a superchip the key changes nothing but a warning.
    Scenario h100 = serving("dgx-h100-superpod", "llama3-70b", 8, 8, 4, 2048, 128);
    const InferenceEvaluation plain = evaluateInference(contextFor(h100));
    h100.inference.kvOffload = true;
    const InferenceEvaluation offload = evaluateInference(contextFor(h100));
    CHECK(offload.maxBatch == plain.maxBatch);
    CHECK(offload.tpot == plain.tpot);
    CHECK(hasWarning(offload, InferenceWarning::KvOffloadWithoutSuperchip));
}

TEST_CASE("Attention-DP with wide EP (DeepSeek, SGLang): tp 1, attention replicated per DP rank, experts sharded over "
          "ep = dp ranks; doubling EP halves a GPU's expert weights; dispatch and combine per MoE layer on NVLink",
          "[inference][moe]")
{
    auto deepseek = [](long long gpus) {
        Scenario s = serving("gb200-nvl72", "deepseek-v3", gpus, 1, 32, 1024, 256, Precision::Fp8);
        s.parallel.ep = static_cast<int>(gpus);
        return s;
    };
    const EvaluationContext c32 = contextFor(deepseek(32)), c64 = contextFor(deepseek(64));
    const InferenceEvaluation e32 = evaluateInference(c32), e64 = evaluateInference(c64);
    REQUIRE(e32.ok);
    REQUIRE(e64.ok);
    CHECK(e64.memory.fits);
    // 58 MoE layers × 256 experts × 3 · 2048 · 7168 parameters at 1 B (FP8), over ep.
    const double experts = 58.0 * 256 * 3 * 2048 * 7168;
    CHECK((e32.memory.weights - e64.memory.weights).si == Approx(experts / 32 - experts / 64).epsilon(1e-9));
    // The MLA latent is whole on every rank: KV per GPU is its own sequences'.
    CHECK(e64.kvCachePerGpu.si ==
          Approx(32.0 * pagedTokens(1280, 16) * 61 * (512 + 64) * 1).epsilon(1e-12));
    for (const InferenceEvaluation* e : {&e32, &e64}) {
        const OpRow* dispatch = findRow(*e, OpKind::EpDispatch, Phase::Decode);
        const OpRow* combine = findRow(*e, OpKind::EpCombine, Phase::Decode);
        REQUIRE(dispatch);
        REQUIRE(combine);
        CHECK(dispatch->count == 58);
        CHECK(combine->time == dispatch->time);
        CHECK(findRow(*e, OpKind::TpCollective, Phase::Decode) == nullptr); // tp 1: no AllReduce
    }
    // The AllToAll input of 32 tokens per rank over 64 ranks (64 · 64 · 32 · 7168 · 2 B).
    CHECK(findRow(e64, OpKind::EpDispatch, Phase::Decode)->bytes.si == 64.0 * 64 * 32 * 7168 * 2);
}

TEST_CASE("Cost per million output tokens = (facility energy per token at the price per kWh + GPU-seconds per token "
          "at the price per GPU-hour) × 10^6, in the facility's currency",
          "[inference][cost]")
{
    Scenario s = llama70b(64, 2048, 128);
    s.facility.pricePerKWh = 0.2;
    s.facility.pricePerGpuHour = 3;
    s.facility.currency = "EUR";
    const EvaluationContext ctx = contextFor(s);
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    const double energy = e.energyPerToken.si / 3.6e6 * 0.2;
    const double gpuTime = 8 / e.outputTokensPerS / 3600 * 3;
    CHECK(e.costPerMillionTokens == Approx((energy + gpuTime) * 1e6).epsilon(1e-9));
    const nlohmann::json j = inferenceToJson(ctx, e);
    CHECK(j["cost_per_million_tokens"] == e.costPerMillionTokens);
    CHECK(j["currency"] == "EUR");
}

TEST_CASE("Property: no NaN or negative figure for valid serving options (chunks, speculative, kv_offload, pools)",
          "[inference][property]")
{
    for (const char* model : {"llama3-8b", "deepseek-v3", "mixtral-8x7b"})
        for (int chunk : {0, 1, 100, 4096})
            for (int k : {0, 1, 4})
                for (double a : {0.0, 0.6, 1.0})
                    for (bool pool : {false, true})
                        for (int batch : {1, 33}) {
                            Scenario s = serving("gb200-nvl72", model, 16, 8, batch, 1000, 64, Precision::Fp8);
                            const bool moe = std::string(model) != "llama3-8b";
                            if (pool) {
                                s.parallel.dp = 1;
                                s.inference.prefillPool = ParallelLayout{};
                                s.inference.prefillPool->tp = 8;
                            }
                            if (moe) s.parallel.ep = s.parallel.dp;
                            s.inference.prefillChunk = chunk;
                            s.inference.kvOffload = batch > 1;
                            if (k > 0) s.inference.speculative = SpeculativeSettings{k, a, 1};
                            const EvaluationContext ctx = contextFor(s);
                            const InferenceEvaluation e = evaluateInference(ctx);
                            INFO(model << " chunk " << chunk << " k " << k << " a " << a << " pool " << pool);
                            REQUIRE(e.ok);
                            for (double v : {e.ttft.si, e.tpot.si, e.outputTokensPerS, e.tokensPerSPerGpu,
                                             e.energyPerToken.si, e.costPerMillionTokens, e.kvTransfer.si,
                                             e.draftTime.si, e.acceptedPerStep}) {
                                CHECK(std::isfinite(v));
                                CHECK(v >= 0);
                            }
                            CHECK(e.ttft.si > 0);
                            CHECK(e.tpot.si > 0);
                            for (const OpRow& r : e.ops) {
                                CHECK(std::isfinite(r.time.si));
                                CHECK(r.time.si >= 0);
                            }
                            const nlohmann::json j = inferenceToJson(ctx, e);
                            CHECK(j["ok"] == true);
                        }
}

// Memory per GPU against Korthikanti et al. 2022 ("Reducing Activation
// Recomputation in Large Transformer Models", arXiv 2205.05198), the
// allocator reserves of specs/calibration/memory-reserve.json and the
// DeepSeek-V3 preset. Exact products: tolerance 1e-12 unless stated.

#include "model_test_support.h"

#include "model/memory/activation_memory.h"
#include "model/training/memory_per_gpu.h"
#include "model/memory/usable_memory.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

const ModelSpec& gpt3()
{
    return *catalog().model("gpt3-175b");
}
constexpr double h = 12288, a = 96, s = 2048; // GPT-3 175B (arXiv 2005.14165 Table 2.1), n_ctx 2048

Scenario gpt3OnEightH100(Recompute r)
{
    Scenario sc = makeScenario("dgx-h100-superpod", 8, "gpt3-175b", 8, 1, 1, 1, 2048);
    sc.training.recompute = r;
    return sc;
}

} // namespace

TEST_CASE("Korthikanti eq. 1: a GPT-3 175B layer stores sbh(34 + 5as/h) = 2,868,903,936 B without recompute (s = 2048, "
          "b = 1)",
          "[memory][korthikanti]")
{
    // 34·12288 + 5·96·2048 = 417,792 + 983,040 = 1,400,832 B per token; × 2048 tokens
    const double perToken = layerActivationBytesPerToken(gpt3(), 2048, false, {Recompute::None, {}, false, false}); // unfused attention, as in the paper
    CHECK(perToken == Approx(34 * h + 5 * a * s).epsilon(1e-12));
    CHECK(perToken * s == Approx(2868903936.0).epsilon(1e-12));
}

TEST_CASE("Korthikanti §5 selective recompute with TP+SP at t = 8: 34·sbh/t = 106,954,752 B per GPT-3 175B layer",
          "[memory][korthikanti]")
{
    // 34 · 2048 · 12288 / 8 = 106,954,752 B; 96 layers on one stage plus the last stage's fp32 logits 2048/8 · 4 ·
    // 50257
    CHECK(s / 8 * layerActivationBytesPerToken(gpt3(), 2048, false, {Recompute::Selective, {}, false}) ==
          Approx(106954752.0).epsilon(1e-12));
    const EvaluationContext ctx = contextFor(gpt3OnEightH100(Recompute::Selective));
    const MemoryPerGpu m = memoryPerGpu(ctx, ctx.scenario.parallel, 1);
    CHECK(m.activations.si == Approx(96 * 106954752.0 + 256.0 * 4 * 50257).epsilon(1e-12));
}

TEST_CASE("Korthikanti §4.3 full recompute: 2·sbh/t per layer input plus one layer's working set 34·sbh/t (fused attention)",
          "[memory][korthikanti]")
{
    // 2 · 2048 · 12288 / 8 = 6,291,456 B per layer; working set 256 · 34 · 12288 = 106,954,752 B
    // (the paper's unfused kernel would add 5as/h); plus the last stage's fp32 logits
    const EvaluationContext ctx = contextFor(gpt3OnEightH100(Recompute::Full));
    const MemoryPerGpu m = memoryPerGpu(ctx, ctx.scenario.parallel, 1);
    CHECK(m.activations.si == Approx(96 * 6291456.0 + 106954752.0 + 256.0 * 4 * 50257).epsilon(1e-12));
}

TEST_CASE("Block recompute (Megatron-LM --recompute-method block --recompute-num-layers 48): half the GPT-3 layers keep "
          "2·sbh/t, the other half their whole 34·sbh/t, plus one working set",
          "[memory][korthikanti]")
{
    // 48 · 6,291,456 + 48 · 106,954,752 + 106,954,752 working set + the last stage's fp32 logits
    Scenario sc = gpt3OnEightH100(Recompute::Full);
    sc.training.recomputeLayers = 48;
    const EvaluationContext ctx = contextFor(sc);
    const MemoryPerGpu m = memoryPerGpu(ctx, ctx.scenario.parallel, 1);
    CHECK(m.activations.si == Approx(48 * 6291456.0 + 48 * 106954752.0 + 106954752.0 + 256.0 * 4 * 50257).epsilon(1e-12));
    // More layers than the stage holds is every layer: the plain full-recompute figure.
    sc.training.recomputeLayers = 500;
    const EvaluationContext all = contextFor(sc);
    CHECK(memoryPerGpu(all, all.scenario.parallel, 1).activations.si ==
          Approx(96 * 6291456.0 + 106954752.0 + 256.0 * 4 * 50257).epsilon(1e-12));
}

TEST_CASE("FP8 activations: the inputs of the four Linears (QKV h, out-proj h, FC1 h, FC2 4h) are cached in 1 byte: "
          "34h → 27h",
          "[memory][korthikanti]")
{
    CHECK(layerActivationBytesPerToken(gpt3(), 2048, false, {Recompute::Selective, {}, true}) ==
          Approx(27 * h).epsilon(1e-12));
}

TEST_CASE(
    "Generalised widths: GQA Llama 3 70B (SwiGLU F = 28672, 8 KV heads) and DeepSeek-V3 MoE (top-8 + 1 shared, MLA)",
    "[memory]")
{
    const ModelSpec& llama = *catalog().model("llama3-70b");
    const double lh = 8192, f = 28672, q = 64 * 128, kv = 8 * 128;
    // norm 2h ×2, masks h ×2, QKV input 2h, Q K V 2(q + 2kv), out-proj input 2q, FC1 input 2h, gate+up 4F, FC2 input 2F
    CHECK(layerActivationBytesPerToken(llama, 8192, false, {}) ==
          Approx(4 * lh + 2 * lh + 2 * lh + 2 * (q + 2 * kv) + 2 * q + 2 * lh + 6 * f).epsilon(1e-12));
    const ModelSpec& ds = *catalog().model("deepseek-v3");
    const double dh = 7168, ef = 2048, latents = 1536 + 512 + 64, v = 128.0 * 128;
    ActivationOptions published{Recompute::Selective, {true, true, true}, true};
    // attention: norm input 2h, mask h, latents (FP8) 1 B, out-proj input (FP8) v; Q K V recomputed from the latents
    // MoE: norm input 2h, mask h, 8 routed copies of (FC1 input h + gate/up 2F in FP8), shared expert gate/up 2F,
    // router 4·256
    const double expected = (3 * dh + latents + v) + (3 * dh + 8 * (dh + 2 * ef) + 2 * ef + 4 * 256);
    CHECK(layerActivationBytesPerToken(ds, 4096, true, published) == Approx(expected).epsilon(1e-12));
    // without the options every up-projected head and SwiGLU output is stored in 16 bits
    CHECK(layerActivationBytesPerToken(ds, 4096, true, {}) > 2.5 * expected);
}

TEST_CASE(
    "In-flight micro-batches per schedule: GPipe m, 1F1B pp, interleaved pp·(1 + (pp−1)/(pp·vpp)), zero-bubble pp",
    "[memory][pipeline]")
{
    CHECK(inFlightMicrobatches(Schedule::GPipe, 4, 1, 16) == 16);
    CHECK(inFlightMicrobatches(Schedule::OneFOneB, 4, 1, 16) == 4);
    CHECK(inFlightMicrobatches(Schedule::Interleaved, 4, 2, 16) == Approx(4 * (1 + 3.0 / 8)).epsilon(1e-12)); // 5.5
    CHECK(inFlightMicrobatches(Schedule::ZeroBubble, 4, 1, 16) == 4);
    CHECK(inFlightMicrobatches(Schedule::OneFOneB, 8, 1, 3) == 3); // at most m
    CHECK(inFlightMicrobatches(Schedule::GPipe, 1, 1, 16) == 1);   // no pipeline: accumulation frees each
}

TEST_CASE("Usable HBM of an H100: 85,017,493,504 B CUDA reports (measured) − 0.8 GB CUDA context − 3 × 32 × 2 × 4 MiB "
          "NCCL − 11.5 % fragmentation = 73.64 GB",
          "[memory][reserve]")
{
    const MemoryReserveSpec* reserve = catalog().calibration("memory-reserve")->memoryReserve
                                           ? &*catalog().calibration("memory-reserve")->memoryReserve
                                           : nullptr;
    REQUIRE(reserve);
    ParallelLayout p;
    p.tp = 8;
    p.pp = 4;
    p.dp = 2;
    CHECK(ncclCommunicators(p) == 3);
    constexpr double cudaTotal = 85017493504.0; // torch.cuda.get_device_properties(0).total_memory on the H100
    CHECK(catalog().gpu("h100-sxm")->hbm.capacityUsable.value.si == cudaTotal);
    const UsableHbm u = usableHbm(Bytes{cudaTotal}, reserve, ncclCommunicators(p));
    CHECK(u.ncclBuffers.si == Approx(3.0 * 32 * 2 * 4 * 1048576).epsilon(1e-12)); // 805,306,368 B
    CHECK(u.usable.si == Approx(cudaTotal - 0.8e9 - 805306368.0 - 0.115 * cudaTotal).epsilon(1e-12));
    CHECK(u.usable.si == Approx(73.64e9).epsilon(1e-4));
    CHECK(u.usable.si < 77.6e9); // 77.6 GB of an H100 does not fit
    const EvaluationContext ctx = contextFor(makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128));
    CHECK(memoryPerGpu(ctx, ctx.scenario.parallel, 64).capacity.si == Approx(u.usable.si).epsilon(1e-12));
}

TEST_CASE("An H100's 80 GB are binary: 80 GiB nominal, of which CUDA exposes 79.2 GiB; an H200's 141 GB are 139.8 GiB",
          "[memory][specs]")
{
    const GpuSpec* h100 = catalog().gpu("h100-sxm");
    const GpuSpec* h200 = catalog().gpu("h200-sxm");
    REQUIRE(h100);
    REQUIRE(h200);
    constexpr double GiB = 1024.0 * 1024 * 1024;
    CHECK(h100->hbm.capacityNominal.value.si == 80 * GiB);
    CHECK(h100->hbm.capacityUsable.value.si / GiB == Approx(79.18).epsilon(1e-3));
    CHECK(h200->hbm.capacityUsable.value.si / GiB == Approx(139.80).epsilon(1e-3));
    CHECK(h100->hbm.capacityUsable.value.si > 80e9); // the decimal reading undercounts by 5 GB
}

TEST_CASE("DeepSeek-V3 preset (EP 64, PP 16, 2,048 H800) fits in 80 GB with its published memory savings (was 148 GB)",
          "[memory][deepseek]")
{
    const EvaluationContext ctx = contextFor(presetScenario("deepseek-v3-2048-h800"));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    CHECK(e.memory.fits);
    CHECK(e.memory.total.si < e.memory.capacity.si);
    CHECK(e.memory.capacity.si < 80e9);
    // bf16 moments: fp32 master + 2 × bf16 = 8 B per parameter; fp32 main grads 4 B
    Scenario plain = ctx.scenario;
    plain.training.optimizerState = OptimizerState::Fp32;
    plain.training.fp32MainGrads = false;
    plain.training.recomputeModules = {};
    const Evaluation before = evaluate(contextFor(plain));
    CHECK_FALSE(before.memory.fits);
    CHECK(e.memory.optimizer.si == Approx(before.memory.optimizer.si * 8 / 12).epsilon(1e-12));
    CHECK(e.memory.grads.si == Approx(before.memory.grads.si * 2).epsilon(1e-12));
}

TEST_CASE("Scenario keys optimizer_state, main_grads and recompute_modules round-trip; bad values name their path",
          "[memory][scenario]")
{
    Scenario sc = presetScenario("deepseek-v3-2048-h800");
    CHECK(sc.training.optimizerState == OptimizerState::Bf16Moments);
    CHECK(sc.training.fp32MainGrads);
    CHECK(sc.training.recomputeModules == RecomputeModules{true, true, true});
    SpecErrors errors;
    const auto again = parseScenario(scenarioToJson(sc), "round-trip", errors);
    REQUIRE(again);
    CHECK(again->training.optimizerState == OptimizerState::Bf16Moments);
    CHECK(again->training.recomputeModules == sc.training.recomputeModules);
    nlohmann::json bad = scenarioToJson(sc);
    bad["training"]["optimizer_state"] = "fp16";
    bad["training"]["recompute_modules"] = {"norm", "attention"};
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/optimizer_state", "/training/recompute_modules"});
}

TEST_CASE("Fused attention stores no s² scores: without recompute a GPT-3 175B layer keeps 34·sbh, not sbh(34 + 5as/h)", "[memory]")
{
    // The operation table costs attention as one fused (FlashAttention-style)
    // kernel, so the step's memory must not hold the 5·a·s softmax terms either:
    // a Llama 4 Scout run with 81,920 tokens per GPU once needed 7 TB for them.
    const double fused = layerActivationBytesPerToken(gpt3(), 2048, false, {Recompute::None, {}, false});
    CHECK(fused == Approx(34 * h).epsilon(1e-12));
}

TEST_CASE("Block recompute: recompute_layers half the stage's layers runs half the recompute FLOPs and TP collectives of "
          "full recompute; it round-trips and needs recompute \"full\"",
          "[memory][scenario][recompute]")
{
    Scenario sc = gpt3OnEightH100(Recompute::Full);
    const Evaluation full = evaluate(contextFor(sc));
    sc.training.recompute = Recompute::None;
    const Evaluation none = evaluate(contextFor(sc));
    sc.training.recompute = Recompute::Full;
    sc.training.recomputeLayers = 48; // of 96
    const Evaluation half = evaluate(contextFor(sc));
    REQUIRE((full.ok && none.ok && half.ok));
    CHECK(none.stage.recompute.si == 0);
    CHECK(half.stage.recompute.si == Approx(full.stage.recompute.si / 2).epsilon(1e-12));
    CHECK(half.stage.forwardCompute.si == Approx(full.stage.forwardCompute.si).epsilon(1e-12));
    CHECK(half.stage.backwardCompute.si == Approx(full.stage.backwardCompute.si).epsilon(1e-12));
    auto tpRecompute = [](const Evaluation& e) {
        double sum = 0;
        for (const OpRow& r : e.ops)
            if (r.op == OpKind::TpCollective && r.phase == Phase::Recompute) sum += r.total().si;
        return sum;
    };
    CHECK(tpRecompute(full) > 0);
    CHECK(tpRecompute(half) == Approx(tpRecompute(full) / 2).epsilon(1e-12));
    CHECK(half.hardwareFlopsPerStep.si > none.hardwareFlopsPerStep.si);
    CHECK(half.hardwareFlopsPerStep.si < full.hardwareFlopsPerStep.si);

    SpecErrors errors;
    const auto again = parseScenario(scenarioToJson(sc), "round-trip", errors);
    REQUIRE(again);
    CHECK(again->training.recomputeLayers == 48);
    nlohmann::json bad = scenarioToJson(sc);
    bad["training"]["recompute"] = "selective";
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/recompute_layers"});
    bad["training"]["recompute"] = "full";
    bad["training"]["recompute_layers"] = 0;
    CHECK(scenarioErrorPaths(bad) == std::vector<std::string>{"/training/recompute_layers"});
}

TEST_CASE("Per-op checkpointing (torchtitan selective_ac_option 'op'): half the matmuls and the memory-bound ops recompute, "
          "attention does not; Llama 3 8B keeps 2h + 2·(attention output) + half of the 16-bit matmul outputs per token",
          "[memory][recompute]")
{
    const ModelSpec& llama = *catalog().model("llama3-8b");
    // h 4096; Q 4096, K = V = 8·128; FC1 gate + up 2·14,336; out-proj and FC2 outputs h each
    const double outputs = 4096 + 1024 + 1024 + 4096 + 2 * 14336 + 4096;
    CHECK(layerActivationBytesPerToken(llama, 8192, false, {Recompute::PerOp, {}, false}) ==
          Approx(2 * 4096 + 2 * 4096 + 0.5 * 2 * outputs).epsilon(1e-12));

    Scenario sc = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    sc.efficiency = EfficiencyMode::Measured;
    sc.training.recompute = Recompute::PerOp;
    const Evaluation perOp = evaluate(contextFor(sc));
    REQUIRE(perOp.ok);
    double gemmForward = 0, gemmRecompute = 0, memoryForward = 0, memoryRecompute = 0, attentionRecompute = 0;
    for (const OpRow& r : perOp.ops) {
        if (r.scope != OpScope::DenseLayer) continue;
        const double t = r.total().si;
        const bool forward = r.phase == Phase::Forward, recompute = r.phase == Phase::Recompute;
        if (r.bound == OpBound::Gemm && forward) gemmForward += t;
        if (r.bound == OpBound::Gemm && recompute) gemmRecompute += t;
        if (r.bound == OpBound::Memory && forward) memoryForward += t;
        if (r.bound == OpBound::Memory && recompute) memoryRecompute += t;
        if (r.bound == OpBound::Attention && recompute) attentionRecompute += t;
    }
    CHECK(gemmRecompute == Approx(0.5 * gemmForward).epsilon(1e-12));
    CHECK(memoryRecompute == Approx(memoryForward).epsilon(1e-12));
    CHECK(attentionRecompute == 0);
    sc.training.recompute = Recompute::Selective;
    const Evaluation selective = evaluate(contextFor(sc));
    CHECK(perOp.stage.recompute.si > selective.stage.recompute.si); // half the matmuls cost more than FlashAttention's forward
    CHECK(perOp.memory.activations.si < selective.memory.activations.si);
}

TEST_CASE("MPT-30B on 8 A100 with FSDP (llm-foundry, micro-batch 3, full recompute) fits as the published run did: "
          "16 B per parameter (fp32 shard, fp32 gradients, two fp32 moments) against DeepSpeed ZeRO-3's 18 B",
          "[memory][zero3]")
{
    Scenario mpt = makeScenario("selene-dgx-a100", 8, "mpt-30b", 1, 1, 8, 504, 2048);
    mpt.training.zeroStage = 3;
    mpt.training.recompute = Recompute::Full;
    mpt.parallel.microbatchSize = 3;
    mpt.efficiency = EfficiencyMode::Measured;
    const EvaluationContext deepspeedCtx = contextFor(mpt);
    const MemoryPerGpu deepspeed = memoryPerGpu(deepspeedCtx, mpt.parallel, 21);
    mpt.training.zero3Style = Zero3Style::Fsdp;
    const EvaluationContext fsdpCtx = contextFor(mpt);
    const MemoryPerGpu fsdp = memoryPerGpu(fsdpCtx, mpt.parallel, 21);

    const double params = deepspeed.optimizerParams;
    CHECK(params == Approx(fsdp.optimizerParams).epsilon(1e-12));
    CHECK(params * 8 == Approx(29.9e9).epsilon(0.01)); // 30B parameters over 8 GPUs
    // DeepSpeed: a 16-bit weight shard (2 B), fp32 gradients (4 B), master and moments (12 B).
    CHECK(deepspeed.weights.si == Approx(2 * params).epsilon(1e-12));
    CHECK(deepspeed.optimizer.si == Approx(12 * params).epsilon(1e-12));
    // FSDP: the fp32 shard is the weight (4 B); the optimizer adds its two moments (8 B).
    CHECK(fsdp.weights.si == Approx(4 * params).epsilon(1e-12));
    CHECK(fsdp.optimizer.si == Approx(8 * params).epsilon(1e-12));
    CHECK(fsdp.grads.si == Approx(deepspeed.grads.si).epsilon(1e-12));
    CHECK(deepspeed.total.si - fsdp.total.si == Approx(2 * params).epsilon(1e-9));
    CHECK_FALSE(deepspeed.fits);
    CHECK(fsdp.fits);
    // The optimizer step moves the same 28 B per parameter either way.
    const Evaluation withDeepSpeed = evaluate(deepspeedCtx), withFsdp = evaluate(fsdpCtx);
    CHECK(withDeepSpeed.optimizerTime.si == Approx(withFsdp.optimizerTime.si).epsilon(1e-12));
}

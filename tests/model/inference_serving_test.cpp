// Serving extensions of the inference model (model/inference/): speculative
// decoding, chunked prefill and the memory of each serving role.

#include "inference_test_support.h"

#include "model/inference/inference_memory.h"
#include "model/inference/inference_pass_time.h"

#include <cmath>

using namespace scalescope;
using namespace scalescope::testing;

TEST_CASE("Speculative decoding: expected tokens per verify step (1 − a^(k+1)) / (1 − a) (Leviathan et al. 2023, "
          "eq. 1); k = 5, a = 0.8 gives 3.689; DeepSeek-V3's one MTP token at 85 % gives 1.85",
          "[inference][speculative]")
{
    CHECK(acceptedTokensPerStep(5, 0.8) == Approx((1 - 0.262144) / 0.2).epsilon(1e-12)); // 0.8^6 = 0.262144
    CHECK(acceptedTokensPerStep(5, 0.8) == Approx(3.68928).epsilon(1e-12));
    CHECK(acceptedTokensPerStep(1, 0.85) == Approx(1.85).epsilon(1e-12));
    CHECK(acceptedTokensPerStep(4, 1.0) == 5);
    CHECK(acceptedTokensPerStep(4, 0.0) == 1);
}

TEST_CASE("Speculative decoding: the decode step is a verify pass over k + 1 positions plus k draft passes; "
          "TPOT = step / expected tokens; batch-1 decode of LLaMA-3 70B gets faster per token",
          "[inference][speculative]")
{
    const Scenario plain = llama70b(1, 2048, 128);
    Scenario spec = plain;
    spec.inference.speculative = SpeculativeSettings{3, 0.8, 1};
    const InferenceEvaluation a = evaluateInference(contextFor(plain));
    const InferenceEvaluation b = evaluateInference(contextFor(spec));
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    CHECK(a.acceptedPerStep == 1);
    CHECK(a.draftTime.si == 0);
    CHECK(b.acceptedPerStep == Approx((1 - std::pow(0.8, 4)) / 0.2).epsilon(1e-12));
    CHECK(b.tpot.si == Approx(b.decodeStep.si / b.acceptedPerStep).epsilon(1e-12));
    CHECK(b.draftTime.si > 0);
    // The verify pass reads the weights once, like a plain step: a little
    // dearer (4 positions), far from 4 steps; the drafts are one layer each.
    CHECK(b.decodeStep.si - b.draftTime.si > a.decodeStep.si);
    CHECK(b.decodeStep.si - b.draftTime.si < 1.2 * a.decodeStep.si);
    CHECK(b.draftTime.si < 3 * 3.0 / 80 * a.decodeStep.si); // a layer and the output head, three times
    CHECK(b.tpot < a.tpot);
    // The verify pass's GEMM FLOPs are (k + 1) times one step's; its logits cover every position.
    CHECK(phaseFlops(b, OpKind::OutProjection, Phase::Decode) ==
          Approx(4 * phaseFlops(a, OpKind::OutProjection, Phase::Decode) * (1 + 3.0 / 80 / 4)).epsilon(1e-9));
    CHECK(phaseFlops(b, OpKind::Logits, Phase::Decode) ==
          Approx(7 * phaseFlops(a, OpKind::Logits, Phase::Decode)).epsilon(1e-9)); // 4 verified + 3 drafted
    // Decode steps per request fall by the expected tokens.
    CHECK(b.outputTokensPerS == Approx(1 * 128 / (b.ttft + b.tpot * 127).si).epsilon(1e-12));
    CHECK(b.ttft == a.ttft);
}

TEST_CASE("Chunked prefill: chunk i attends to the i·C tokens before it and its causal part, so the chunks' attention "
          "FLOPs sum to the whole prompt's; TTFT is the sum of the chunks' passes",
          "[inference][prefill]")
{
    for (int chunk : {1024, 3000, 256}) { // 256 over a 64k prompt: 256 chunks, evaluated in groups
        const int prompt = chunk == 256 ? 65536 : 4096;
        const Scenario whole = llama70b(2, prompt, 16);
        Scenario chunked = whole;
        chunked.inference.prefillChunk = chunk;
        const InferenceEvaluation a = evaluateInference(contextFor(whole));
        const InferenceEvaluation b = evaluateInference(contextFor(chunked));
        INFO("chunk " << chunk);
        REQUIRE(a.ok);
        REQUIRE(b.ok);
        CHECK(a.prefillChunks == 1);
        CHECK(b.prefillChunks == (prompt + chunk - 1) / chunk);
        for (OpKind op : {OpKind::AttentionCore, OpKind::QkvProjection, OpKind::MlpDown, OpKind::Logits})
            CHECK(phaseFlops(b, op, Phase::Prefill) == Approx(phaseFlops(a, op, Phase::Prefill)).epsilon(1e-9));
        // Smaller GEMMs, re-read KV, one launch per chunk and kernel: never faster.
        CHECK(b.ttft >= a.ttft);
        // Chunks of 512 tokens pass 8 MiB AllReduces, costed by the NCCL calibration's small-message efficiency.
        if (chunk >= 1024) CHECK(b.ttft.si < 1.5 * a.ttft.si);
        CHECK(b.ttft.si == Approx(stagePass(b.ops, Phase::Prefill).si).epsilon(1e-9)); // pp = 1: the chunks' sum
        CHECK(b.tpot == a.tpot);
    }
    // A chunk as long as the prompt is the whole prompt.
    Scenario same = llama70b(2, 4096, 16);
    const InferenceEvaluation whole = evaluateInference(contextFor(same));
    same.inference.prefillChunk = 4096;
    CHECK(evaluateInference(contextFor(same)).ttft == whole.ttft);
}

TEST_CASE("Memory: a chunked prefill keeps one chunk's activations live, a decode pool none of the prompt's, a "
          "prefill pool only the prompt's KV; max_batch grows accordingly",
          "[inference][memory]")
{
    Scenario s = llama70b(1, 8192, 512);
    const EvaluationContext whole = contextFor(s);
    const InferenceMemoryShape colocated = inferenceMemoryShape(whole, s.parallel);
    s.inference.prefillChunk = 1024;
    const EvaluationContext chunked = contextFor(s);
    const InferenceMemoryShape chunkShape = inferenceMemoryShape(chunked, s.parallel);
    CHECK(chunkShape.activationsPerSequence.si == Approx(colocated.activationsPerSequence.si / 8).epsilon(1e-12));
    CHECK(chunkShape.kvPerSequence == colocated.kvPerSequence);
    CHECK(maxBatch(chunkShape) > maxBatch(colocated));

    const InferenceMemoryShape decode = inferenceMemoryShape(whole, whole.scenario.parallel, ServingRole::DecodePool);
    CHECK(decode.activationsPerSequence.si == Approx(colocated.activationsPerSequence.si / 8192).epsilon(1e-12));
    CHECK(decode.kvPerSequence == colocated.kvPerSequence);
    const InferenceMemoryShape prefill = inferenceMemoryShape(whole, whole.scenario.parallel, ServingRole::PrefillPool);
    CHECK(prefill.kvPerSequence.si == Approx(colocated.kvPerSequence.si * 8192 / (8192 + 512)).epsilon(1e-12));
    CHECK(prefill.activationsPerSequence == colocated.activationsPerSequence);
}

TEST_CASE("Chunked prefill through a pipeline: the chunks stream through the stages, TTFT = Σ chunks + (pp − 1) · "
          "(largest chunk + send)",
          "[inference][prefill][pipeline]")
{
    Scenario s = llama70b(1, 8192, 8);
    s.parallel.tp = 4;
    s.parallel.pp = 2;
    s.parallel.dp = 1;
    const InferenceEvaluation whole = evaluateInference(contextFor(s));
    s.inference.prefillChunk = 2048;
    const InferenceEvaluation e = evaluateInference(contextFor(s));
    REQUIRE(e.ok);
    REQUIRE(whole.ok);
    const Seconds sum = stagePass(e.ops, Phase::Prefill);
    // The fill costs one chunk, not a whole prompt: below pp × the stage's sum.
    CHECK(e.ttft > sum);
    CHECK(e.ttft.si < sum.si * 1.5);
    CHECK(e.ttft < whole.ttft);
}


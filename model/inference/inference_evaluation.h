#pragma once
// The result of evaluating one inference scenario: a batch of requests,
// each a prompt of P tokens (prefill) and O generated tokens (the first from
// the prefill, the other O − 1 from decode steps), on one replica of
// tp · pp GPUs, times dp replicas. SI units. Plain values, no allocation.

#include "model/core/operation_table.h"
#include "model/spec/units.h"

#include <array>
#include <string>

namespace scalescope {

// Memory per GPU while serving, against usable HBM (the training memory
// model's usable_memory.h: capacity less CUDA context, NCCL buffers and
// allocator fragmentation).
struct InferenceMemory {
    Bytes weights{};     // this GPU's share of the weights, at the inference precision
    Bytes kvCache{};     // KV of the batch at the last output token, whole paged blocks
    Bytes activations{}; // the largest pass's live activations (the prefill of one batch)
    Bytes total{};       // weights + KV + activations
    Bytes capacity{};    // usable HBM
    Bytes reserved{};    // what the runtime keeps (context, NCCL buffers, fragmentation)
    // kv_offload on a superchip: the part of kvCache held in the CPU's memory
    // (not in total, which counts HBM), and the CPU memory one GPU may use.
    Bytes kvSpilled{}, spillCapacity{};
    bool fits = false;
};

// What an inference evaluation warns about (inference_json.cpp words them).
enum class InferenceWarning {
    DoesNotFit,              // a = total bytes, b = usable bytes
    DecodeGemmBelowMeasured, // a = decode tokens per GEMM, b = smallest measured M
    DecodeAttentionBound,    // one-query attention costed as a bandwidth bound (no measurement)
    DecodeCollectiveLatency, // decode collectives below the measured message sizes
    PowerFromComputeUse,     // energy from the power model's MFU-based utilisation
    KvSpilled,               // a = spilled KV bytes per GPU, b = their read bandwidth (B/s)
    PrefillPoolDoesNotFit,   // a = total bytes, b = usable bytes (the prefill pool's GPU)
    KvOffloadWithoutSuperchip, // kv_offload asked for on a system without CPU memory over NVLink-C2C
    TpotOverLimit,           // a = TPOT (s), b = the scenario's tpot_max (s)
    TtftOverLimit,           // a = TTFT (s), b = the scenario's ttft_max (s)
};

struct InferenceEvaluation {
    bool ok = false;
    std::string error, errorPath;

    int batch = 0;                       // sequences per replica (the scenario's, or max_batch for "max")
    int maxBatch = 0;                    // the largest batch that fits in usable HBM (0: not even one)
    int replicas = 1;                    // dp
    int gpus = 0;                        // all replicas
    Seconds ttft{};                      // prefill of one batch through every stage, communication included
    Seconds tpot{};                      // mean decode step over the O − 1 steps after the first token
    Seconds prefillTime{}, decodeStep{}; // one pass of the pipeline (= ttft, tpot)
    double meanKvTokens = 0;             // KV length tpot is evaluated at: P + O / 2
    Bytes kvCache{};                     // the batch at the last output token, one replica's GPUs summed
    Bytes kvCachePerGpu{};
    double tokensPerSPerUser = 0; // 1 / tpot
    double outputTokensPerS = 0;  // all replicas, steady state
    double tokensPerSPerGpu = 0;
    double decodeMfu = 0; // decode FLOPs over the BF16 dense peak of every GPU
    double cycleMfu = 0;  // one cycle's FLOPs over its time and the BF16 dense peak (the power model's utilisation)
    Joules energyPerToken{};
    double costPerMillionTokens = 0; // electricity and GPU time per million output tokens, facility currency
    InferenceMemory memory;

    // Chunked prefill (prefill_chunk): the chunks one prompt is prefilled in (1: whole).
    int prefillChunks = 1;
    // Speculative decoding: the verify pass and the drafts are in decodeStep;
    // tpot = decodeStep / acceptedPerStep.
    double acceptedPerStep = 1; // expected tokens per verify step, (1 − a^(k+1)) / (1 − a)
    Seconds draftTime{};        // the k draft passes of one step
    // Disaggregated prefill/decode: the prefill pool's GPUs (0: no separate
    // pool), the KV of one batch moved to the decode pool, and the request
    // rates of the two pools in steady state.
    int prefillGpus = 0;
    Seconds kvTransfer{};
    Bytes kvTransferPerGpu{};
    int kvTransferTier = -1; // index into the system's network tiers
    double prefillRequestsPerS = 0, decodeRequestsPerS = 0;

    // The prefill and decode rows of the bottleneck stage, per pass (count =
    // instances in one pass of one stage); collectives included.
    OperationTable ops;
    int stages = 1;

    static constexpr int kMaxWarnings = 10;
    std::array<InferenceWarning, kMaxWarnings> warnings{};
    std::array<double, kMaxWarnings> warningA{}, warningB{};
    int warningCount = 0;
    void warn(InferenceWarning w, double a = 0, double b = 0) noexcept
    {
        if (warningCount >= kMaxWarnings) return;
        const auto i = static_cast<size_t>(warningCount++);
        warnings[i] = w;
        warningA[i] = a;
        warningB[i] = b;
    }
};

} // namespace scalescope

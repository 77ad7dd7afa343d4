#pragma once
// Memory per GPU while serving a batch (bytes, against usable HBM):
//
//   weights      the GPU's parameters (core/params_per_gpu.h: the largest
//                stage's layers over tp, experts also over ep) × bytes of
//                the inference precision
//   KV cache     batch · paged(P + O) tokens · KV bytes per token and layer on
//                this GPU (kv_cache.h) · the stage's layers: the cache at the
//                last output token, in whole blocks of kv_block_tokens
//   activations  the prefill of one batch, the largest pass: per token the
//                residual stream h, the MLP's gate and up outputs and the
//                activation's output (gates + 1) · F / tp, 16-bit, for
//                batch · P tokens (one layer live at a time); with chunked
//                prefill batch · prefill_chunk tokens. A decode pool of
//                disaggregated serving prefills nothing: one token per
//                sequence (k + 1 when verifying drafts); a prefill pool
//                keeps the KV of the prompt only.
//   reserve      CUDA context, NCCL buffers of the tp, pp and ep
//                communicators, allocator fragmentation
//                (memory/usable_memory.h, specs/calibration/memory-reserve.json)
//   kv_offload   on a superchip (GB200, GB300, GH200), KV beyond what HBM
//                holds after the weights and activations lives in the GPU's
//                share of the Grace CPU's LPDDR5X (capacity / GPUs of the
//                superchip), read over NVLink-C2C (inference_step.h); the
//                batch fits while that spilled part fits there.

#include "model/core/resolved_system.h"
#include "model/inference/inference_evaluation.h"

namespace scalescope {

// Bytes one more sequence adds on one GPU (its KV at the last output token
// and its prefill activations), and what the batch-independent part takes.
struct InferenceMemoryShape {
    Bytes weights{};
    Bytes kvPerSequence{};
    Bytes activationsPerSequence{};
    Bytes usable{}, reserved{};
    Bytes spillCapacity{}; // kv_offload on a superchip; 0 otherwise
};

// Which passes a GPU runs: both (colocated serving), or one pool's.
enum class ServingRole { PrefillAndDecode, PrefillPool, DecodePool };

// Precondition: the layout divides the model (inference_step.cpp checks).
[[nodiscard]] InferenceMemoryShape inferenceMemoryShape(const ResolvedSystem& sys, const ParallelLayout& p,
                                                        ServingRole role = ServingRole::PrefillAndDecode) noexcept;

// The memory of `batch` sequences per replica.
[[nodiscard]] InferenceMemory inferenceMemory(const InferenceMemoryShape& shape, int batch) noexcept;

// The largest batch that fits (the last batch b with inferenceMemory(shape, b).fits); 0 if none.
[[nodiscard]] int maxBatch(const InferenceMemoryShape& shape) noexcept;

} // namespace scalescope

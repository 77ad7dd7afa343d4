#pragma once
// The compute rows of an inference pass over the bottleneck pipeline stage
// (its ceil(layers / pp) layers), on the mode-neutral operation rows and
// costed through compute/kernel_costs.h. Shapes on one GPU (B sequences,
// T tokens in the pass: B·P for a prefill, B for a decode step; t = tp):
//
//   QKV        M = T, N = (a + 2g)·d / t, K = h      (MLA: four GEMMs)
//   attention  prefill: causal over the prompt, fused kernel, a/t heads; a
//                       chunk of c tokens after L0 cached ones (chunked
//                       prefill) attends to L0 + its causal part:
//                       2·c·(L0 + (c + 1)/2)·(qk + v)/t FLOPs per sequence,
//                       and reads the L0 cached tokens' K and V once
//              decode:  q queries per sequence (1; k + 1 when verifying
//                       k draft tokens) over its KV length L: reads
//                       B · L · KV bytes per token (this GPU's heads) once;
//                       with KV spilled to a superchip's CPU memory, the
//                       spilled fraction f streams over NVLink-C2C beside
//                       the HBM part: max((1 − f)·bytes / copy, f·bytes / C2C)
//   out        M = T, N = h, K = a·d / t
//   MLP        M = T, up N = 2F/t (SwiGLU) or F/t, K = h; down N = h, K = F/t
//   experts    the local experts a pass touches (all of them once
//              E/ep · (1 − (1 − k/E)^(ep·T)) ≥ 1, uniform routing), grouped GEMM
//   logits     the last token of each sequence (each verified position when
//              verifying drafts): M = B·q, N = V/t, K = h
// Norms, rotary, residual adds and the activation are memory-bound kernels
// on all T tokens (no sequence parallelism when serving). No FP8 casts: the
// weights are stored quantised and activation casts are fused into the GEMMs.
//
// Below the smallest measured GEMM M (decode), a GEMM is the larger of its
// FLOPs at the table's edge efficiency and its bytes at the measured copy
// bandwidth; one-query attention has no measurement either and is costed by
// its bytes at the copy bandwidth. Both rows name an assumption as source.

#include "model/compute/kernel_costs.h"
#include "model/core/operation_table.h"
#include "model/core/resolved_system.h"

#include <string>

namespace scalescope {

struct InferencePass {
    Phase phase = Phase::Prefill; // Prefill or Decode
    double batch = 1;             // sequences
    double tokensPerSequence = 1; // P or a chunk (prefill); 1, or k + 1 when verifying drafts (decode)
    double kvTokens = 1;          // attention length: P (prefill, causal), the KV length (decode)
    double priorTokens = 0;       // prefill: tokens already cached before this chunk
    double logitsPerSequence = 1; // positions whose logits the pass computes
    double layers = 0;            // > 0: only this many layers (a draft module), of the model's last kind
    double spilledKv = 0;         // decode: fraction of the KV read from CPU memory (kv_offload)
    BytesPerSecond spillBandwidth{}; // its read bandwidth per GPU
};

// What a pass had to extrapolate (each labelled in its rows' source).
struct PassAssumptions {
    bool gemmBelowMeasured = false;
    bool attentionBound = false;
};

// Layers of the bottleneck stage: ceil(layers / pp), its MoE layers first
// (the later stages hold only MoE layers in a model whose first layers are dense).
struct StageLayers {
    double dense = 0, moe = 0;
};
[[nodiscard]] StageLayers bottleneckStageLayers(const ModelSpec& m, int pp) noexcept;

// The kernel setup of a served model: the GPU at the inference precision.
[[nodiscard]] KernelSetup inferenceKernelSetup(const ResolvedSystem& sys) noexcept;

// Appends the compute rows of one pass (count: instances per pass of the stage).
PassAssumptions addPassRows(const ResolvedSystem& sys, const ParallelLayout& p, const KernelCosts& kc,
                            const InferencePass& pass, OperationTable& t) noexcept;

// Source labels of the extrapolated rows (shown in the breakdown).
[[nodiscard]] const std::string& decodeGemmAssumption() noexcept;
[[nodiscard]] const std::string& decodeAttentionAssumption() noexcept;
[[nodiscard]] const std::string& expertsTouchedAssumption() noexcept;
[[nodiscard]] const std::string& kvSpillAssumption() noexcept;

} // namespace scalescope

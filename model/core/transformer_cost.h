#pragma once
// Parameters, FLOPs and activation bytes of a transformer, per layer and per
// token, from a ModelSpec. Matmul FLOPs are 2 per multiply-add; backward is
// twice the forward. Attention scores count the causal half (FlashAttention
// skips the masked half). Activation bytes follow Korthikanti et al. 2022,
// "Reducing Activation Recomputation in Large Transformer Models" (per token,
// 16-bit activations: attention 11h + 5·a·s, MLP 19h for GeLU with F = 4h,
// norms 4h = 34h + 5as), generalised here to GQA/MLA widths and SwiGLU.

#include "model/spec/model_spec.h"

#include <array>

namespace scalescope {

struct LayerCost {
    double params = 0;          // weights of one layer (all experts for MoE)
    double activeParams = 0;    // weights one token touches
    double attentionParams = 0; // projections (Q, K, V, O; MLA down/up)
    double mlpParams = 0;       // dense MLP, or all experts + shared + router
    double matmulFlopsPerToken = 0; // forward, projections + MLP/experts
    double scoreFlopsPerToken = 0;  // forward, QK^T and AV at sequence length s
    double activationBytesPerToken = 0;      // stored for backward, no recompute
    double quadraticActivationBytesPerToken = 0; // the 5·a·s softmax/dropout part
    double mlpActivationBytesPerToken = 0;   // part of activationBytesPerToken
};

struct ModelCost {
    LayerCost dense; // a dense layer
    LayerCost moe;   // a MoE layer (zero when the model has none)
    int denseLayers = 0;
    int moeLayers = 0;
    double embeddingParams = 0; // input embedding + untied output head
    double logitFlopsPerToken = 0;
    double totalParams = 0;
    double activeParams = 0;

    // Forward FLOPs of the whole model per token at sequence length s.
    [[nodiscard]] double forwardFlopsPerToken() const noexcept
    {
        return denseLayers * (dense.matmulFlopsPerToken + dense.scoreFlopsPerToken) +
               moeLayers * (moe.matmulFlopsPerToken + moe.scoreFlopsPerToken) + logitFlopsPerToken;
    }
};

// One GEMM y = x·Wᵀ of M tokens × N outputs × K inputs.
struct GemmShape {
    double m = 0, n = 0, k = 0;
};

// The attention block of T tokens on one of tp GPUs: per-token widths over
// all heads (QK, V, and the rotary part of Q and K) and the QKV projection
// GEMMs — one, or MLA's four: query down and up, joint KV down (with the
// shared rotary key), KV up.
struct AttentionProjection {
    double qkWidth = 0, vWidth = 0, ropeWidth = 0;
    std::array<GemmShape, 4> qkv{};
    int qkvCount = 0;
};
[[nodiscard]] AttentionProjection attentionProjection(const ModelSpec& m, double tokens, int tp) noexcept;

// Costs at sequence length `seqLen` (the attention terms depend on it).
[[nodiscard]] ModelCost modelCost(const ModelSpec& m, int seqLen) noexcept;

} // namespace scalescope

#pragma once
// Parameters, FLOPs and activation bytes of a transformer, per layer and per
// token, from a ModelSpec. Matmul FLOPs are 2 per multiply-add; backward is
// twice the forward. Attention scores count the causal half (FlashAttention
// skips the masked half). Activation bytes follow Korthikanti et al. 2022,
// "Reducing Activation Recomputation in Large Transformer Models" (per token,
// 16-bit activations: attention 11h + 5·a·s, MLP 19h for GeLU with F = 4h,
// norms 4h = 34h + 5as), generalised here to GQA/MLA widths and SwiGLU.

#include "model/spec/model_spec.h"

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

// Costs at sequence length `seqLen` (the attention terms depend on it).
[[nodiscard]] ModelCost modelCost(const ModelSpec& m, int seqLen) noexcept;

} // namespace scalescope

#pragma once
// The KV cache of a decoder-only transformer: what one token leaves behind
// in every layer for later tokens to attend to.
//
//   standard / GQA:  bytes per token = 2 · layers · kv_heads · head_dim · b
//                    (K and V; b = bytes per element of the KV precision)
//   MLA:             bytes per token = layers · (kv_lora_rank + qk_rope_head_dim) · b
//                    (the compressed latent c_KV and the shared rotary key;
//                    DeepSeek-V2 report §2.1.1, DeepSeek-V3 report §2.1.1)
// Paged attention (vLLM, Kwon et al. 2023, "Efficient Memory Management for
// Large Language Model Serving with PagedAttention") stores a sequence in
// whole blocks of `blockTokens` tokens.

#include "model/spec/model_spec.h"
#include "model/spec/precision.h"
#include "model/spec/units.h"

namespace scalescope {

// Bytes of K and V (or the MLA latent and rotary key) one token keeps in one layer.
[[nodiscard]] double kvBytesPerTokenPerLayer(const ModelSpec& m, Precision kv) noexcept;

// The same over every layer of the model.
[[nodiscard]] Bytes kvBytesPerToken(const ModelSpec& m, Precision kv) noexcept;

// One GPU's share of one layer's per-token KV under tensor parallelism: KV
// heads are split over the tp ranks, and a rank holds at least one whole
// head (kv_heads < tp replicates them); the MLA latent is not split (every
// rank keeps the whole latent, as vLLM and SGLang do).
[[nodiscard]] double kvBytesPerTokenPerLayerPerGpu(const ModelSpec& m, Precision kv, int tp) noexcept;

// Tokens a sequence of `tokens` occupies in whole paged blocks.
[[nodiscard]] double pagedTokens(double tokens, int blockTokens) noexcept;

} // namespace scalescope

#pragma once
// Activations one transformer layer stores for backward, per token, on a
// GPU without tensor parallelism (with TP and sequence parallelism every
// term is divided by t), following Korthikanti et al. 2022, "Reducing
// Activation Recomputation in Large Transformer Models" (arXiv 2205.05198):
//
//   none:       34·h + 5·a·s bytes per token   (eq. 1: sbh(34 + 5as/h))
//   selective:  34·h                           (§5: the 5as softmax/dropout part is recomputed)
//   full:       2·h, the layer input only      (§4.3); the model adds one
//               layer's full working set for the layer being recomputed
//
// The 34 h are 16-bit tensors named in §4.1, generalised here:
//   attention  norm input 2h, QKV input 2h, Q K V 2(q + k + v) (GQA widths;
//              MLA: the up-projected heads plus the latents c_q, c_kv, k_rope),
//              output-projection input 2·o, dropout mask h
//   MLP        norm input 2h, FC1 input 2h, activation input (GeLU: 2F,
//              SwiGLU: gate and up 4F), FC2 input 2F, dropout mask h
//   MoE        the MLP tensors once per routed copy (top-k dispatched tokens)
//              and per shared expert, plus fp32 router logits 4·E
// FP8 (precision fp8): the inputs of every Linear are cached in FP8, 1 byte
// (Transformer Engine's fp8 Linear saves its quantised input; DeepSeek-V3
// report §3.3.3 "Low-Precision Storage"); with `swiglu` recompute the
// SwiGLU inputs are cached in FP8 too and its output is recomputed (§3.3.3).
// `norm` drops the norm outputs (QKV and FC1 inputs, recomputed from the
// stored norm inputs) and `mla-up-proj` the up-projected Q, K, V (§3.2.3).
// `moe` keeps of a MoE layer's MLP block only its input, the pre-MLP norm's
// 16-bit output (none with `norm`): router logits, dispatched copies and
// shared experts are recomputed (Megatron-Core --recompute-modules moe);
// the step adds one MoE block's activations for the block being recomputed.

#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct ActivationOptions {
    Recompute recompute = Recompute::Selective;
    RecomputeModules modules;
    bool fp8 = false;
    // A fused (FlashAttention-style) kernel never stores the 5·a·s softmax
    // scores, mask and dropout of Korthikanti's unfused attention; the
    // operation table costs attention as such a kernel, so the step uses true.
    bool fusedAttention = true;
};

// Bytes per token of one layer (dense or MoE), before dividing by t.
[[nodiscard]] double layerActivationBytesPerToken(const ModelSpec& m, int seqLen, bool moeLayer,
                                                  const ActivationOptions& o) noexcept;

// Micro-batches whose activations the first pipeline stage holds at its peak,
// in units of one micro-batch through the whole stage:
//   GPipe: all m;  1F1B and zero-bubble: pp;  interleaved: pp·(1 + (pp−1)/(pp·vpp))
//   (Korthikanti §4.2.3, Narayanan et al. 2021); at most m; 1 without a pipeline.
[[nodiscard]] double inFlightMicrobatches(Schedule s, int pp, int vpp, int microbatches) noexcept;

} // namespace scalescope

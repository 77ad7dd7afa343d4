#pragma once
// The attention core of one layer on one GPU under context parallelism, as
// frameworks run it (training key "cp_comm", spec/scenario.h), and the K/V
// traffic it needs. The sequence of s tokens is cut into 2·cp chunks of
// c = s / (2·cp); GPU r holds chunks r and 2·cp − 1 − r (load-balanced causal
// chunking: Megatron-Core context-parallel docs, Llama 3 §3.3.2, PyTorch
// context_parallel's round-robin balancer), so every GPU does 1/cp of the
// causal attention work W of a sequence.
//
//   ring (p2p, ring-all-gather): cp calls per pass. Step 0: the local queries
//     over the local keys, causal, s/cp × s/cp. Steps 1 … cp − 1: all local
//     queries over the first half of the received keys, or the later local
//     chunk over all of them, no mask: s/cp × s/(2·cp) (Liu et al. 2023, Ring
//     Attention, arXiv 2310.01889; Transformer Engine's P2P context
//     parallelism; PyTorch's _templated_ring_attention). Each call is W/cp.
//     The cp − 1 partial outputs are merged by their log-sum-exp (a row of
//     its own, memory-bound).
//   all-gather: two calls per pass, one per local query chunk, over every key
//     up to it: c queries × on average s/2 keys, W/2 each; no merge (Llama 3
//     §3.3.2; Transformer Engine's all-gather context parallelism).
// A call of Lq queries × Lk keys without a mask is looked up at the
// non-causal square of the same score count, √(Lq·Lk), with the table's
// non-causal ratio. cp = 1: one causal call over s × s.

#include "model/compute/kernel_costs.h"
#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct LayerKernels;

// The attention of one layer on one GPU: the causal forward FLOPs and bytes of
// its share of the sequence (one call's worth of bytes: its Q, K, V and O),
// the attention shape and the elements its merges touch.
struct CpAttentionShape {
    double flops = 0, bytes = 0;
    double headDim = 0, heads = 0; // heads on this GPU (a / tp)
    double seqLen = 0;             // s, the whole sequence
    int cp = 1;
    CpComm comm = CpComm::P2p;
    double outputElements = 0; // T · (value width / tp): the attention output, and dQ's size with qkWidth
    double queryElements = 0;  // T · (query-key width / tp)
    double kvElements = 0;     // T · cpKvWidth: this GPU's K and V
    double lseElements = 0;    // T · heads: the softmax statistics
};

// Elements per token of the K and V a context-parallel group exchanges, per
// GPU of the tensor-parallel group (MLA: the joint latent and the rotary key).
[[nodiscard]] double cpKvWidth(const ModelSpec& m, int tp) noexcept;

// Attention calls per pass of one layer on one GPU: cp for the ring, 2 for
// all-gather (1 without context parallelism).
[[nodiscard]] int cpAttentionCalls(int cp, CpComm comm) noexcept;

// Bytes of the K/V exchange buffers one GPU holds at the peak of a layer's
// backward (micro-batch b, sequence s, chunk = b·s/cp tokens of K and V,
// 16-bit): the ring's K/V and dK/dV chunks in flight, two each (p2p); the
// gathered K/V and the gathered dK/dV before their ReduceScatter
// (all-gather); the gathered K/V, the fp32 dK/dV sent and received and the
// fp32 dQ, dK and dV accumulators (ring-all-gather). 0 without context parallelism.
[[nodiscard]] double cpBufferBytes(const ModelSpec& m, const ParallelLayout& p, int seqLen, CpComm comm) noexcept;

// Appends the attention-core rows (forward, backward, recompute) and, for
// the ring, the merge rows of one layer (count 1).
void addContextParallelAttention(const KernelCosts& kc, const CpAttentionShape& s, OpScope scope, LayerKernels& t);

// Bytes the merges of one layer move per pass on one GPU (0 without a ring),
// at the measured bandwidth of an element-wise kernel (the residual add's).
[[nodiscard]] double cpForwardMergeBytes(const CpAttentionShape& s) noexcept;
[[nodiscard]] double cpBackwardMergeBytes(const CpAttentionShape& s) noexcept;

} // namespace scalescope

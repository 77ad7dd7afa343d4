#pragma once
// Achievable kernel speed on one GPU, as measured (specs/calibration/
// compute-*.json, one file per GPU family). Every function returns a
// fraction of a nominal peak — the dense Tensor Core peak at the precision,
// or the nominal HBM bandwidth — together with the calibration source key
// that justifies it, so the per-operation table can name its source.
//
// GEMM efficiency is a function of shape: interpolated in log2 M, N, K over
// the measured grid (clamped at its edges); small and skinny shapes run far
// below peak. Nothing here is fitted to end-to-end runs.

#include "model/spec/precision.h"
#include "model/spec/scenario.h"
#include "model/spec/sourced.h"
#include "model/spec/units.h"

#include <string>
#include <vector>

namespace scalescope {

// The three GEMMs of a linear layer y = x·Wᵀ (x: [M, K], W: [N, K]).
enum class GemmPass { Forward, DataGrad, WeightGrad };
enum class AttentionPass { Forward, Backward };

// Memory-bound kernels, each with its own measured achievable bandwidth.
enum class MemoryOp {
    Residual,     // residual add
    Norm,         // RMSNorm / LayerNorm
    Activation,   // SwiGLU / GELU
    Rotary,       // RoPE
    Fp8Cast,      // cast with amax to FP8
    Permute,      // device-to-device copy: MoE fused permute / unpermute, router and index kernels
    CrossEntropy, // logits → loss (fused)
    CrossEntropyEager, // logits → loss as a chain of eager kernels in fp32 (Megatron-LM's default)
    Embedding,    // embedding lookup
    Optimizer,    // fused AdamW on fp32 master weights
    PermuteGather,       // MoE dispatch gather of the routed rows (index_select); absent: Permute's
    UnpermuteScatterAdd, // MoE combine: weighted scatter-add of the routed rows (index_add, atomics); absent: Permute's
    RouterTopK,          // router softmax and top-k over fp32 scores; absent: Permute's
};

struct Efficiency {
    double fraction = 1;         // of the nominal peak, in (0, 1]
    const std::string* source{}; // calibration source key (owned by the ComputeCalibration), null in theoretical mode
};

// One GPU family's kernel calibration (e.g. "compute-hopper"), compute_calibration.h.
// A default-constructed one (no tables) answers 1 with its theoreticalSource.
struct ComputeCalibration;

// FLOP conventions the fractions assume: a GEMM is 2·M·N·K; attention
// forward is 4·S²·d·heads per sequence, halved (S²/2 + S/2) when causal, and
// the backward pass 2.5× the forward. Memory-bound kernels count the fewest
// bytes they must move (see specs/README.md per kernel).

// Router load imbalance, max / mean tokens per expert.
struct Factor {
    double value = 1;
    const std::string* source{}; // owned by the ComputeCalibration
};

// Efficiency of one of the three GEMMs (`pass`) of a linear layer whose
// shape is M tokens × N output features × K input features (each pass does
// 2·M·N·K FLOPs), at `precision` (bf16/fp16, fp8, fp4). Precisions the
// calibration lacks fall back to the nearest measured one
// and say so through the source key.
[[nodiscard]] Efficiency gemmEfficiency(const ComputeCalibration& c, Precision precision, GemmPass pass, double m,
                                        double n, double k) noexcept;

// For a GEMM of M below the grid's "small_m" rows' bound (weight-streaming
// decode GEMMs, measured apart) at `precision`'s own measured grid: the
// ratio of this GPU's roofline time to the measured GPU's, max(flops / peak,
// bytes / HBM) on each (the calibration's reference peak and HBM). A GEMM
// costed from those rows takes the measured time times it: exactly the
// measurement on the measured GPU; on a GPU of the family with other
// bandwidth (H200 from the H100 rows), the weight-bound ones move with HBM.
// 1 for every other GEMM (the grid's fraction of peak applies as measured).
[[nodiscard]] double gemmSmallMRooflineRatio(const ComputeCalibration& c, Precision precision, double m, double flops,
                                             double bytes, FlopsPerSecond peak, BytesPerSecond hbm) noexcept;
// The peak the grid used at `precision` is a fraction of on the measured GPU (its reference peak).
[[nodiscard]] FlopsPerSecond gemmReferencePeak(const ComputeCalibration& c, Precision precision) noexcept;

// The smallest M (tokens) the GEMM table at `precision` measured; 0 when
// the family has no table (below it, gemmEfficiency clamps to the edge).
[[nodiscard]] double gemmSmallestMeasuredTokens(const ComputeCalibration& c, Precision precision) noexcept;

// The smallest tokens per expert the grouped table measured (the dense
// table's smallest M when there is none): below it an MoE pass is costed as
// one GEMM over the experts its tokens reach.
[[nodiscard]] double groupedGemmSmallestMeasuredTokens(const ComputeCalibration& c, Precision precision) noexcept;

// MoE expert GEMMs run as one grouped GEMM: `experts` local experts, each
// a linear layer of `tokensPerExpert` × N × K (same convention as above):
// the dense grid at M = tokensPerExpert × experts times the grouped/dense
// ratio by tokens per expert and, where the table has that axis, N·K.
[[nodiscard]] Efficiency groupedGemmEfficiency(const ComputeCalibration& c, Precision precision, GemmPass pass,
                                               double tokensPerExpert, double n, double k, int experts) noexcept;

// True when `tokensPerExpert` lies outside the token counts the grouped
// table measured (groupedGemmEfficiency then holds the nearest measured
// ratio and cites the calibration's extrapolation label).
[[nodiscard]] bool groupedGemmExtrapolated(const ComputeCalibration& c, double tokensPerExpert) noexcept;

// Fused attention (FlashAttention / cuDNN): FLOPs counted as the unmasked
// part; `kernel` indexes ComputeCalibration::attention (0: the default).
[[nodiscard]] Efficiency attentionEfficiency(const ComputeCalibration& c, AttentionPass pass, double headDim,
                                             double seqLen, double heads, bool causal, int kernel = 0) noexcept;

// One-query (decode) attention: true when the calibration measured it.
[[nodiscard]] bool decodeAttentionMeasured(const ComputeCalibration& c) noexcept;

// Achieved fraction of nominal HBM bandwidth of one-query attention reading
// the K and V of `streams` (sequences × KV heads on the GPU) of `kvLen`
// tokens at `headDim`, interpolated in log2 and clamped at the table's
// edges. Cites the measurement inside its shapes when `measuredKind` (one
// query per sequence, 16-bit KV, the measured kind of attention), its
// extrapolation label otherwise. Without a table: the copy bandwidth
// (memory_bandwidth permute).
[[nodiscard]] Efficiency decodeAttentionBandwidthFraction(const ComputeCalibration& c, double headDim, double kvLen,
                                                          double streams, bool measuredKind) noexcept;

// Achievable fraction of nominal HBM bandwidth for a memory-bound kernel.
[[nodiscard]] Efficiency memoryBandwidthFraction(const ComputeCalibration& c, MemoryOp op) noexcept;

// Whether the calibration gives `op` a rate of its own (false: an optional
// MoE routing operation it lacks runs at memory_bandwidth/permute's).
[[nodiscard]] bool memoryOpMeasured(const ComputeCalibration& c, MemoryOp op) noexcept;

// Device time of one kernel launch inside a CUDA graph / stream (added per kernel).
[[nodiscard]] Seconds kernelLaunchCost(const ComputeCalibration& c) noexcept;

// Busiest expert's tokens over the mean, for a router balanced by an
// auxiliary loss or by bias adjustment (DeepSeek-V3), measured; for forced
// routing the busiest of `ranks` EP ranks holding `rowsPerRank` routed rows
// on average (forced_routing_imbalance.h). 1 when uncalibrated.
[[nodiscard]] Factor moeLoadImbalance(const ComputeCalibration& c, MoeBalancing balancing, double rowsPerRank = 0,
                                      double ranks = 1) noexcept;

} // namespace scalescope

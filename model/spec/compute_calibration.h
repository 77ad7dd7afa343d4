#pragma once
// One GPU family's kernel speeds (specs/calibration/compute-*.json, kind
// "compute-calibration"): GEMM grids per precision and pass, grouped (MoE)
// GEMMs, fused attention, memory-bound kernels, launch cost and the MoE
// router's load imbalance. Read by the spec reader, finished once at load
// (every table turned into fractions of peak on log2 axes), then queried
// through kernel_efficiency.h without allocating.
//
// A family without measurements names a measured one in "carried_over":
// its tables are the measured ones, each multiplied by
// efficiency / reference_efficiency (a published figure for the chip over
// the same figure for the measured chip) and clamped to 1. Such a
// calibration is an assumption the app shows to users (carriedOver()).

#include "model/spec/sourced.h"
#include "model/spec/units.h"

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

class SpecReader;

// Values on up to three axes, interpolated linearly in log2 of each axis
// and clamped at the edges. Axes hold log2 of positive values, ascending;
// values are row-major [axis0][axis1][axis2]. Axes of size 1 are constant.
// prepare() resamples an uneven axis (8, 32, 64 heads) onto even log2 steps
// (8, 16, 32, 64: the same piecewise-linear function), so a lookup is a
// multiply per axis and one trilinear blend, with no search.
struct LogGrid {
    std::array<std::vector<double>, 3> axes{std::vector<double>{0.0}, std::vector<double>{0.0},
                                            std::vector<double>{0.0}};
    std::vector<double> values;
    // Filled by prepare().
    std::array<double, 3> first{}, inverseStep{}, last{}; // last: cell position clamp, n - 1 - ε
    std::array<size_t, 3> stride{}, upper{};              // index step of the axis, and to the upper neighbour

    // After setting axes and values; false when an uneven axis's gaps are not
    // whole multiples of its smallest gap (the grid is then left unusable).
    [[nodiscard]] bool prepare();
    [[nodiscard]] bool empty() const noexcept { return values.empty(); }
    // Arguments are the axis quantities themselves (not their log2), > 0.
    [[nodiscard]] double at(double x0, double x1 = 1, double x2 = 1) const noexcept;
    void scaleClamped(double factor) noexcept; // multiply, then cap at 1
};

// One precision's GEMM grid over M (tokens) × N (out) × K (in), per pass.
struct GemmGrid {
    std::array<LogGrid, 3> pass; // forward, data grad, weight grad
    std::string source;          // key into ComputeCalibration::sources
    // Rows with M below smallMBelow measured apart ("small_m": {"below",
    // "source"}): GEMMs with M below it cite smallMSource (0: none).
    double smallMBelow = 0;
    std::string smallMSource;
    [[nodiscard]] bool empty() const noexcept { return pass[0].empty(); }
};

// One-query (decode) attention over a KV cache as measured
// ("decode_attention"): fractions of the reference HBM bandwidth over head
// dim × KV length × streams, a stream being one sequence's K and V of one KV
// head (the table's batch times its kv_heads). Not carried over.
struct DecodeAttentionTable {
    LogGrid fraction;
    std::string source;       // key into ComputeCalibration::sources
    std::string extrapolated; // the label of shapes outside the table (a source key)
    [[nodiscard]] bool empty() const noexcept { return fraction.empty(); }
};

inline constexpr int kMemoryOpCount = 13; // MemoryOp values, kernel_efficiency.h

// A published efficiency of the chip over the same figure for the measured chip.
struct CarryScale {
    Sourced<double> efficiency, reference;
    [[nodiscard]] double factor() const noexcept { return efficiency.value / reference.value; }
};

// One fused-attention kernel's measured speed: causal fractions of the
// BF16 peak over head dim × sequence × query heads, per pass, and the
// non-causal / causal ratio over sequence length.
struct AttentionKernel {
    std::string id;      // what scenarios name it by ("cudnn", "flash2")
    std::string backend; // the measured implementation ("cuDNN (PyTorch scaled_dot_product_attention)")
    std::array<LogGrid, 2> causal;         // forward, backward
    std::array<LogGrid, 2> nonCausalRatio; // non-causal / causal vs sequence length
    std::array<std::string, 2> source;     // keys into ComputeCalibration::sources
    // Beyond the largest measured sequence the grids hold the efficiency
    // measured there: the label of that extrapolation (by pass), shown as the
    // source of those calls (core/row_provenance.h: kind "extrapolated").
    double measuredSeqMax = 0;
    std::array<std::string, 2> beyondMeasured;
};

struct ComputeCalibration {
    std::string id, name, description;
    SourceMap sources;
    std::vector<std::string> architectures;     // GPU architectures it applies to ("Hopper")
    std::string theoreticalSource = "roofline"; // source key shown in theoretical mode

    // Carried over from another family (empty: measured).
    std::string carriedFrom, assumption, unsupportedSource;
    std::map<std::string, CarryScale> scales; // "gemm_bf16", "gemm_fp8", "gemm_fp4", "attention_forward", ...
    [[nodiscard]] bool carriedOver() const noexcept { return !carriedFrom.empty(); }

    // FP8 GEMMs take K-major operands only ("fp8_operand_layout": "tn-only",
    // Hopper): the weight-gradient GEMM needs transposed FP8 copies of its
    // operands. Not carried over (Blackwell takes either layout).
    bool fp8TransposedCopies = false;

    // Reference peaks the measured tables are divided by.
    Sourced<FlopsPerSecond> bf16Peak, fp8Peak, fp4Peak;
    Sourced<BytesPerSecond> hbmBandwidth;

    GemmGrid bf16, fp8, fp4;                             // fractions of the precision's dense peak
    std::string fp8Fallback, fp4Fallback, otherFallback; // source keys used when a precision falls back
    LogGrid groupedOverDense;                            // grouped / dense GEMM throughput vs tokens per expert × N·K
    std::string groupedSource;
    // The labels of grouped GEMMs the table does not cover: tokens per expert
    // outside its measured range (the nearest measured ratio held), and FP8 or
    // FP4 expert GEMMs (the BF16 ratio on that precision's dense curve): source
    // keys whose citations (in `sources`) say so.
    std::string groupedExtrapolated, groupedLowPrecision;
    // "attention" (the family's default kernel, first) and "attention_kernels"
    // (others measured on the same GPU, by id). A carried-over family carries
    // the default under the id "carried_over/attention_kernel" names, and
    // may add kernels published only relative to that one
    // ("carried_over/attention_kernels": {id: {"speed_vs_default"}}).
    std::vector<AttentionKernel> attention;
    struct RelativeKernel {
        std::string id, backend;
        Sourced<double> speedVsDefault; // the kernel's speed / the default kernel's, every shape (forward)
        Sourced<double> backwardSpeedVsDefault; // the same for the backward pass ("speed_vs_default_backward",
                                                // when absent speedVsDefault)
        // Back-to-back speed over the speed the kernel's measurement saw
        // ("sustained_over_measured"; 1 when absent): a figure timed on an idle,
        // unthrottled GPU slows under a training step's sustained power draw.
        Sourced<double> sustainedOverMeasured{1.0, {}, {}, {}};
    };
    std::vector<RelativeKernel> relativeKernels;
    // Index of the kernel with `id` (any case), or -1.
    [[nodiscard]] int attentionKernel(std::string_view id) const noexcept;
    DecodeAttentionTable decodeAttention; // empty: decode attention is not measured
    std::array<double, kMemoryOpCount> memoryFraction{};
    std::array<std::string, kMemoryOpCount> memorySource;
    std::array<bool, kMemoryOpCount> memoryMeasured{}; // false: an optional operation at permute's rate
    Sourced<Seconds> launch;
    Sourced<double> moeAuxiliaryLoss, moeLossFree; // max / mean tokens per expert
};

// Reads one "compute-calibration" document; a carried-over one is left
// without tables until resolveCarryOver.
[[nodiscard]] ComputeCalibration readComputeCalibration(SpecReader& r);

// Fills a carried-over calibration from its measured base (copies and
// scales the tables, merges the base's citations for keys it lacks).
void resolveCarryOver(ComputeCalibration& target, const ComputeCalibration& base);

// True when `architecture` (a GpuSpec::architecture, any case) is covered.
[[nodiscard]] bool appliesTo(const ComputeCalibration& c, std::string_view architecture) noexcept;

} // namespace scalescope

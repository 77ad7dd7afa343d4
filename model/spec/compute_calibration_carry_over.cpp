#include "model/spec/compute_calibration_carry_over.h"

#include "model/spec/compute_calibration_tables.h"
#include "model/spec/quantity_parser.h"
#include "model/spec/spec_reader.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

constexpr std::array<const char*, 6> kScaleKeys{"gemm_bf16",         "gemm_fp8",           "gemm_fp4",
                                                "attention_forward", "attention_backward", "memory"};

// Drops the rows of M below `m` (an M on the grid's even axis).
void dropRowsBelow(LogGrid& g, double m)
{
    const double x = std::log2(m);
    size_t rows = 0;
    while (rows + 1 < g.axes[0].size() && g.axes[0][rows] < x - 1e-9)
        ++rows;
    g.axes[0].erase(g.axes[0].begin(), g.axes[0].begin() + static_cast<std::ptrdiff_t>(rows));
    g.values.erase(g.values.begin(), g.values.begin() + static_cast<std::ptrdiff_t>(rows * g.stride[0]));
    (void)g.prepare(); // even already: recomputes the strides and clamps
}

// A carried grid: the measured family's rows scaled. Rows measured apart
// below the grid's main M range (small M, decode) are not carried: the
// carried family costs those GEMMs by the below-measured bound.
void scaleGemm(GemmGrid& g, const CarryScale& s)
{
    for (LogGrid& p : g.pass) {
        if (g.smallMBelow > 0) dropRowsBelow(p, g.smallMBelow);
        p.scaleClamped(s.factor());
    }
    g.source = s.efficiency.source;
    g.smallMBelow = 0;
    g.smallMSource.clear();
}

} // namespace

void readCarriedOver(SpecReader& r, ComputeCalibration& c)
{
    c.carriedFrom = r.text("/carried_over/from");
    c.assumption = r.text("/carried_over/assumption");
    c.attention.push_back({});
    c.attention[0].id = r.text("/carried_over/attention_kernel");
    if (r.exists("/carried_over/unsupported_source"))
        c.unsupportedSource = r.sourceKey("/carried_over/unsupported_source");
    for (const std::string& id : r.objectKeys("/carried_over/attention_kernels")) {
        const std::string path = "/carried_over/attention_kernels/" + id;
        if (id == c.attention[0].id) {
            r.error(path, "expected a kernel id other than the default's, found \"" + id + "\" twice");
            continue;
        }
        const Sourced<double> forward = r.count(path + "/speed_vs_default"); // > 0
        const Sourced<double> backward =
            r.exists(path + "/speed_vs_default_backward") ? r.count(path + "/speed_vs_default_backward") : forward;
        ComputeCalibration::RelativeKernel kernel{id, r.text(path + "/backend"), forward, backward};
        if (r.exists(path + "/sustained_over_measured")) {
            kernel.sustainedOverMeasured = r.count(path + "/sustained_over_measured");
            if (kernel.sustainedOverMeasured.value > 1)
                r.error(path + "/sustained_over_measured/value",
                        "expected a slow-down factor in (0, 1], found " + formatSignificant(kernel.sustainedOverMeasured.value, 4));
        }
        c.relativeKernels.push_back(std::move(kernel));
    }
    for (const char* key : kScaleKeys) {
        const std::string path = std::string("/carried_over/scales/") + key;
        if (!r.exists(path)) continue;
        c.scales[key] = {r.count(path + "/efficiency"), r.count(path + "/reference_efficiency")};
    }
    for (const char* key : {"gemm_bf16", "attention_forward", "memory"})
        if (c.scales.count(key) == 0)
            r.error(std::string("/carried_over/scales/") + key,
                    "expected {\"efficiency\", \"reference_efficiency\"} for this table, found nothing");
}

void carryOverTables(ComputeCalibration& t, const ComputeCalibration& base)
{
    for (const auto& [k, v] : base.sources)
        t.sources.try_emplace(k, v);
    t.bf16Peak = base.bf16Peak;
    t.fp8Peak = base.fp8Peak;
    t.fp4Peak = base.fp4Peak;
    t.hbmBandwidth = base.hbmBandwidth;
    const CarryScale bf16 = t.scales.at("gemm_bf16");
    t.bf16 = base.bf16;
    scaleGemm(t.bf16, bf16);
    t.fp8 = {};
    t.fp4 = {};
    const bool lowPrecision = t.unsupportedSource.empty();
    if (lowPrecision && !base.fp8.empty()) {
        t.fp8 = base.fp8;
        scaleGemm(t.fp8, t.scales.count("gemm_fp8") ? t.scales.at("gemm_fp8") : bf16);
    }
    if (lowPrecision && t.scales.count("gemm_fp4")) {
        t.fp4 = base.fp4.empty() ? base.fp8 : base.fp4; // the FP8 shape curve when the base has no FP4 table
        if (!t.fp4.empty()) scaleGemm(t.fp4, t.scales.at("gemm_fp4"));
    }
    t.groupedOverDense = base.groupedOverDense;
    t.groupedSource = base.groupedSource;
    t.groupedExtrapolated = base.groupedExtrapolated;
    t.groupedLowPrecision = base.groupedLowPrecision;
    const CarryScale fwd = t.scales.at("attention_forward");
    const CarryScale bwd = t.scales.count("attention_backward") ? t.scales.at("attention_backward") : fwd;
    // The base's default kernel, scaled, under the target's own kernel id.
    AttentionKernel& k = t.attention.at(0);
    const std::string id = k.id;
    k = base.attention.at(0);
    k.id = id;
    k.causal[0].scaleClamped(fwd.factor());
    k.causal[1].scaleClamped(bwd.factor());
    k.source = {fwd.efficiency.source, bwd.efficiency.source};
    labelBeyondMeasured(k);
    t.attention.resize(1);
    for (const ComputeCalibration::RelativeKernel& rel : t.relativeKernels) {
        AttentionKernel other = t.attention.at(0);
        other.id = rel.id;
        other.backend = rel.backend;
        other.causal[0].scaleClamped(rel.speedVsDefault.value * rel.sustainedOverMeasured.value);
        other.causal[1].scaleClamped(rel.backwardSpeedVsDefault.value * rel.sustainedOverMeasured.value);
        other.source = {rel.speedVsDefault.source, rel.backwardSpeedVsDefault.source};
        labelBeyondMeasured(other);
        t.attention.push_back(std::move(other));
    }
    const CarryScale memory = t.scales.at("memory");
    for (size_t i = 0; i < kMemoryOpCount; ++i) {
        t.memoryFraction[i] = std::min(1.0, base.memoryFraction[i] * memory.factor());
        t.memorySource[i] = memory.efficiency.source;
        t.memoryMeasured[i] = base.memoryMeasured[i];
    }
    t.launch = base.launch;
    if (t.sources.count("assume")) t.launch.source = "assume"; // the measured family's value, unchanged
    t.moeAuxiliaryLoss = base.moeAuxiliaryLoss;
    t.moeLossFree = base.moeLossFree;
}

} // namespace scalescope

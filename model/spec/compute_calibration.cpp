#include "model/spec/compute_calibration.h"

#include "model/spec/quantity_parser.h"
#include "model/spec/spec_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace scalescope {

namespace {

using D = Dimension;
constexpr std::array<const char*, 3> kPassKeys{"forward", "data_grad", "weight_grad"};
constexpr std::array<const char*, kMemoryOpCount> kMemoryKeys{
    "residual", "norm", "activation", "rotary", "fp8_cast", "permute", "cross_entropy", "cross_entropy_eager", "embedding", "optimizer",
    "permute_gather", "unpermute_scatter_add", "router_top_k"};
// The first of the optional memory operations: a calibration without them
// costs them at memory_bandwidth/permute (the device copy) and its source.
constexpr size_t kFirstOptionalMemoryOp = 10, kPermuteMemoryOp = 5;
// The prefix that marks a source as an extrapolation (core/row_provenance.h kExtrapolationLabel).
constexpr const char* kExtrapolationPrefix = "ScaleScope extrapolation:";
constexpr std::array<const char*, 6> kScaleKeys{"gemm_bf16",         "gemm_fp8",           "gemm_fp4",
                                                "attention_forward", "attention_backward", "memory"};

// An ascending list of positive axis values, stored as log2.
std::vector<double> readAxis(SpecReader& r, const std::string& path)
{
    std::vector<double> v = r.numberList(path);
    for (size_t i = 1; i < v.size(); ++i)
        if (!(v[i] > v[i - 1])) {
            r.error(path + "/" + std::to_string(i), "expected values in ascending order, found " +
                                                        formatSignificant(v[i], 6) + " after " +
                                                        formatSignificant(v[i - 1], 6));
            return {0.0};
        }
    if (v.empty()) return {0.0};
    for (double& x : v)
        x = std::log2(x);
    return v;
}

bool hasLength(SpecReader& r, const std::string& path, size_t n, const char* what)
{
    const bool ok = n > 0 && r.exists(path + "/" + std::to_string(n - 1)) && !r.exists(path + "/" + std::to_string(n));
    if (!ok) r.error(path, "expected a list of " + std::to_string(n) + " entries (one per " + what + ")");
    return ok;
}

LogGrid prepared(SpecReader& r, const std::string& path, LogGrid g)
{
    if (g.prepare()) return g;
    r.error(path, "expected axes evenly spaced in log2, or whose log2 gaps are whole multiples of the smallest "
                  "(e.g. 8, 32, 64)");
    return {};
}

// A table of `dims` (1, 2 or 3) nested lists matching `axes`, divided by `divisor`.
LogGrid readGrid(SpecReader& r, const std::string& path, const std::array<std::vector<double>, 3>& axes, int dims,
                 double divisor, const std::array<const char*, 3>& names)
{
    LogGrid g;
    g.axes = axes;
    const size_t n0 = axes[0].size(), n1 = axes[1].size(), n2 = axes[2].size();
    auto addRow = [&](const std::string& rowPath, size_t n) {
        std::vector<double> row = r.numberList(rowPath);
        if (row.size() != n) {
            r.error(rowPath, "expected " + std::to_string(n) + " numbers, found " + std::to_string(row.size()));
            row.resize(n, 1.0);
        }
        for (double x : row)
            g.values.push_back(x / divisor);
    };
    if (dims == 1) {
        addRow(path, n0);
        return prepared(r, path, std::move(g));
    }
    if (!hasLength(r, path, n0, names[0])) return {};
    if (dims == 2) {
        for (size_t i = 0; i < n0; ++i)
            addRow(path + "/" + std::to_string(i), n1);
        return prepared(r, path, std::move(g));
    }
    for (size_t i = 0; i < n0; ++i) {
        const std::string p = path + "/" + std::to_string(i);
        if (!hasLength(r, p, n1, names[1])) return {};
        for (size_t j = 0; j < n1; ++j)
            addRow(p + "/" + std::to_string(j), n2);
    }
    return prepared(r, path, std::move(g));
}

void requireUnit(SpecReader& r, const std::string& path, const char* unit)
{
    const std::string u = r.text(path);
    if (!u.empty() && u != unit) r.error(path, std::string("expected \"") + unit + "\", found \"" + u + "\"");
}

// "peak": which /reference peak a table's efficiencies are fractions of; only
// the table's own precision is meaningful, so any other value is an error.
void requirePeak(SpecReader& r, const std::string& path, const char* precision)
{
    if (const auto peak = r.optText(path); peak && *peak != precision)
        r.error(path, std::string("expected \"") + precision + "\" (the table is read against /reference/" + precision +
                          "_peak), found \"" + *peak + "\"");
}

GemmGrid readGemm(SpecReader& r, const std::string& path, const char* precision, double peak)
{
    GemmGrid g;
    g.source = r.sourceKey(path + "/source");
    requireUnit(r, path + "/unit", "TFLOP/s");
    requirePeak(r, path + "/peak", precision);
    const std::array<std::vector<double>, 3> axes{readAxis(r, path + "/m"), readAxis(r, path + "/n"),
                                                  readAxis(r, path + "/k")};
    for (size_t p = 0; p < 3; ++p)
        g.pass[p] = readGrid(r, path + "/" + kPassKeys[p], axes, 3, peak / 1e12, {"m", "n", "k"});
    if (r.exists(path + "/small_m")) {
        const std::string small = path + "/small_m";
        g.smallMSource = r.sourceKey(small + "/source");
        const int below = r.wholeNumber(small + "/below", 1);
        const std::vector<double>& m = axes[0];
        const double x = std::log2(below);
        const bool onAxis = std::any_of(m.begin() + 1, m.end(), [&](double v) { return std::abs(v - x) < 1e-9; });
        if (!onAxis) r.error(small + "/below", "expected one of the m values after the first, found " + std::to_string(below));
        else g.smallMBelow = below;
    }
    return g;
}

// Sets measuredSeqMax and beyondMeasured from the grids and their sources.
void labelBeyondMeasured(AttentionKernel& k)
{
    const std::vector<double>& seq = k.causal[0].axes[1];
    k.measuredSeqMax = seq.empty() ? 0.0 : std::exp2(seq.back());
    const std::string tokens = std::to_string(std::llround(k.measuredSeqMax));
    for (size_t p = 0; p < 2; ++p)
        k.beyondMeasured[p] = "extrapolated: " + k.source[p] + " beyond its largest measured sequence (" + tokens +
                              " tokens), at the efficiency measured there";
}

AttentionKernel readAttention(SpecReader& r, const std::string& path, const ComputeCalibration& c, std::string id)
{
    AttentionKernel k;
    k.id = std::move(id);
    const std::string source = r.sourceKey(path + "/source");
    k.source = {source, source};
    requireUnit(r, path + "/unit", "TFLOP/s");
    requirePeak(r, path + "/peak", "bf16");
    k.backend = r.optText(path + "/backend").value_or("");
    const std::array<std::vector<double>, 3> axes{readAxis(r, path + "/head_dim"), readAxis(r, path + "/seq_len"),
                                                  readAxis(r, path + "/heads")};
    const double peak = c.bf16Peak.value.si / 1e12;
    k.causal[0] = readGrid(r, path + "/forward", axes, 3, peak, {"head_dim", "seq_len", "heads"});
    k.causal[1] = readGrid(r, path + "/backward", axes, 3, peak, {"head_dim", "seq_len", "heads"});
    const std::string nc = path + "/non_causal";
    (void)r.sourceKey(nc + "/source");
    const double headDim = r.wholeNumber(nc + "/head_dim", 1), heads = r.wholeNumber(nc + "/heads", 1);
    const std::vector<double> seq = readAxis(r, nc + "/seq_len");
    for (size_t p = 0; p < 2; ++p) {
        LogGrid ratio =
            readGrid(r, nc + (p == 0 ? "/forward" : "/backward"), {seq, {0.0}, {0.0}}, 1, peak, {"seq_len", "", ""});
        if (k.causal[p].empty() || ratio.values.size() != seq.size()) continue;
        for (size_t i = 0; i < seq.size(); ++i)
            ratio.values[i] /= k.causal[p].at(headDim, std::exp2(seq[i]), heads);
        k.nonCausalRatio[p] = std::move(ratio);
    }
    labelBeyondMeasured(k);
    return k;
}

// The default kernel ("attention", with its "kernel" id) and the others
// measured on the same GPU ("attention_kernels": {id: table}).
void readAttentionKernels(SpecReader& r, ComputeCalibration& c)
{
    c.attention.push_back(readAttention(r, "/attention", c, r.text("/attention/kernel")));
    for (const std::string& id : r.objectKeys("/attention_kernels")) {
        if (c.attentionKernel(id) >= 0) {
            r.error("/attention_kernels/" + id, "expected a kernel id other than the default's, found \"" + id + "\" twice");
            continue;
        }
        c.attention.push_back(readAttention(r, "/attention_kernels/" + id, c, id));
    }
}

// One query per sequence over a KV cache (decode attention): achieved GB/s
// over the K and V bytes read, by head dim × KV length × batch, kept as
// fractions of the reference HBM bandwidth by head dim × KV length × streams
// (batch × kv_heads), with the label of the shapes it does not cover.
void readDecodeAttention(SpecReader& r, ComputeCalibration& c)
{
    const std::string path = "/decode_attention";
    DecodeAttentionTable& d = c.decodeAttention;
    d.source = r.sourceKey(path + "/source");
    requireUnit(r, path + "/unit", "GB/s");
    (void)r.optText(path + "/backend");
    const int heads = r.wholeNumber(path + "/heads", 1);
    const int kvHeads = r.wholeNumber(path + "/kv_heads", 1);
    std::array<std::vector<double>, 3> axes{readAxis(r, path + "/head_dim"), readAxis(r, path + "/kv_len"),
                                            readAxis(r, path + "/batch")};
    for (double& x : axes[2])
        x += std::log2(kvHeads);
    const double hbm = c.hbmBandwidth.value.si;
    d.fraction = readGrid(r, path + "/bandwidth", axes, 3, std::max(hbm, 1.0) / 1e9, {"head_dim", "kv_len", "batch"});
    if (d.fraction.empty()) return;
    if (std::any_of(d.fraction.values.begin(), d.fraction.values.end(), [](double f) { return f > 1; }))
        r.error(path + "/bandwidth", "expected at most the reference HBM bandwidth " +
                                         formatQuantity(D::ByteRate, hbm, 4) + " everywhere");
    auto range = [](const std::vector<double>& axis) {
        const std::string low = formatSignificant(std::exp2(axis.front()), 6);
        return axis.size() > 1 ? low + "-" + formatSignificant(std::exp2(axis.back()), 6) : low;
    };
    d.extrapolated = "decode-attention-extrapolated";
    c.sources[d.extrapolated] =
        std::string(kExtrapolationPrefix) + " one-query attention outside the shapes of source " + d.source +
        " (head dim " + range(axes[0]) + ", KV length " + range(axes[1]) + " tokens, " + range(axes[2]) +
        " sequence × KV-head streams per GPU, " + std::to_string(heads / kvHeads) +
        " query heads per KV head, one query per sequence, 16-bit KV cache): the bandwidth of the nearest measured "
        "shape, read at the pass's K and V bytes";
}

// The labels of the grouped GEMMs the grouped/dense table does not measure.
void labelGroupedLimits(ComputeCalibration& c)
{
    if (c.groupedOverDense.empty()) return;
    const std::vector<double>& axis = c.groupedOverDense.axes[0];
    const std::string range = formatSignificant(std::exp2(axis.front()), 6) + "-" + formatSignificant(std::exp2(axis.back()), 6);
    c.groupedExtrapolated = "grouped-extrapolated";
    c.groupedLowPrecision = "grouped-low-precision";
    c.sources[c.groupedExtrapolated] = std::string(kExtrapolationPrefix) + " grouped GEMM at a token count per expert outside the measured " + range +
                            " (source " + c.groupedSource + "); the grouped/dense ratio of the nearest measured count is held";
    c.sources[c.groupedLowPrecision] = "ScaleScope assumption: no FP8 or FP4 grouped GEMM was measured; the BF16 grouped/dense ratio "
                            "(source " + c.groupedSource + ", " + range + " tokens per expert) is applied to that precision's "
                            "dense GEMM curve";
}

void readMeasured(SpecReader& r, ComputeCalibration& c)
{
    c.bf16Peak = r.quantity<D::FlopRate>("/reference/bf16_peak");
    if (auto q = r.optQuantity<D::FlopRate>("/reference/fp8_peak")) c.fp8Peak = *q;
    if (auto q = r.optQuantity<D::FlopRate>("/reference/fp4_peak")) c.fp4Peak = *q;
    c.hbmBandwidth = r.quantity<D::ByteRate>("/reference/hbm_bandwidth");
    if (const auto layout = r.optText("/fp8_operand_layout")) {
        if (*layout == "tn-only") c.fp8TransposedCopies = true;
        else if (*layout != "any") r.error("/fp8_operand_layout", "expected \"tn-only\" or \"any\", found \"" + *layout + "\"");
    }
    const std::array<std::pair<const char*, const Sourced<FlopsPerSecond>*>, 3> gemms{
        {{"bf16", &c.bf16Peak}, {"fp8", &c.fp8Peak}, {"fp4", &c.fp4Peak}}};
    const std::array<GemmGrid*, 3> grids{&c.bf16, &c.fp8, &c.fp4};
    for (size_t i = 0; i < gemms.size(); ++i) {
        const std::string path = std::string("/gemm/") + gemms[i].first;
        if (!r.exists(path)) {
            if (i == 0) r.error(path, "expected the BF16 GEMM grid, found nothing");
            continue;
        }
        if (gemms[i].second->value.si <= 0) {
            r.error(path, std::string("expected /reference/") + gemms[i].first + "_peak for this grid, found nothing");
            continue;
        }
        *grids[i] = readGemm(r, path, gemms[i].first, gemms[i].second->value.si);
    }
    c.groupedSource = r.sourceKey("/grouped_gemm/source");
    // By tokens per expert, and (optional second axis) the expert's N·K weight elements.
    const bool byShape = r.exists("/grouped_gemm/expert_weight_elements");
    c.groupedOverDense = readGrid(r, "/grouped_gemm/grouped_over_dense",
                                  {readAxis(r, "/grouped_gemm/tokens_per_expert"),
                                   byShape ? readAxis(r, "/grouped_gemm/expert_weight_elements") : std::vector{0.0},
                                   {0.0}},
                                  byShape ? 2 : 1, 1.0, {"tokens_per_expert", "expert_weight_elements", ""});
    labelGroupedLimits(c);
    readAttentionKernels(r, c);
    if (r.exists("/decode_attention")) readDecodeAttention(r, c);
    for (size_t i = 0; i < kMemoryOpCount; ++i) {
        const std::string path = std::string("/memory_bandwidth/") + kMemoryKeys[i];
        if (i >= kFirstOptionalMemoryOp && !r.exists(path)) {
            c.memorySource[i] = c.memorySource[kPermuteMemoryOp];
            c.memoryFraction[i] = c.memoryFraction[kPermuteMemoryOp];
            continue;
        }
        const Sourced<Quantity<D::ByteRate>> bw = r.quantity<D::ByteRate>(path);
        c.memorySource[i] = bw.source;
        c.memoryMeasured[i] = true;
        if (c.hbmBandwidth.value.si <= 0) continue;
        c.memoryFraction[i] = bw.value.si / c.hbmBandwidth.value.si;
        if (c.memoryFraction[i] > 1)
            r.error(path + "/value", "expected at most the reference HBM bandwidth " +
                                         formatQuantity(D::ByteRate, c.hbmBandwidth.value.si, 4) + ", found " +
                                         formatQuantity(D::ByteRate, bw.value.si, 4));
    }
    c.launch = r.quantity<D::Time>("/kernel_launch");
    c.moeAuxiliaryLoss = r.count("/moe_load_imbalance/auxiliary_loss");
    c.moeLossFree = r.count("/moe_load_imbalance/loss_free");
    for (const auto* f : {&c.moeAuxiliaryLoss, &c.moeLossFree})
        if (f->value < 1)
            r.error(f == &c.moeLossFree ? "/moe_load_imbalance/loss_free/value"
                                        : "/moe_load_imbalance/auxiliary_loss/value",
                    "expected a max/mean ratio >= 1, found " + formatSignificant(f->value, 4));
}

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

// Keys the lookups return when a precision has no table of its own.
void addFallbacks(ComputeCalibration& c)
{
    auto key = [&](const char* k, const std::string& text) {
        if (!c.unsupportedSource.empty()) return c.unsupportedSource;
        c.sources.try_emplace(k, text);
        return std::string(k);
    };
    if (c.fp8.empty())
        c.fp8Fallback =
            key("fallback-fp8",
                "ScaleScope: " + c.name + " has no FP8 GEMM table; FP8 GEMMs use the BF16 table's fraction of peak");
    if (c.fp4.empty())
        c.fp4Fallback =
            key("fallback-fp4", "ScaleScope: " + c.name +
                                    " has no FP4 GEMM table; FP4 GEMMs use the FP8 table's fraction of peak "
                                    "(the BF16 one where there is no FP8 table)");
    c.sources.try_emplace("fallback-other", "ScaleScope: FP64, FP32, TF32 and FP6 GEMMs are not calibrated; they use "
                                            "the BF16 table's fraction of their own peak");
    c.otherFallback = "fallback-other";
}

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

ComputeCalibration readComputeCalibration(SpecReader& r)
{
    ComputeCalibration c;
    c.id = r.text("/id");
    c.name = r.text("/name");
    c.description = r.optText("/description").value_or("");
    c.sources = r.sources();
    c.architectures = r.textList("/architectures");
    if (r.exists("/carried_over"))
        readCarriedOver(r, c);
    else
        readMeasured(r, c);
    if (!c.carriedOver()) addFallbacks(c);
    return c;
}

void resolveCarryOver(ComputeCalibration& t, const ComputeCalibration& base)
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
    addFallbacks(t);
}

namespace {
bool sameIgnoringCase(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}
} // namespace

int ComputeCalibration::attentionKernel(std::string_view kernel) const noexcept
{
    for (size_t i = 0; i < attention.size(); ++i)
        if (sameIgnoringCase(attention[i].id, kernel)) return static_cast<int>(i);
    return -1;
}

bool appliesTo(const ComputeCalibration& c, std::string_view architecture) noexcept
{
    return std::any_of(c.architectures.begin(), c.architectures.end(),
                       [&](const std::string& a) { return sameIgnoringCase(a, architecture); });
}

} // namespace scalescope

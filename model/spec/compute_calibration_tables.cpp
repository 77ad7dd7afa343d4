#include "model/spec/compute_calibration_tables.h"

#include "model/spec/quantity_parser.h"
#include "model/spec/spec_reader.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

using D = Dimension;
constexpr std::array<const char*, 3> kPassKeys{"forward", "data_grad", "weight_grad"};
// The prefix that marks a source as an extrapolation (core/row_provenance.h kExtrapolationLabel).
constexpr const char* kExtrapolationPrefix = "ScaleScope extrapolation:";

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

} // namespace

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

void readGemmGrids(SpecReader& r, ComputeCalibration& c)
{
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
}

void readGroupedGemm(SpecReader& r, ComputeCalibration& c)
{
    c.groupedSource = r.sourceKey("/grouped_gemm/source");
    // By tokens per expert, and (optional second axis) the expert's N·K weight elements.
    const bool byShape = r.exists("/grouped_gemm/expert_weight_elements");
    c.groupedOverDense = readGrid(r, "/grouped_gemm/grouped_over_dense",
                                  {readAxis(r, "/grouped_gemm/tokens_per_expert"),
                                   byShape ? readAxis(r, "/grouped_gemm/expert_weight_elements") : std::vector{0.0},
                                   {0.0}},
                                  byShape ? 2 : 1, 1.0, {"tokens_per_expert", "expert_weight_elements", ""});
    labelGroupedLimits(c);
}

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

} // namespace scalescope

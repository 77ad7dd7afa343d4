#include "model/compute/kernel_efficiency.h"

#include "model/compute/forced_routing_imbalance.h"

#include "model/spec/compute_calibration.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

// The hot path of the training step (~30-40 calls per evaluation): no
// allocation, no map or string look-ups, a few log2s and one trilinear blend.
namespace scalescope {

static_assert(static_cast<int>(MemoryOp::RouterTopK) + 1 == kMemoryOpCount, "one calibrated fraction per MemoryOp");

namespace {

// log2 to ~1e-3, exact at powers of two (every grid axis here is one):
// exponent from the bits, a cubic through (1, 0) and (2, 1) for the mantissa.
inline double fastLog2(double x) noexcept
{
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const auto exponent = static_cast<std::uint32_t>(bits >> 52); // sign bit included: negatives fail below
    if (exponent - 1 >= 0x7fe) return x > 1 ? 1e300 : -1e300;     // 0, subnormal, inf, NaN, < 0: an edge
    const double f = std::bit_cast<double>((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL) - 1.0;
    constexpr double c1 = 1.4208645374301365, c2 = -0.577250650806566, c3 = 1.0 - c1 - c2;
    return static_cast<double>(static_cast<int>(exponent) - 1023) + f * (c1 + f * (c2 + f * c3));
}

// A measured fraction of peak, guarded against zero and > 1 (the smallest
// measured one, the weight grad of a BF16 GEMM of M = 1, N = K = 512, is
// 1.7e-4 of the peak).
inline double fraction(double f) noexcept
{
    return std::clamp(f, 1e-6, 1.0);
}

} // namespace

bool LogGrid::prepare()
{
    // Resample uneven axes onto their smallest log2 gap (exact for piecewise-linear data).
    for (size_t a = 0; a < 3; ++a) {
        const std::vector<double> ax = axes[a];
        if (ax.size() < 2) continue;
        double gap = ax[1] - ax[0];
        for (size_t i = 1; i < ax.size(); ++i)
            gap = std::min(gap, ax[i] - ax[i - 1]);
        const double steps = (ax.back() - ax.front()) / gap;
        if (std::abs(steps - std::round(steps)) > 1e-6) return false;
        const size_t n = static_cast<size_t>(std::llround(steps)) + 1;
        if (n == ax.size()) continue;
        for (size_t i = 1; i < ax.size(); ++i) {
            const double k = (ax[i] - ax[0]) / gap;
            if (std::abs(k - std::round(k)) > 1e-6) return false;
        }
        std::vector<double> even(n);
        for (size_t i = 0; i < n; ++i)
            even[i] = ax[0] + gap * static_cast<double>(i);
        std::array<size_t, 3> size{axes[0].size(), axes[1].size(), axes[2].size()};
        std::array<size_t, 3> newSize = size;
        newSize[a] = n;
        std::vector<double> out(newSize[0] * newSize[1] * newSize[2]);
        for (size_t i0 = 0; i0 < newSize[0]; ++i0)
            for (size_t i1 = 0; i1 < newSize[1]; ++i1)
                for (size_t i2 = 0; i2 < newSize[2]; ++i2) {
                    std::array<size_t, 3> idx{i0, i1, i2};
                    const double l = even[idx[a]];
                    size_t j = 1;
                    while (j < ax.size() - 1 && ax[j] < l)
                        ++j;
                    const double t = (l - ax[j - 1]) / (ax[j] - ax[j - 1]);
                    std::array<size_t, 3> lo = idx, hi = idx;
                    lo[a] = j - 1;
                    hi[a] = j;
                    auto v = [&](const std::array<size_t, 3>& q) {
                        return values[(q[0] * size[1] + q[1]) * size[2] + q[2]];
                    };
                    out[(i0 * newSize[1] + i1) * newSize[2] + i2] = v(lo) + (v(hi) - v(lo)) * t;
                }
        axes[a] = std::move(even);
        values = std::move(out);
    }
    const std::array<size_t, 3> n{axes[0].size(), axes[1].size(), axes[2].size()};
    stride = {n[1] * n[2], n[2], 1};
    for (size_t a = 0; a < 3; ++a) {
        first[a] = axes[a].front();
        inverseStep[a] = n[a] > 1 ? static_cast<double>(n[a] - 1) / (axes[a].back() - axes[a].front()) : 0.0;
        last[a] = n[a] > 1 ? static_cast<double>(n[a] - 1) - 1e-12 : 0.0;
        upper[a] = n[a] > 1 ? stride[a] : 0;
    }
    return true;
}

double LogGrid::at(double x0, double x1, double x2) const noexcept
{
    // Cell and position on each axis: u in [0, n - 1), clamped (NaN -> 0).
    auto cell = [&](size_t a, double x, size_t& index, double& t) {
        double u = (fastLog2(x) - first[a]) * inverseStep[a];
        u = u > 0 ? u : 0.0;
        u = u < last[a] ? u : last[a];
        const int i = static_cast<int>(u); // 0 <= u < n - 1
        t = u - static_cast<double>(i);
        index = static_cast<size_t>(i) * stride[a];
    };
    size_t i0, i1, i2;
    double t0, t1, t2;
    cell(0, x0, i0, t0);
    cell(1, x1, i1, t1);
    cell(2, x2, i2, t2);
    const double* v = values.data() + i0 + i1 + i2;
    const size_t d0 = upper[0], d1 = upper[1], d2 = upper[2];
    auto lerp = [](double p, double q, double w) { return p + (q - p) * w; };
    const double c00 = lerp(v[0], v[d2], t2);
    const double c01 = lerp(v[d1], v[d1 + d2], t2);
    const double c10 = lerp(v[d0], v[d0 + d2], t2);
    const double c11 = lerp(v[d0 + d1], v[d0 + d1 + d2], t2);
    return lerp(lerp(c00, c01, t1), lerp(c10, c11, t1), t0);
}

void LogGrid::scaleClamped(double factor) noexcept
{
    for (double& v : values)
        v = std::min(1.0, v * factor);
}

namespace {

// The grid for a precision, and the fallback source key when it is not its own.
const GemmGrid* gemmGrid(const ComputeCalibration& c, Precision p, const std::string*& fallback) noexcept
{
    switch (p) {
    case Precision::Bf16:
    case Precision::Fp16: return &c.bf16;
    case Precision::Fp8:
        if (!c.fp8.empty()) return &c.fp8;
        fallback = &c.fp8Fallback;
        return &c.bf16;
    case Precision::Fp4:
        if (!c.fp4.empty()) return &c.fp4;
        fallback = &c.fp4Fallback;
        return c.fp8.empty() ? &c.bf16 : &c.fp8;
    case Precision::Fp6:
    case Precision::Fp32:
    case Precision::Tf32:
    case Precision::Fp64:
    case Precision::Fp64Tensor: break;
    }
    fallback = &c.otherFallback;
    return &c.bf16;
}

} // namespace

Efficiency gemmEfficiency(const ComputeCalibration& c, Precision precision, GemmPass pass, double m, double n,
                          double k) noexcept
{
    const std::string* fallback = nullptr;
    const GemmGrid* g = gemmGrid(c, precision, fallback);
    if (g->empty()) return {1.0, &c.theoreticalSource};
    const std::string* own = m < g->smallMBelow ? &g->smallMSource : &g->source;
    return {fraction(g->pass[static_cast<size_t>(pass)].at(m, n, k)), fallback ? fallback : own};
}

double gemmSmallMRooflineRatio(const ComputeCalibration& c, Precision precision, double m, double flops, double bytes,
                               FlopsPerSecond peak, BytesPerSecond hbm) noexcept
{
    const std::string* fallback = nullptr;
    const GemmGrid* g = gemmGrid(c, precision, fallback);
    const double referencePeak = gemmReferencePeak(c, precision).si, referenceHbm = c.hbmBandwidth.value.si;
    if (fallback || !(m < g->smallMBelow) || referencePeak <= 0 || referenceHbm <= 0 || peak.si <= 0 || hbm.si <= 0)
        return 1.0;
    const double here = std::max(flops / peak.si, bytes / hbm.si);
    const double measured = std::max(flops / referencePeak, bytes / referenceHbm);
    return measured > 0 ? here / measured : 1.0;
}

FlopsPerSecond gemmReferencePeak(const ComputeCalibration& c, Precision precision) noexcept
{
    const std::string* fallback = nullptr;
    const GemmGrid* g = gemmGrid(c, precision, fallback);
    if (g == &c.fp8) return c.fp8Peak.value;
    if (g == &c.fp4) return c.fp4Peak.value;
    return c.bf16Peak.value;
}

double gemmSmallestMeasuredTokens(const ComputeCalibration& c, Precision precision) noexcept
{
    const std::string* fallback = nullptr;
    const GemmGrid* g = gemmGrid(c, precision, fallback);
    return g->empty() ? 0.0 : std::exp2(g->pass[0].axes[0].front());
}

double groupedGemmSmallestMeasuredTokens(const ComputeCalibration& c, Precision precision) noexcept
{
    if (c.groupedOverDense.empty()) return gemmSmallestMeasuredTokens(c, precision);
    return std::exp2(c.groupedOverDense.axes[0].front());
}

bool groupedGemmExtrapolated(const ComputeCalibration& c, double tokensPerExpert) noexcept
{
    if (c.groupedOverDense.empty() || c.groupedExtrapolated.empty() || tokensPerExpert <= 0) return false;
    const double x = std::log2(tokensPerExpert), eps = 1e-9;
    const std::vector<double>& axis = c.groupedOverDense.axes[0];
    return x < axis.front() - eps || x > axis.back() + eps;
}

Efficiency groupedGemmEfficiency(const ComputeCalibration& c, Precision precision, GemmPass pass,
                                 double tokensPerExpert, double n, double k, int experts) noexcept
{
    // One dense GEMM over all local tokens, times the measured grouped/dense ratio.
    const Efficiency dense = gemmEfficiency(c, precision, pass, tokensPerExpert * std::max(experts, 1), n, k);
    if (c.groupedOverDense.empty()) return dense;
    const double ratio = std::min(1.0, c.groupedOverDense.at(tokensPerExpert, n * k));
    // Outside the measured token counts, or at a precision the table did not
    // measure, the row says so; measured BF16 cites the grouped measurement;
    // otherwise the grid's own (carried or fallback) source.
    if (groupedGemmExtrapolated(c, tokensPerExpert)) return {fraction(dense.fraction * ratio), &c.groupedExtrapolated};
    const bool bf16Own = dense.source == &c.bf16.source || dense.source == &c.bf16.smallMSource;
    if (precision != Precision::Bf16 && precision != Precision::Fp16 && !bf16Own)
        return {fraction(dense.fraction * ratio), &c.groupedLowPrecision};
    const bool measured = !c.carriedOver() && bf16Own;
    return {fraction(dense.fraction * ratio), measured ? &c.groupedSource : dense.source};
}

Efficiency attentionEfficiency(const ComputeCalibration& c, AttentionPass pass, double headDim, double seqLen,
                               double heads, bool causal, int kernel) noexcept
{
    const size_t p = static_cast<size_t>(pass);
    if (kernel < 0 || static_cast<size_t>(kernel) >= c.attention.size()) kernel = 0;
    if (c.attention.empty() || c.attention[static_cast<size_t>(kernel)].causal[p].empty())
        return {1.0, &c.theoreticalSource};
    const AttentionKernel& k = c.attention[static_cast<size_t>(kernel)];
    double f = k.causal[p].at(headDim, seqLen, heads);
    if (!causal && !k.nonCausalRatio[p].empty()) f *= k.nonCausalRatio[p].at(seqLen);
    // Past the table's longest sequence the grid holds its edge: labelled so.
    const bool beyond = seqLen > k.measuredSeqMax * (1 + 1e-9) && !k.beyondMeasured[p].empty();
    return {fraction(f), beyond ? &k.beyondMeasured[p] : &k.source[p]};
}

bool decodeAttentionMeasured(const ComputeCalibration& c) noexcept
{
    return !c.decodeAttention.empty();
}

Efficiency decodeAttentionBandwidthFraction(const ComputeCalibration& c, double headDim, double kvLen, double streams,
                                            bool measuredKind) noexcept
{
    const DecodeAttentionTable& d = c.decodeAttention;
    if (d.empty()) return memoryBandwidthFraction(c, MemoryOp::Permute);
    const LogGrid& g = d.fraction;
    auto inside = [&](size_t a, double x) {
        const double l = std::log2(x), eps = 1e-9;
        return x > 0 && l >= g.axes[a].front() - eps && l <= g.axes[a].back() + eps;
    };
    const bool measured = measuredKind && inside(0, headDim) && inside(1, kvLen) && inside(2, streams);
    return {fraction(g.at(headDim, kvLen, streams)), measured ? &d.source : &d.extrapolated};
}

Efficiency memoryBandwidthFraction(const ComputeCalibration& c, MemoryOp op) noexcept
{
    const size_t i = static_cast<size_t>(op);
    if (c.memorySource[i].empty()) return {1.0, &c.theoreticalSource};
    return {fraction(c.memoryFraction[i]), &c.memorySource[i]};
}

bool memoryOpMeasured(const ComputeCalibration& c, MemoryOp op) noexcept
{
    return c.memoryMeasured[static_cast<size_t>(op)];
}

Seconds kernelLaunchCost(const ComputeCalibration& c) noexcept
{
    return c.launch.value;
}

Factor moeLoadImbalance(const ComputeCalibration& c, MoeBalancing balancing, double rowsPerRank, double ranks) noexcept
{
    if (balancing == MoeBalancing::Forced) return forcedRoutingImbalance(rowsPerRank, ranks);
    const Sourced<double>& f = balancing == MoeBalancing::LossFree ? c.moeLossFree : c.moeAuxiliaryLoss;
    if (f.source.empty()) return {1.0, &c.theoreticalSource};
    return {f.value, &f.source};
}

} // namespace scalescope

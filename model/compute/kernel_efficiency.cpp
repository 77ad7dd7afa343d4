#include "model/compute/kernel_efficiency.h"

#include "model/compute/compute_calibration.h"

#include <algorithm>
#include <cmath>

// The hot path of the training step (~30-40 calls per evaluation): no
// allocation, no map or string look-ups, a few log2s and one trilinear blend.
namespace scalescope {

static_assert(static_cast<int>(MemoryOp::Optimizer) + 1 == kMemoryOpCount, "one calibrated fraction per MemoryOp");

namespace {

// Cell index and weight of log2 value x on an ascending axis, clamped.
inline void locate(const std::vector<double>& axis, double x, size_t& i, double& t) noexcept
{
    const size_t n = axis.size();
    if (n == 1 || !(x > axis[0])) { // also NaN
        i = 0;
        t = 0;
        return;
    }
    if (x >= axis[n - 1]) {
        i = n - 2;
        t = 1;
        return;
    }
    size_t j = 1;
    while (axis[j] < x)
        ++j;
    i = j - 1;
    t = (x - axis[i]) / (axis[j] - axis[i]);
}

inline double fraction(double f) noexcept
{
    return std::clamp(f, 1e-3, 1.0);
}

} // namespace

double LogGrid::at(double x0, double x1, double x2) const noexcept
{
    std::array<size_t, 3> i{};
    std::array<double, 3> t{};
    locate(axes[0], std::log2(x0), i[0], t[0]);
    locate(axes[1], axes[1].size() > 1 ? std::log2(x1) : 0.0, i[1], t[1]);
    locate(axes[2], axes[2].size() > 1 ? std::log2(x2) : 0.0, i[2], t[2]);
    const size_t n1 = axes[1].size(), n2 = axes[2].size();
    // The upper neighbour of a size-1 axis is the cell itself (weight 0 anyway).
    const size_t j0 = i[0] + (axes[0].size() > 1), j1 = i[1] + (n1 > 1), j2 = i[2] + (n2 > 1);
    auto v = [&](size_t a, size_t b, size_t c) { return values[(a * n1 + b) * n2 + c]; };
    auto lerp = [](double a, double b, double w) { return a + (b - a) * w; };
    const double c00 = lerp(v(i[0], i[1], i[2]), v(i[0], i[1], j2), t[2]);
    const double c01 = lerp(v(i[0], j1, i[2]), v(i[0], j1, j2), t[2]);
    const double c10 = lerp(v(j0, i[1], i[2]), v(j0, i[1], j2), t[2]);
    const double c11 = lerp(v(j0, j1, i[2]), v(j0, j1, j2), t[2]);
    return lerp(lerp(c00, c01, t[1]), lerp(c10, c11, t[1]), t[0]);
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
    return {fraction(g->pass[static_cast<size_t>(pass)].at(m, n, k)), fallback ? fallback : &g->source};
}

Efficiency groupedGemmEfficiency(const ComputeCalibration& c, Precision precision, GemmPass pass,
                                 double tokensPerExpert, double n, double k, int experts) noexcept
{
    // One dense GEMM over all local tokens, times the measured grouped/dense ratio.
    const Efficiency dense = gemmEfficiency(c, precision, pass, tokensPerExpert * std::max(experts, 1), n, k);
    if (c.groupedOverDense.empty()) return dense;
    const double ratio = std::min(1.0, c.groupedOverDense.at(tokensPerExpert));
    return {fraction(dense.fraction * ratio), dense.source == &c.bf16.source ? &c.groupedSource : dense.source};
}

Efficiency attentionEfficiency(const ComputeCalibration& c, AttentionPass pass, double headDim, double seqLen,
                               double heads, bool causal) noexcept
{
    const size_t p = static_cast<size_t>(pass);
    if (c.attention[p].empty()) return {1.0, &c.theoreticalSource};
    double f = c.attention[p].at(headDim, seqLen, heads);
    if (!causal && !c.nonCausalRatio[p].empty()) f *= c.nonCausalRatio[p].at(seqLen);
    return {fraction(f), &c.attentionSource[p]};
}

Efficiency memoryBandwidthFraction(const ComputeCalibration& c, MemoryOp op) noexcept
{
    const size_t i = static_cast<size_t>(op);
    if (c.memorySource[i].empty()) return {1.0, &c.theoreticalSource};
    return {fraction(c.memoryFraction[i]), &c.memorySource[i]};
}

Seconds kernelLaunchCost(const ComputeCalibration& c) noexcept
{
    return c.launch.value;
}

Factor moeLoadImbalance(const ComputeCalibration& c, MoeBalancing balancing) noexcept
{
    const Sourced<double>& f = balancing == MoeBalancing::LossFree ? c.moeLossFree : c.moeAuxiliaryLoss;
    if (f.source.empty()) return {1.0, &c.theoreticalSource};
    return {f.value, &f.source};
}

} // namespace scalescope

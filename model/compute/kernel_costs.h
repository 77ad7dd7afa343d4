#pragma once
// The cost of kernels on one GPU, for any mode (the passes of a training
// step, an inference prefill or decode step): measured efficiencies in
// measured mode, the pure roofline (peak FLOP/s, nominal HBM bandwidth, no
// launch cost) otherwise. Built from a small setup — the GPU's peaks and HBM
// bandwidth, its kernel calibration, the GEMM precision, the attention
// kernel — and costed per pass shape, not from a whole evaluation context.
//
//   kernel:  time = max(flops / (peak · efficiency), bytes / HBM) + launch
//   memory-bound kernel: time = bytes / (HBM · efficiency) + launch
// A row (core/operation_table.h) sums one or more kernels.

#include "model/compute/kernel_efficiency.h"
#include "model/core/operation_table.h"
#include "model/spec/hardware_specs.h"

#include <algorithm>
#include <string>

namespace scalescope {

struct KernelSetup {
    const ComputeCalibration* compute = nullptr; // the GPU family's kernel speeds (all 1 when it has none)
    bool measured = true;                        // calibrated efficiencies and launch cost; else the pure roofline
    Precision precision = Precision::Bf16;       // of the GEMM operands
    FlopsPerSecond gemmPeak{};                   // dense Tensor Core peak at `precision`
    FlopsPerSecond attentionPeak{};              // dense BF16 peak: fused attention runs in 16-bit
    BytesPerSecond hbm{};                        // nominal HBM bandwidth
    int attentionKernel = 0;                     // index into compute->attention (0: the family's default)
    bool operator==(const KernelSetup&) const = default;
};

// The setup of `gpu` at `precision`. Precondition: the GPU has a dense
// Tensor Core peak at `precision` and at BF16 (resolving a scenario checks).
[[nodiscard]] KernelSetup kernelSetup(const GpuSpec& gpu, const ComputeCalibration& compute, EfficiencyMode mode,
                                      Precision precision, int attentionKernel = 0) noexcept;

// The shape of one pass over a layer on one GPU: the tokens it runs (a
// training micro-batch's b·s/cp, a prefill's prompt tokens, a decode step's
// batch), the sequence length its attention sees (a training or prefill
// sequence, a decode step's KV-cache length) and the sequences in it.
struct PassShape {
    double tokens = 0;
    double seqLen = 0;
    double batch = 0;
};

// Activations and their gradients are 16-bit (BF16) between kernels and on the wire.
inline constexpr double kActivationBytes = 2;

class KernelCosts {
public:
    explicit KernelCosts(const KernelSetup& setup) noexcept
        : m_setup(setup), m_launch(setup.measured ? kernelLaunchCost(*setup.compute) : Seconds{}),
          m_inputBytes(bytesPerElement(setup.precision))
    {
    }

    // Accumulates one or more kernels into one row.
    struct Acc {
        double flops = 0, bytes = 0;
        Seconds time{};
        const std::string* source = nullptr;
        int kernels = 0;
    };

    // One GEMM pass of a linear layer, M tokens × N outputs × K inputs.
    void gemm(Acc& a, GemmPass pass, double m, double n, double k) const noexcept
    {
        if (m <= 0 || n <= 0 || k <= 0) return;
        const double flops = 2 * m * n * k;
        const double bytes = (m * k + n * k) * m_inputBytes + m * n * kActivationBytes;
        const Efficiency e =
            m_setup.measured ? gemmEfficiency(*m_setup.compute, m_setup.precision, pass, m, n, k) : Efficiency{};
        add(a, flops, bytes, roofline(flops, m_setup.gemmPeak, e.fraction, bytes), e.source);
    }
    // An inference GEMM (a prefill's or a decode step's tokens). Measured M:
    // as gemm(), and from the grid's small-M (decode) rows the measured time
    // carried along the roofline (gemmSmallMRooflineRatio). M below the
    // smallest M the calibration measured: the larger of its FLOPs at the
    // table's edge efficiency and its bytes (mostly the weights) at the
    // achievable bandwidth of `copy`, the measured device-to-device copy, an
    // extrapolation: true when it applied (the caller labels the row).
    bool gemmBelowMeasured(Acc& a, GemmPass pass, double m, double n, double k, MemoryOp copy) const noexcept
    {
        if (!m_setup.measured || m <= 0 || n <= 0 || k <= 0) {
            gemm(a, pass, m, n, k);
            return false;
        }
        const double flops = 2 * m * n * k;
        const double bytes = (m * k + n * k) * m_inputBytes + m * n * kActivationBytes;
        if (m >= gemmSmallestMeasuredTokens(*m_setup.compute, m_setup.precision)) {
            const double ratio = gemmSmallMRooflineRatio(*m_setup.compute, m_setup.precision, m, flops, bytes,
                                                         m_setup.gemmPeak, m_setup.hbm);
            if (ratio == 1.0) {
                gemm(a, pass, m, n, k);
                return false;
            }
            const Efficiency e = gemmEfficiency(*m_setup.compute, m_setup.precision, pass, m, n, k);
            const FlopsPerSecond reference = gemmReferencePeak(*m_setup.compute, m_setup.precision);
            add(a, flops, bytes, Seconds{flops / (reference.si * e.fraction) * ratio}, e.source);
            return false;
        }
        const Efficiency e = gemmEfficiency(*m_setup.compute, m_setup.precision, pass, m, n, k);
        const Efficiency bw = memoryBandwidthFraction(*m_setup.compute, copy);
        const Seconds t =
            std::max(Seconds{flops / (m_setup.gemmPeak.si * e.fraction)}, Bytes{bytes} / (m_setup.hbm * bw.fraction));
        add(a, flops, bytes, t, bw.source);
        return true;
    }
    // `experts` GEMMs of tokensPerExpert × N × K in one grouped kernel, its
    // efficiency times `balance` (mean over busiest expert's tokens).
    void groupedGemm(Acc& a, GemmPass pass, double tokensPerExpert, double n, double k, int experts,
                     double balance) const noexcept
    {
        if (tokensPerExpert <= 0 || n <= 0 || k <= 0 || experts <= 0) return;
        const double flops = 2 * tokensPerExpert * n * k * experts;
        const double bytes =
            experts * ((tokensPerExpert * k + n * k) * m_inputBytes + tokensPerExpert * n * kActivationBytes);
        const Efficiency e = m_setup.measured ? groupedGemmEfficiency(*m_setup.compute, m_setup.precision, pass,
                                                                      tokensPerExpert, n, k, experts)
                                              : Efficiency{};
        add(a, flops, bytes, roofline(flops, m_setup.gemmPeak, e.fraction * balance, bytes), e.source);
    }
    // Fused attention of `flops` and `bytes` over `heads` heads of headDim at
    // sequence length `seq`, causal or not (the table's non-causal ratio).
    void attention(Acc& a, AttentionPass pass, double flops, double bytes, double headDim, double seq, double heads,
                   bool causal = true) const noexcept
    {
        if (flops <= 0) return;
        const Efficiency e = m_setup.measured ? attentionEfficiency(*m_setup.compute, pass, headDim, seq, heads, causal,
                                                                    m_setup.attentionKernel)
                                              : Efficiency{};
        add(a, flops, bytes, roofline(flops, m_setup.attentionPeak, e.fraction, bytes), e.source);
        if (isExtrapolation(e.source)) a.source = e.source; // a row with an extrapolated call says so
    }
    // One-query (decode) attention moving `bytes` (its K and V reads, queries
    // and outputs) at the measured decode-attention bandwidth of `streams`
    // (sequences × KV heads on the GPU) of `kvLen` tokens at `headDim`
    // (decodeAttentionBandwidthFraction). Theoretical mode: the roofline.
    void decodeAttention(Acc& a, double bytes, double headDim, double kvLen, double streams,
                         bool measuredKind) const noexcept
    {
        if (bytes <= 0) return;
        const Efficiency e = m_setup.measured ? decodeAttentionBandwidthFraction(*m_setup.compute, headDim, kvLen,
                                                                                 streams, measuredKind)
                                              : Efficiency{};
        add(a, 0, bytes, Bytes{bytes} / (m_setup.hbm * e.fraction), e.source);
    }
    void memory(Acc& a, MemoryOp op, double bytes) const noexcept
    {
        if (bytes <= 0) return;
        const Efficiency e = m_setup.measured ? memoryBandwidthFraction(*m_setup.compute, op) : Efficiency{};
        add(a, 0, bytes, Bytes{bytes} / (m_setup.hbm * e.fraction), e.source);
    }
    // `kernels` memory-bound kernels of `op` moving `bytes` in all (each
    // kernel's launch cost added); a row's source set before stays its source.
    void memoryKernels(Acc& a, MemoryOp op, double bytes, int kernels) const noexcept
    {
        if (bytes <= 0 || kernels <= 0) return;
        memory(a, op, bytes);
        a.time += m_launch * (kernels - 1);
        a.kernels += kernels - 1;
    }
    [[nodiscard]] double inputBytes() const noexcept { return m_inputBytes; }
    [[nodiscard]] bool measured() const noexcept { return m_setup.measured; }

    // A compute row of the accumulated kernels. Its efficiency is the one
    // actually applied: achieved FLOP/s (bytes/s for memory-bound rows) over
    // the nominal peak, launch cost included.
    [[nodiscard]] OpRow row(const Acc& a, OpKind op, Phase phase, OpScope scope, OpBound bound,
                            double count) const noexcept
    {
        double eff = 1;
        if (a.time.si > 0) {
            const FlopsPerSecond peak = bound == OpBound::Attention ? m_setup.attentionPeak : m_setup.gemmPeak;
            eff = bound == OpBound::Memory ? a.bytes / (a.time.si * m_setup.hbm.si) : a.flops / (a.time.si * peak.si);
        }
        return {op,       phase,  OpStream::Compute, scope, bound, count, Flops{a.flops}, Bytes{a.bytes}, eff,
                a.source, a.time, Seconds{}};
    }

private:
    Seconds roofline(double flops, FlopsPerSecond peak, double efficiency, double bytes) const noexcept
    {
        return std::max(Seconds{flops / (peak.si * efficiency)}, Bytes{bytes} / m_setup.hbm);
    }
    void add(Acc& a, double flops, double bytes, Seconds t, const std::string* source) const noexcept
    {
        a.flops += flops;
        a.bytes += bytes;
        a.time += t + m_launch;
        if (!a.source) a.source = source;
        ++a.kernels;
    }

    KernelSetup m_setup;
    Seconds m_launch;
    double m_inputBytes; // GEMM operand bytes at the setup's precision
};

} // namespace scalescope

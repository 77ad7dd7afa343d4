#include "model/training/context_parallel_attention.h"

#include "model/training/layer_kernels.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

double cpKvWidth(const ModelSpec& m, int tp) noexcept
{
    const double tpShare = std::min<double>(tp, m.kvHeads.value);
    return m.mla ? m.mla->kvLoraRank.value + m.mla->qkRopeHeadDim.value
                 : 2.0 * m.kvHeads.value * m.headDim.value / tpShare;
}

int cpAttentionCalls(int cp, CpComm comm) noexcept
{
    if (cp <= 1) return 1;
    return comm == CpComm::AllGather ? 2 : cp;
}

double cpBufferBytes(const ModelSpec& m, const ParallelLayout& p, int seqLen, CpComm comm) noexcept
{
    if (p.cp <= 1) return 0;
    const double tokens = static_cast<double>(p.microbatchSize) * seqLen / p.cp;
    const double chunk = tokens * cpKvWidth(m, p.tp) * kActivationBytes, cp = p.cp;
    switch (comm) {
    case CpComm::P2p: return 4 * chunk;
    case CpComm::AllGather: return 2 * cp * chunk;
    case CpComm::RingAllGather: {
        const double dq = tokens * m.heads.value * m.headDim.value / p.tp * 4; // fp32
        return cp * chunk + 2 * (2 * chunk) + 2 * chunk + dq;
    }
    }
    return 0;
}

double cpForwardMergeBytes(const CpAttentionShape& s) noexcept
{
    if (s.cp <= 1 || s.comm == CpComm::AllGather) return 0;
    const double merges = s.cp - 1.0, o = s.outputElements, lse = s.lseElements;
    if (s.comm == CpComm::RingAllGather) {
        // PyTorch's _SDPAMerger (convert_to_f32), eager kernels per merge on
        // the last rank (whose steps all merge whole outputs): the step output
        // cast to fp32 (2 + 4 B), out − block_out (4 + 4 + 4), times
        // sigmoid(Δlse) (4 + 4), out − that (4 + 4 + 4): 38 B per element; the
        // first output's cast up and the result's cast down once (6 + 6).
        return merges * (38 * o + 3 * 4 * lse) + 12 * o;
    }
    // Transformer Engine's fused correction: the step's output read, the
    // running output read and written, 16-bit; the fp32 LSEs read twice, written once.
    return merges * (3 * kActivationBytes * o + 3 * 4 * lse);
}

double cpBackwardMergeBytes(const CpAttentionShape& s) noexcept
{
    if (s.cp <= 1 || s.comm == CpComm::AllGather) return 0;
    const double q = s.queryElements, kv = s.kvElements;
    if (s.comm == CpComm::RingAllGather) {
        // _templated_ring_attention_backward: dQ, dK and dV accumulated in
        // fp32 every step (the running sum read and written, the step's
        // 16-bit gradient read: 10 B), dK and dV concatenated for the next
        // send (4 + 4); zero-filled first (4) and cast down last (4 + 2).
        return s.cp * (10 * q + 18 * kv) + 10 * (q + kv);
    }
    // Transformer Engine: dQ and the passed dK/dV accumulated in 16 bits,
    // after every step but the first (step gradient and running sum read, sum written).
    return (s.cp - 1.0) * 3 * kActivationBytes * (q + kv);
}

void addContextParallelAttention(const KernelCosts& kc, const CpAttentionShape& s, OpScope scope, LayerKernels& t)
{
    using Acc = KernelCosts::Acc;
    constexpr double layers = 1;
    // Backward is 2.5× the forward FLOPs (it recomputes the scores), as measured.
    constexpr double backwardFlops = 2.5;
    Acc f, b;
    auto call = [&](double share, double seq, bool causal) {
        kc.attention(f, AttentionPass::Forward, s.flops * share, s.bytes, s.headDim, seq, s.heads, causal);
        kc.attention(b, AttentionPass::Backward, backwardFlops * s.flops * share, 2 * s.bytes, s.headDim, seq, s.heads,
                     causal);
    };
    const double cp = s.cp;
    if (s.cp <= 1) {
        call(1, s.seqLen, true);
    } else if (s.comm == CpComm::AllGather) {
        // Two query chunks of c = s/(2·cp), each over ~s/2 keys on average.
        const double chunk = s.seqLen / (2 * cp);
        for (int i = 0; i < 2; ++i)
            call(0.5, std::sqrt(chunk * s.seqLen / 2), false);
    } else {
        call(1 / cp, s.seqLen / cp, true);
        const double offDiagonal = s.seqLen / cp / std::sqrt(2.0); // √(s/cp · s/(2·cp))
        for (int i = 1; i < s.cp; ++i)
            call(1 / cp, offDiagonal, false);
    }
    t.add(kc.row(f, OpKind::AttentionCore, Phase::Forward, scope, OpBound::Attention, layers));
    t.add(kc.row(b, OpKind::AttentionCore, Phase::Backward, scope, OpBound::Attention, layers));
    t.add(kc.row(f, OpKind::AttentionCore, Phase::Recompute, scope, OpBound::Attention, layers));

    Acc mf, mb;
    kc.memory(mf, MemoryOp::Residual, cpForwardMergeBytes(s));
    kc.memory(mb, MemoryOp::Residual, cpBackwardMergeBytes(s));
    if (mf.kernels) {
        t.add(kc.row(mf, OpKind::CpMerge, Phase::Forward, scope, OpBound::Memory, layers));
        t.add(kc.row(mf, OpKind::CpMerge, Phase::Recompute, scope, OpBound::Memory, layers));
    }
    if (mb.kernels) t.add(kc.row(mb, OpKind::CpMerge, Phase::Backward, scope, OpBound::Memory, layers));
}

} // namespace scalescope

#include "model/inference/inference_passes.h"

#include "model/core/transformer_cost.h"
#include "model/inference/kv_cache.h"
#include "model/core/model_citations.h"
#include "model/compute/moe_kernel_work.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace scalescope {

const std::string& decodeGemmAssumption() noexcept
{
    static const std::string s =
        "assumption: M below the smallest measured GEMM M, costed as the larger of its FLOPs at the table's edge "
        "efficiency and its bytes (the weights) at the measured device-to-device copy bandwidth";
    return s;
}

const std::string& decodeAttentionAssumption() noexcept
{
    static const std::string s =
        "assumption: one-query attention is not measured for this GPU family or attention kind (no decode_attention "
        "table, or MLA's latent cache); costed as each sequence's K and V bytes at the measured device-to-device copy "
        "bandwidth";
    return s;
}

const std::string& expertsTouchedAssumption() noexcept
{
    static const std::string s = "assumption: uniform routing; a pass reads the weights of the local experts its "
                                 "tokens reach, E/ep · (1 − (1 − k/E)^(ep·T)), as one GEMM at the mean tokens per "
                                 "expert (below the smallest measured M: its weight bytes at the measured "
                                 "device-to-device copy bandwidth)";
    return s;
}

const std::string& kvSpillAssumption() noexcept
{
    static const std::string s =
        "assumption: KV beyond HBM (kv_offload) is read over NVLink-C2C at min(the GPU's C2C bandwidth per direction, "
        "its share of the LPDDR5X bandwidth), streamed beside the HBM part; the spilled share of the final cache "
        "holds at every decode step";
    return s;
}

StageLayers bottleneckStageLayers(const ModelSpec& m, int pp) noexcept
{
    const double layers = m.layers.value;
    const double moeLayers = m.moe ? layers - m.moe->denseLayers.value : 0.0;
    const double stage = std::ceil(layers / std::max(pp, 1));
    StageLayers out;
    out.moe = std::min(stage, moeLayers);
    out.dense = stage - out.moe;
    return out;
}

KernelSetup inferenceKernelSetup(const ResolvedSystem& sys) noexcept
{
    const Precision p = sys.scenario.inference.precision;
    return kernelSetup(sys.gpu, sys.compute, sys.scenario.efficiency, p);
}

namespace {

using Acc = KernelCosts::Acc;
// The measured device-to-device copy (compute-*.json memory_bound "permute").
constexpr MemoryOp kCopy = MemoryOp::Permute;

using Linear = GemmShape;

struct Builder {
    const KernelCosts& kc;
    OperationTable& t;
    Phase phase;
    PassAssumptions& flags;

    void linear(OpKind op, OpScope scope, double count, std::initializer_list<Linear> shapes) const
    {
        linear(op, scope, count, std::span<const Linear>(shapes.begin(), shapes.size()));
    }
    void linear(OpKind op, OpScope scope, double count, std::span<const Linear> shapes) const
    {
        if (count <= 0) return;
        Acc a;
        bool bound = false;
        for (const Linear& l : shapes)
            bound = kc.gemmBelowMeasured(a, GemmPass::Forward, l.m, l.n, l.k, kCopy) || bound;
        if (!a.kernels) return;
        if (bound) {
            a.source = &decodeGemmAssumption();
            flags.gemmBelowMeasured = true;
        }
        t.add(kc.row(a, op, phase, scope, OpBound::Gemm, count));
    }
    void memory(OpKind op, MemoryOp kind, OpScope scope, double count, double bytes) const
    {
        if (count <= 0) return;
        Acc a;
        kc.memory(a, kind, bytes);
        if (a.kernels) t.add(kc.row(a, op, phase, scope, OpBound::Memory, count));
    }
};

void addLayer(const ResolvedSystem& sys, const ParallelLayout& p, const InferencePass& pass, const Builder& b, bool moe,
              double count)
{
    if (count <= 0) return;
    const ModelSpec& m = sys.model;
    const KernelCosts& kc = b.kc;
    const OpScope scope = moe ? OpScope::MoeLayer : OpScope::DenseLayer;
    const double tp = p.tp, B = pass.batch, T = pass.batch * pass.tokensPerSequence, L = pass.kvTokens;
    const double h = m.hidden.value, a = m.heads.value;
    const double act = kActivationBytes;

    b.memory(OpKind::AttentionNorm, MemoryOp::Norm, scope, count, 2 * T * h * act);
    const AttentionProjection ap = attentionProjection(m, T, p.tp);
    const double qkWidth = ap.qkWidth, vWidth = ap.vWidth, ropeWidth = ap.ropeWidth;
    b.linear(OpKind::QkvProjection, scope, count, {ap.qkv.data(), static_cast<size_t>(ap.qkvCount)});
    b.memory(OpKind::Rotary, MemoryOp::Rotary, scope, count, 2 * T * ropeWidth / tp * act);
    {
        Acc at;
        if (pass.phase == Phase::Prefill) {
            // Causal half of QKᵀ and AV over the prompt (transformer_cost.h's convention).
            // A chunk of c tokens after L0 cached ones attends to L0 + its causal part.
            const double seq = pass.tokensPerSequence, prior = pass.priorTokens;
            const double flops = B * 2 * seq * (prior + (seq + 1) / 2) * (qkWidth + vWidth) / tp;
            double io = T * (2 * qkWidth + 2 * vWidth) / tp * act;
            if (prior > 0) io += B * prior * kvBytesPerTokenPerLayerPerGpu(m, sys.scenario.inference.kv(), p.tp);
            kc.attention(at, AttentionPass::Forward, flops, io, qkWidth / a, prior + seq, a / tp);
            if (at.kernels) b.t.add(kc.row(at, OpKind::AttentionCore, b.phase, scope, OpBound::Attention, count));
        } else {
            // One query per sequence over its L cached tokens: scores and values
            // are 2·L·(qk + v) FLOPs per sequence; K and V are read once.
            // q = tokensPerSequence queries (k + 1 when verifying drafts) share one read.
            // Measured (decode_attention) for grouped-query attention: streams are
            // the sequences × KV heads on this GPU; the measured kind is one query
            // per sequence over a 16-bit cache. MLA's latent cache, and a family
            // without the table, keep the copy-bandwidth bound (an assumption).
            const double q = pass.tokensPerSequence, f = std::clamp(pass.spilledKv, 0.0, 1.0);
            const Precision kv = sys.scenario.inference.kv();
            const double kvBytes = B * L * kvBytesPerTokenPerLayerPerGpu(m, kv, p.tp);
            const double io = T * (qkWidth + vWidth) / tp * act;
            if (kc.measured() && !m.mla && decodeAttentionMeasured(sys.compute)) {
                const double kvHeads = std::max(1.0, std::ceil(static_cast<double>(m.kvHeads.value) / tp));
                const bool measuredKind = q == 1 && bytesPerElement(kv) == kActivationBytes;
                kc.decodeAttention(at, (1 - f) * kvBytes + io, qkWidth / a, L, B * kvHeads, measuredKind);
            } else {
                kc.memory(at, kCopy, (1 - f) * kvBytes + io);
                if (kc.measured()) { // theoretical mode: the plain roofline, no assumption
                    at.source = &decodeAttentionAssumption();
                    b.flags.attentionBound = true;
                }
            }
            at.flops = B * q * 2 * L * (qkWidth + vWidth) / tp;
            if (f > 0 && pass.spillBandwidth.si > 0) {
                at.time = std::max(at.time, Bytes{f * kvBytes} / pass.spillBandwidth);
                at.bytes += f * kvBytes;
                at.source = &kvSpillAssumption();
            }
            b.t.add(kc.row(at, OpKind::AttentionCore, b.phase, scope, OpBound::Memory, count));
        }
    }
    b.linear(OpKind::OutProjection, scope, count, {{T, h, vWidth / tp}});
    b.memory(OpKind::Residual, MemoryOp::Residual, scope, 2 * count, 3 * T * h * act);

    b.memory(OpKind::MlpNorm, MemoryOp::Norm, scope, count, 2 * T * h * act);
    const double gates = m.ffnType == FfnType::SwiGlu ? 2 : 1;
    double width = 0; // elements per pass entering the activation's output, per GPU
    if (moe && m.moe) {
        const MoeSpec& e = *m.moe;
        const double experts = e.experts.value, k = e.topK.value, fe = e.expertFfn.value, ep = p.ep;
        const double local = std::max(1.0, std::floor(experts / ep));
        const double routed = ep * T; // tokens routed inside the expert-parallel group
        const double touched = local * (1 - std::pow(1 - std::min(k / experts, 1.0), routed));
        const double perExpert = routed * k / experts;
        b.linear(OpKind::Router, scope, count, {{T, experts, h}});
        // Scoring and top-k, then the permutation as serving engines run it:
        // fused (TensorRT-LLM's expand and finalize kernels, vLLM's aligned
        // index map and sum): each routed row read and written once, no atomics.
        const Acc router = moePassCost(kc, routerTopKWork(T, experts, k, e.scoring).forward,
                                       modelSourceKey(ModelSource::MoeRouter),
                                       routerTopKMeasured(kc, sys.compute, e.scoring));
        if (router.kernels) b.t.add(kc.row(router, OpKind::RouterTopK, b.phase, scope, OpBound::Memory, count));
        const Acc permute = moePassCost(kc, permutationWork(T, k, h, /*fused=*/true).forward,
                                        modelSourceKey(ModelSource::MoePermuteFused));
        if (permute.kernels) b.t.add(kc.row(permute, OpKind::PermuteFused, b.phase, scope, OpBound::Memory, count));
        Acc x;
        if (perExpert >= groupedGemmSmallestMeasuredTokens(sys.compute, sys.scenario.inference.precision) ||
            !kc.measured()) {
            const double balance =
                kc.measured() ? 1.0 / moeLoadImbalance(sys.compute, MoeBalancing::AuxiliaryLoss).value : 1.0;
            kc.groupedGemm(x, GemmPass::Forward, perExpert, gates * fe / tp, h, static_cast<int>(local), balance);
            kc.groupedGemm(x, GemmPass::Forward, perExpert, h, fe / tp, static_cast<int>(local), balance);
        } else {
            // Few tokens per expert (below the grouped table): one GEMM over the
            // touched experts' weights at the mean tokens per touched expert (the
            // pass's exact FLOPs and weight bytes), bounded by those bytes below
            // the measured M.
            const double m1 = T * k / touched;
            const bool up = kc.gemmBelowMeasured(x, GemmPass::Forward, m1, touched * gates * fe / tp, h, kCopy);
            const bool down = kc.gemmBelowMeasured(x, GemmPass::Forward, m1, touched * h, fe / tp, kCopy);
            x.source = &expertsTouchedAssumption();
            b.flags.gemmBelowMeasured = b.flags.gemmBelowMeasured || up || down;
        }
        if (x.kernels) b.t.add(kc.row(x, OpKind::ExpertGemms, b.phase, scope, OpBound::GroupedGemm, count));
        width = T * k * fe / tp;
        if (e.sharedExperts.value > 0) {
            const double fs = fe * e.sharedExperts.value;
            b.linear(OpKind::MlpUp, scope, count, {{T, gates * fs / tp, h}});
            b.linear(OpKind::MlpDown, scope, count, {{T, h, fs / tp}});
            width += T * fs / tp;
        }
    } else {
        const double f = m.ffn.value;
        b.linear(OpKind::MlpUp, scope, count, {{T, gates * f / tp, h}});
        b.linear(OpKind::MlpDown, scope, count, {{T, h, f / tp}});
        width = T * f / tp;
    }
    b.memory(OpKind::Activation, MemoryOp::Activation, scope, count, (gates + 1) * width * act);
}

} // namespace

PassAssumptions addPassRows(const ResolvedSystem& sys, const ParallelLayout& p, const KernelCosts& kc,
                            const InferencePass& pass, OperationTable& t) noexcept
{
    PassAssumptions flags;
    const Builder b{kc, t, pass.phase, flags};
    const ModelSpec& m = sys.model;
    const double T = pass.batch * pass.tokensPerSequence, h = m.hidden.value, v = m.vocab.value;
    const double logits = pass.batch * pass.logitsPerSequence;
    StageLayers layers = bottleneckStageLayers(m, p.pp);
    if (pass.layers > 0) layers = m.moe ? StageLayers{0, pass.layers} : StageLayers{pass.layers, 0};
    // The first stage's embedding gather (rows read and written) ...
    b.memory(OpKind::Embedding, MemoryOp::Embedding, OpScope::Stage, 1, 2 * T * h * kActivationBytes);
    addLayer(sys, p, pass, b, false, layers.dense);
    addLayer(sys, p, pass, b, true, layers.moe);
    // ... and the last stage's final norm and logits of each sequence's last token.
    b.memory(OpKind::FinalNorm, MemoryOp::Norm, OpScope::Stage, 1, 2 * logits * h * kActivationBytes);
    b.linear(OpKind::Logits, OpScope::Stage, 1, {{logits, v / p.tp, h}});
    return flags;
}

} // namespace scalescope

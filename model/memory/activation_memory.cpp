#include "model/memory/activation_memory.h"

#include "model/core/recompute_policy.h"

#include <algorithm>

namespace scalescope {

namespace {

struct Widths {
    double q = 0, k = 0, v = 0, out = 0; // per token, elements
    double latents = 0;                  // MLA: c_q, c_kv and the shared rope key
};

Widths attentionWidths(const ModelSpec& m) noexcept
{
    const double a = m.heads.value;
    Widths w;
    if (m.mla) {
        const MlaSpec& x = *m.mla;
        const double qk = x.qkNopeHeadDim.value + x.qkRopeHeadDim.value;
        w.q = w.k = a * qk;
        w.v = w.out = a * x.vHeadDim.value;
        w.latents = x.qLoraRank.value + x.kvLoraRank.value + x.qkRopeHeadDim.value;
        return w;
    }
    const double d = m.headDim.value, g = m.kvHeads.value;
    w.q = w.out = a * d;
    w.k = w.v = g * d;
    return w;
}

// One MLP copy (a dense MLP, a routed or shared expert) on one token.
double mlpCopyBytes(const ModelSpec& m, double ffn, bool inputIsNormOutput, const ActivationOptions& o,
                    double linearIn) noexcept
{
    const double h = m.hidden.value;
    const bool swiglu = m.ffnType == FfnType::SwiGlu;
    double bytes = 0;
    if (!(inputIsNormOutput && o.modules.norm)) bytes += linearIn * h; // FC1 input
    if (swiglu) {
        bytes += (o.modules.swiglu && o.fp8 ? 1.0 : 2.0) * 2 * ffn; // gate and up: the SwiGLU input
        if (!o.modules.swiglu) bytes += linearIn * ffn;             // FC2 input = SwiGLU output
    } else {
        bytes += 2 * ffn + linearIn * ffn; // GeLU input, FC2 input
    }
    return bytes;
}

} // namespace

double layerActivationBytesPerToken(const ModelSpec& m, int seqLen, bool moeLayer, const ActivationOptions& o) noexcept
{
    const double h = m.hidden.value, a = m.heads.value, s = seqLen;
    if (o.recompute == Recompute::Full) return 2 * h; // the layer input, 16-bit
    const double linearIn = o.fp8 ? 1.0 : 2.0;
    const Widths w = attentionWidths(m);
    if (o.recompute == Recompute::PerOp) {
        // Kept: the layer input, the attention output (out-projection input) and
        // the 16-bit outputs of the matmuls not recomputed; the rest is recomputed.
        const bool swiglu = m.ffnType == FfnType::SwiGlu;
        const auto up = [&](double ffn, double copies) { return copies * (swiglu ? 2 : 1) * ffn; };
        double mlpOut = m.ffn.value > 0 ? up(m.ffn.value, 1) : 0;
        if (moeLayer && m.moe)
            mlpOut = up(m.moe->expertFfn.value, m.moe->topK.value + m.moe->sharedExperts.value) +
                     (m.moe->topK.value + m.moe->sharedExperts.value - 1) * h;
        const double matmulOutputs = w.latents + w.q + w.k + w.v + h + mlpOut + h; // QKV, out-proj, FC1, FC2
        return 2 * h + 2 * w.out + (1 - kPerOpRecomputedMatmuls) * 2 * matmulOutputs;
    }

    double attention = 2 * h + h;                   // norm input, dropout mask
    if (!o.modules.norm) attention += linearIn * h; // QKV (MLA: down-projection) input
    attention += linearIn * w.latents;              // MLA up-projection inputs
    if (!(m.mla && o.modules.mlaUpProj)) attention += 2 * (w.q + w.k + w.v);
    attention += linearIn * w.out; // output-projection input
    if (o.recompute == Recompute::None && !o.fusedAttention) attention += 5 * a * s;

    double mlp = 2 * h + h; // norm input, dropout mask
    if (moeLayer && m.moe && o.modules.moe) {
        // The MoE block checkpointed whole (Megatron-Core moe_layer.py:
        // tensor_parallel.checkpoint / te_checkpoint of custom_forward saves
        // only its hidden_states input, 16-bit): the pre-MLP norm's output,
        // whose storage `norm` frees as well (transformer_layer.py:
        // pre_mlp_norm_checkpoint.discard_output_and_register_recompute).
        if (!o.modules.norm) mlp += 2 * h;
    } else if (moeLayer && m.moe) {
        const MoeSpec& e = *m.moe;
        const double f = e.expertFfn.value;
        mlp += e.topK.value * mlpCopyBytes(m, f, false, o, linearIn);         // dispatched copies
        mlp += e.sharedExperts.value * mlpCopyBytes(m, f, true, o, linearIn); // shared experts read the norm output
        mlp += 4.0 * e.experts.value;                                         // fp32 router logits
    } else {
        mlp += mlpCopyBytes(m, m.ffn.value, true, o, linearIn);
    }
    return attention + mlp;
}

double inFlightMicrobatches(Schedule s, int pp, int vpp, int microbatches) noexcept
{
    if (pp <= 1) return 1; // gradient accumulation frees each micro-batch
    const double m = microbatches, p = pp;
    switch (s) {
    case Schedule::GPipe: return m;
    case Schedule::OneFOneB:
    case Schedule::ZeroBubble: return std::min(m, p);
    case Schedule::Interleaved: return std::min(m, p * (1.0 + (p - 1.0) / (p * std::max(1, vpp))));
    }
    return 1;
}

} // namespace scalescope

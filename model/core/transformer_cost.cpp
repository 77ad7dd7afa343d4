#include "model/core/transformer_cost.h"

namespace scalescope {

namespace {

struct AttentionShape {
    double params = 0;
    double qkWidth = 0; // a · (query/key head dim)
    double vWidth = 0;  // a · (value head dim)
    double qkvActivations = 0; // Q, K, V widths stored per token (elements)
};

AttentionShape attentionShape(const ModelSpec& m)
{
    const double h = m.hidden.value, a = m.heads.value, g = m.kvHeads.value, d = m.headDim.value;
    AttentionShape s;
    if (m.mla) {
        const MlaSpec& x = *m.mla;
        const double qk = x.qkNopeHeadDim.value + x.qkRopeHeadDim.value;
        s.params = h * x.qLoraRank.value + x.qLoraRank.value * a * qk           // query down / up
                   + h * (x.kvLoraRank.value + x.qkRopeHeadDim.value)            // joint KV down + shared rope key
                   + x.kvLoraRank.value * a * (x.qkNopeHeadDim.value + x.vHeadDim.value) // KV up
                   + a * x.vHeadDim.value * h;                                    // output
        s.qkWidth = a * qk;
        s.vWidth = a * x.vHeadDim.value;
        s.qkvActivations = 2 * s.qkWidth + s.vWidth;
        return s;
    }
    s.params = h * a * d + 2 * h * g * d + a * d * h;
    s.qkWidth = a * d;
    s.vWidth = a * d;
    s.qkvActivations = a * d + 2 * g * d;
    return s;
}

double mlpMatrices(FfnType t) { return t == FfnType::SwiGlu ? 3.0 : 2.0; }

// Stored MLP activations per token (bytes, 16-bit): input, FC outputs,
// activation output, dropout mask.
double mlpActivationBytes(FfnType t, double h, double f)
{
    return t == FfnType::SwiGlu ? 3 * h + 6 * f : 3 * h + 4 * f;
}

} // namespace

AttentionProjection attentionProjection(const ModelSpec& m, double T, int tpRanks) noexcept
{
    const double tp = tpRanks;
    const double h = m.hidden.value, a = m.heads.value, kv = m.kvHeads.value, d = m.headDim.value;
    AttentionProjection out;
    out.qkWidth = a * d;
    out.vWidth = a * d;
    out.ropeWidth = (a + kv) * d;
    if (m.mla) {
        const MlaSpec& x = *m.mla;
        const double qk = x.qkNopeHeadDim.value + x.qkRopeHeadDim.value, rope = x.qkRopeHeadDim.value;
        const double qRank = x.qLoraRank.value, kvRank = x.kvLoraRank.value;
        out.qkWidth = a * qk;
        out.vWidth = a * x.vHeadDim.value;
        out.ropeWidth = a * rope + rope;
        out.qkv = {GemmShape{T, qRank, h}, GemmShape{T, a * qk / tp, qRank}, GemmShape{T, kvRank + rope, h},
                   GemmShape{T, a * (x.qkNopeHeadDim.value + x.vHeadDim.value) / tp, kvRank}};
        out.qkvCount = 4;
        return out;
    }
    out.qkv[0] = {T, (a + 2 * kv) * d / tp, h};
    out.qkvCount = 1;
    return out;
}

namespace {

LayerCost layer(const ModelSpec& m, int seqLen, bool moeLayer)
{
    const double h = m.hidden.value, a = m.heads.value, s = seqLen;
    const AttentionShape att = attentionShape(m);
    LayerCost c;
    c.attentionParams = att.params;
    const double k = mlpMatrices(m.ffnType);
    double mlpActive = 0, mlpTotal = 0, mlpActTokens = 0;
    if (moeLayer && m.moe) {
        const MoeSpec& e = *m.moe;
        const double expert = k * h * e.expertFfn.value;
        mlpTotal = (e.experts.value + e.sharedExperts.value) * expert + h * e.experts.value;
        mlpActive = (e.topK.value + e.sharedExperts.value) * expert + h * e.experts.value;
        mlpActTokens = (e.topK.value + e.sharedExperts.value) * mlpActivationBytes(m.ffnType, h, e.expertFfn.value);
    } else {
        mlpTotal = mlpActive = k * h * m.ffn.value;
        mlpActTokens = mlpActivationBytes(m.ffnType, h, m.ffn.value);
    }
    c.mlpParams = mlpTotal;
    c.params = att.params + mlpTotal + 2 * h; // + two norms
    c.activeParams = att.params + mlpActive + 2 * h;
    c.matmulFlopsPerToken = 2 * (att.params + mlpActive);
    c.scoreFlopsPerToken = 0.5 * 2 * s * (att.qkWidth + att.vWidth); // causal half of QK^T and AV
    // Korthikanti: 11h for attention = 2h input + 2·(q+k+v) + 2·attn-out + h dropout mask
    const double attentionBytes = 2 * h + 2 * att.qkvActivations + 2 * att.vWidth + h;
    c.mlpActivationBytesPerToken = mlpActTokens;
    c.activationBytesPerToken = attentionBytes + mlpActTokens + 4 * h;
    c.quadraticActivationBytesPerToken = 5 * a * s;
    return c;
}

} // namespace

ModelCost modelCost(const ModelSpec& m, int seqLen) noexcept
{
    ModelCost c;
    c.dense = layer(m, seqLen, false);
    if (m.moe) {
        c.moe = layer(m, seqLen, true);
        c.denseLayers = m.moe->denseLayers.value;
        c.moeLayers = m.layers.value - c.denseLayers;
    } else {
        c.denseLayers = m.layers.value;
    }
    const double h = m.hidden.value, v = m.vocab.value;
    c.embeddingParams = v * h * (m.tiedEmbeddings ? 1 : 2);
    c.logitFlopsPerToken = 2 * v * h;
    c.totalParams = c.denseLayers * c.dense.params + c.moeLayers * c.moe.params + c.embeddingParams + h;
    c.activeParams = c.denseLayers * c.dense.activeParams + c.moeLayers * c.moe.activeParams + c.embeddingParams + h;
    return c;
}

} // namespace scalescope

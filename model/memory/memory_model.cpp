#include "model/memory/memory_model.h"

#include "model/training/layout_check.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

ParamsPerGpu paramsPerGpu(const EvaluationContext& ctx, const ParallelLayout& p) noexcept
{
    const ModelCost& mc = ctx.cost;
    const ModelSpec& m = ctx.model;
    const double layers = m.layers.value;
    const double stageShare = std::ceil(layers / p.pp) / layers; // the largest stage
    double expert = 0, dense = 0;
    if (m.moe) {
        const double perLayerExperts = m.moe->experts.value * (mc.moe.mlpParams - m.hidden.value * m.moe->experts.value) /
                                       (m.moe->experts.value + m.moe->sharedExperts.value);
        expert = mc.moeLayers * perLayerExperts;
    }
    const double layerParams = mc.denseLayers * mc.dense.params + mc.moeLayers * mc.moe.params;
    dense = layerParams - expert;
    // One embedding table per end stage; with pp = 1 both live on every GPU.
    const double embedding = p.pp == 1 ? mc.embeddingParams : mc.embeddingParams / (m.tiedEmbeddings ? 1 : 2);
    ParamsPerGpu out;
    out.dense = (dense * stageShare + embedding) / p.tp;
    out.expert = expert * stageShare / (static_cast<double>(p.tp) * p.ep);
    return out;
}

MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches) noexcept
{
    const Scenario& s = ctx.scenario;
    const ModelSpec& m = ctx.model;
    const ModelCost& mc = ctx.cost;
    const ParamsPerGpu params = paramsPerGpu(ctx, p);
    const double dpDense = static_cast<double>(p.dp) * p.cp;
    const double dpExpert = std::max(1.0, static_cast<double>(p.dp) / p.ep * p.cp);
    const int zero = s.training.zeroStage;
    auto sharded = [&](double bytesPerParam, bool shard) {
        return shard ? params.dense * bytesPerParam / dpDense + params.expert * bytesPerParam / dpExpert
                     : (params.dense + params.expert) * bytesPerParam;
    };
    MemoryPerGpu out;
    out.weights = Bytes{sharded(kWeightBytesPerParam, zero >= 3)};
    out.grads = Bytes{sharded(kGradBytesPerParam, zero >= 2)};
    out.optimizer = Bytes{sharded(kAdamBytesPerParam, zero >= 1)};

    // Activations of one micro-batch through one layer on one GPU.
    const double tokens = static_cast<double>(p.microbatchSize) * s.training.seqLen / (static_cast<double>(p.tp) * p.cp);
    auto perLayer = [&](const LayerCost& lc) {
        switch (s.training.recompute) {
        case Recompute::Full: return tokens * 2 * m.hidden.value; // only the layer input
        case Recompute::Selective: return tokens * lc.activationBytesPerToken;
        case Recompute::None:
            return tokens * (lc.activationBytesPerToken + lc.quadraticActivationBytesPerToken);
        }
        return 0.0;
    };
    const double layers = m.layers.value;
    const double stageLayers = std::ceil(layers / p.pp);
    const double moeShare = mc.moeLayers / layers;
    const double layerBytes = stageLayers * ((1 - moeShare) * perLayer(mc.dense) + moeShare * (mc.moeLayers ? perLayer(mc.moe) : 0));
    double inFlight = 1;
    switch (p.schedule) {
    case Schedule::GPipe: inFlight = microbatches; break;
    case Schedule::OneFOneB:
    case Schedule::ZeroBubble: inFlight = std::min<double>(microbatches, p.pp); break;
    case Schedule::Interleaved:
        inFlight = std::min<double>(microbatches, p.pp * (1.0 + (p.pp - 1.0) / (static_cast<double>(p.pp) * p.vpp)));
        break;
    }
    if (p.pp == 1) inFlight = 1; // gradient accumulation frees each micro-batch
    const double firstStage = layerBytes * inFlight;
    // The last stage also holds fp32 logits of one micro-batch (4 bytes per vocabulary entry).
    const double logits = tokens * 4.0 * m.vocab.value;
    const double lastStage = layerBytes * 1 + logits;
    out.activations = Bytes{std::max(firstStage, p.pp == 1 ? firstStage + logits : lastStage)};

    // Buffers (ScaleScope assumption): two layers' gathered weights under
    // ZeRO-3, and four activation-sized communication buffers.
    const double layerWeights = std::max(mc.dense.params, mc.moe.params) / p.tp * kWeightBytesPerParam;
    out.buffers = Bytes{(zero >= 3 ? 2 * layerWeights : 0) + 4 * tokens * m.hidden.value * 2};

    out.total = out.weights + out.grads + out.optimizer + out.activations + out.buffers;
    out.capacity = ctx.gpu.hbm.capacityUsable.value;
    out.fits = out.total <= out.capacity;
    if (ctx.superchip) {
        out.spillCapacity = ctx.superchip->lpddr5xCapacity.value / static_cast<double>(ctx.superchip->gpus.value);
        out.spill = out.fits ? Bytes{} : out.total - out.capacity;
        out.fitsWithSpill = out.spill <= out.spillCapacity;
        // C2C is shared by the superchip's GPUs; bidirectional figure, one direction each way.
        const BytesPerSecond perGpu = ctx.superchip->c2cBandwidth.value / (2.0 * ctx.superchip->gpus.value);
        out.spillTime = out.spill.si > 0 ? Bytes{out.spill.si * 2} / perGpu : Seconds{};
    } else {
        out.spill = out.fits ? Bytes{} : out.total - out.capacity;
        out.fitsWithSpill = out.fits;
    }
    return out;
}

} // namespace scalescope

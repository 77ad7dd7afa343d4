#include "model/core/params_per_gpu.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

StageBlocks largestStageBlocks(int layers, int mtpModules, int pp) noexcept
{
    const double total = std::ceil(static_cast<double>(layers + mtpModules) / pp);
    StageBlocks b;
    b.mtp = std::min(static_cast<double>(mtpModules), total);
    b.main = total - b.mtp;
    return b;
}

double mtpProjectionParams(double hidden) noexcept
{
    return 2 * hidden * hidden + 2 * hidden;
}

ParamsPerGpu paramsPerGpu(const ModelCost& mc, const ModelSpec& m, const ParallelLayout& p, int mtpModules) noexcept
{
    const double layers = m.layers.value;
    const StageBlocks blocks = largestStageBlocks(m.layers.value, mtpModules, p.pp);
    const double stageShare = blocks.main / layers; // of the model's layers, on the largest stage
    double expert = 0, dense = 0, perLayerExperts = 0;
    if (m.moe) {
        perLayerExperts = m.moe->experts.value *
                                       (mc.moe.mlpParams - m.hidden.value * m.moe->experts.value) /
                                       (m.moe->experts.value + m.moe->sharedExperts.value);
        expert = mc.moeLayers * perLayerExperts;
    }
    const double layerParams = mc.denseLayers * mc.dense.params + mc.moeLayers * mc.moe.params;
    dense = layerParams - expert;
    // One embedding table per end stage; with pp = 1 both live on every GPU.
    const double embedding = p.pp == 1 ? mc.embeddingParams : mc.embeddingParams / (m.tiedEmbeddings ? 1 : 2);
    // Each multi-token-prediction module's block is of the model's kind (MoE
    // where it has MoE layers), beside its projection and norms.
    const bool moeBlock = mc.moeLayers > 0;
    const double mtpExpert = moeBlock ? blocks.mtp * perLayerExperts : 0;
    const double mtpDense =
        blocks.mtp * ((moeBlock ? mc.moe.params - perLayerExperts : mc.dense.params) + mtpProjectionParams(m.hidden.value));
    ParamsPerGpu out;
    out.dense = (dense * stageShare + mtpDense + embedding) / p.tp;
    out.expert = (expert * stageShare + mtpExpert) / (static_cast<double>(p.expertTp()) * p.ep);
    return out;
}

} // namespace scalescope

#include "model/core/params_per_gpu.h"

#include <cmath>

namespace scalescope {

ParamsPerGpu paramsPerGpu(const ModelCost& mc, const ModelSpec& m, const ParallelLayout& p) noexcept
{
    const double layers = m.layers.value;
    const double stageShare = std::ceil(layers / p.pp) / layers; // the largest stage
    double expert = 0, dense = 0;
    if (m.moe) {
        const double perLayerExperts = m.moe->experts.value *
                                       (mc.moe.mlpParams - m.hidden.value * m.moe->experts.value) /
                                       (m.moe->experts.value + m.moe->sharedExperts.value);
        expert = mc.moeLayers * perLayerExperts;
    }
    const double layerParams = mc.denseLayers * mc.dense.params + mc.moeLayers * mc.moe.params;
    dense = layerParams - expert;
    // One embedding table per end stage; with pp = 1 both live on every GPU.
    const double embedding = p.pp == 1 ? mc.embeddingParams : mc.embeddingParams / (m.tiedEmbeddings ? 1 : 2);
    ParamsPerGpu out;
    out.dense = (dense * stageShare + embedding) / p.tp;
    out.expert = expert * stageShare / (static_cast<double>(p.expertTp()) * p.ep);
    return out;
}

} // namespace scalescope

#include "model/inference/kv_cache.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

double kvBytesPerTokenPerLayer(const ModelSpec& m, Precision kv) noexcept
{
    const double b = bytesPerElement(kv);
    if (m.mla) return (m.mla->kvLoraRank.value + m.mla->qkRopeHeadDim.value) * b;
    return 2.0 * m.kvHeads.value * m.headDim.value * b;
}

Bytes kvBytesPerToken(const ModelSpec& m, Precision kv) noexcept
{
    return Bytes{m.layers.value * kvBytesPerTokenPerLayer(m, kv)};
}

double kvBytesPerTokenPerLayerPerGpu(const ModelSpec& m, Precision kv, int tp) noexcept
{
    const double perLayer = kvBytesPerTokenPerLayer(m, kv);
    if (m.mla || tp <= 1) return perLayer;
    const double heads = std::max(1.0, std::ceil(static_cast<double>(m.kvHeads.value) / tp));
    return perLayer * heads / m.kvHeads.value;
}

double pagedTokens(double tokens, int blockTokens) noexcept
{
    if (blockTokens <= 1) return tokens;
    return std::ceil(tokens / blockTokens) * blockTokens;
}

} // namespace scalescope

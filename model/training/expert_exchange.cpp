#include "model/training/expert_exchange.h"

#include "model/compute/kernel_costs.h"
#include "model/network/ep_dispatch.h"

#include <algorithm>
#include <vector>

namespace scalescope {

EpExchange deepEpExchange(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, double tokens,
                          bool combine) noexcept
{
    const ModelSpec& m = ctx.model;
    const GroupPlacement& group = g.groups().ep;
    const EpDispatchSpec* spec = ctx.epDispatchCalibration && ctx.epDispatchCalibration->epDispatch
                                     ? &*ctx.epDispatchCalibration->epDispatch
                                     : nullptr;
    const bool measured = spec && ctx.scenario.efficiency == EfficiencyMode::Measured;
    const bool fp8 = !combine && spec && ctx.scenario.training.moeDispatcher == MoeDispatcher::DeepEpFp8;
    EpDispatchShape shape;
    shape.tokens = tokens;
    shape.hidden = m.hidden.value;
    shape.bytesPerElement = fp8 ? spec->fp8DispatchBytesPerElement.value : kActivationBytes;
    shape.experts = m.moe->experts.value;
    shape.topK = m.moe->topK.value;
    shape.maxNodesPerToken = m.moe->maxNodesPerToken ? m.moe->maxNodesPerToken->value : 0;
    shape.ep = p.ep;
    shape.nodes = static_cast<double>(group.maxDomains);
    // One GPU's NVLink egress, and its share of the scale-out egress at the
    // narrowest tier the group crosses (every GPU of a child exchanges at once).
    EpDispatchLinks links;
    const std::vector<NetworkTier>& tiers = ctx.tiers.tiers;
    if (!tiers.empty()) links.nvlink = tiers[0].childEgress.si;
    for (int i = 1; i <= group.spannedTier && i < static_cast<int>(tiers.size()); ++i) {
        const NetworkTier& tier = tiers[static_cast<size_t>(i)];
        const double share = tier.childEgress.si / static_cast<double>(tier.gpusPerChild);
        links.scaleOut = i == 1 ? share : std::min(links.scaleOut, share);
    }
    const Sourced<double>* nvlink = nullptr;
    const Sourced<double>* scaleOut = nullptr;
    if (measured) {
        nvlink = combine ? &spec->nvlinkCombineFraction : &spec->nvlinkDispatchFraction;
        scaleOut = combine ? &spec->scaleOutCombineFraction : &spec->scaleOutDispatchFraction;
        links.nvlinkFraction = nvlink->value;
        links.scaleOutFraction = scaleOut->value;
    }
    const EpDispatchCost c = deepEpDispatchCost(shape, links);
    EpExchange x;
    x.time = Seconds{c.seconds};
    x.bytes = Bytes{c.scaleOutBound ? c.scaleOutBytes : c.nvlinkBytes};
    x.spannedTier = group.spannedTier;
    const Sourced<double>* bottleneck = c.scaleOutBound ? scaleOut : nvlink;
    if (bottleneck) {
        x.efficiency = bottleneck->value;
        x.source = &bottleneck->source;
    }
    return x;
}

} // namespace scalescope

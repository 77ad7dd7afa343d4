#include "model/network/ep_dispatch.h"

#include <algorithm>

namespace scalescope {

namespace {

// C(pool − missing, k) / C(pool, k): the chance that none of k draws without
// replacement from `pool` experts lands in a set of `missing` of them.
double noneOf(double pool, double missing, double k) noexcept
{
    double p = 1;
    for (int i = 0; i < static_cast<int>(k); ++i) {
        const double left = pool - missing - i;
        if (left <= 0) return 0;
        p *= left / (pool - i);
    }
    return p;
}

double allowed(double nodes, double allowedNodes) noexcept
{
    return allowedNodes > 0 ? std::min(allowedNodes, nodes) : nodes;
}

} // namespace

double expectedDistinctNodes(double experts, double topK, double nodes, double allowedNodes) noexcept
{
    if (nodes <= 1) return 1;
    const double m = allowed(nodes, allowedNodes);
    return m * (1 - noneOf(m * experts / nodes, experts / nodes, topK));
}

double expectedDistinctRanks(double experts, double topK, double ep, double nodes, double allowedNodes) noexcept
{
    const double m = allowed(nodes, allowedNodes);
    return ep * (m / nodes) * (1 - noneOf(m * experts / nodes, experts / ep, topK));
}

EpDispatchCost deepEpDispatchCost(const EpDispatchShape& s, const EpDispatchLinks& l) noexcept
{
    EpDispatchCost c;
    const double n = std::max(1.0, s.nodes), g = s.ep / n;
    const double tokenBytes = s.tokens * s.hidden * s.bytesPerElement;
    const double distinctNodes = expectedDistinctNodes(s.experts, s.topK, n, s.maxNodesPerToken);
    const double distinctRanks = expectedDistinctRanks(s.experts, s.topK, s.ep, n, s.maxNodesPerToken);
    c.logicalScaleOutBytes = n > 1 ? tokenBytes * distinctNodes : 0;
    c.logicalNvlinkBytes = tokenBytes * distinctRanks;
    c.scaleOutBytes = c.logicalScaleOutBytes * (n - 1) / n;
    c.nvlinkBytes = g > 1 ? c.logicalNvlinkBytes * (g - 1) / g : 0;
    const double nvlinkRate = l.nvlink * l.nvlinkFraction, scaleOutRate = l.scaleOut * l.scaleOutFraction;
    c.nvlinkSeconds = nvlinkRate > 0 ? c.nvlinkBytes / nvlinkRate : 0;
    c.scaleOutSeconds = scaleOutRate > 0 ? c.scaleOutBytes / scaleOutRate : 0;
    c.scaleOutBound = c.scaleOutSeconds > c.nvlinkSeconds;
    c.seconds = std::max(c.nvlinkSeconds, c.scaleOutSeconds);
    return c;
}

} // namespace scalescope

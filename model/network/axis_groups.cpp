#include "model/network/axis_groups.h"

#include "model/network/collectives.h"

#include <algorithm>

namespace scalescope {

long long axisStride(const ParallelLayout& p, Axis a) noexcept
{
    long long stride = 1;
    for (Axis inner : p.order) {
        if (inner == a) return stride;
        // EP lives inside DP (Megatron): it takes no ranks of its own.
        if (inner != Axis::Ep) stride *= p.size(inner);
    }
    return stride;
}


AxisGroups axisGroups(const NetworkTiers& net, const ParallelLayout& p) noexcept
{
    const long long tp = std::max(1, p.tp), cp = std::max(1, p.cp), dp = std::max(1, p.dp), pp = std::max(1, p.pp);
    const long long ep = std::clamp<long long>(p.ep, 1, dp);
    const long long ranks = tp * cp * dp * pp;
    const long long dpStride = axisStride(p, Axis::Dp);
    const GroupShape cpRun{cp, axisStride(p, Axis::Cp)};
    AxisGroups g;
    g.tp = placeGroups(net, {tp, axisStride(p, Axis::Tp)}, ranks);
    g.cp = placeGroups(net, cpRun, ranks);
    g.ep = placeGroups(net, {ep, dpStride}, ranks);
    g.pp = placeGroups(net, {pp, axisStride(p, Axis::Pp)}, ranks);
    g.dp = placeGroups(net, {dp, dpStride}, cpRun, ranks);
    g.expertDp = ep == 1 ? g.dp : placeGroups(net, {dp / ep, dpStride * ep}, cpRun, ranks);
    // Bandwidth time is linear in the bytes in theoretical mode: probe with one byte.
    const CollectiveOptions theory{EfficiencyMode::Theoretical, false, 0, nullptr};
    const Bytes probe{1};
    if (g.dp.size > 1) {
        const CollectiveCost ag = collectiveCost(net, CollectiveKind::AllGather, probe, g.dp, theory);
        if (ag.bandwidthTime.si > 0 && ag.bottleneckTier >= 0) {
            const double d = ag.tiers[static_cast<size_t>(ag.bottleneckTier)].degree;
            g.dpGatherRate = BytesPerSecond{probe.si / ag.bandwidthTime.si * (d - 1) / d};
        }
    }
    if (g.tp.size > 1) {
        const CollectiveCost ag = collectiveCost(net, CollectiveKind::AllGather, probe, g.tp, theory);
        if (ag.bottleneckTier >= 0) {
            const TierCost& t = ag.tiers[static_cast<size_t>(ag.bottleneckTier)];
            g.tpLinkRate = t.bandwidth / t.concurrency;
        }
    }
    return g;
}

} // namespace scalescope

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

namespace {

// One run of the folded expert mapping, given in a pipeline stage's own
// rank index i < tp·cp·dp (etp innermost, then ep, then edp), placed on the
// global ranks. Stage index i sits on rank (i mod s) + (i div s)·s·pp, s the
// pp stride: the stage's ranks are contiguous when pp is outermost, else
// blocks of s ranks every s·pp.
GroupPlacement placeFolded(const NetworkTiers& net, GroupShape run, long long ppStride, long long pp, long long ranks) noexcept
{
    const long long span = run.size * run.stride;
    if (pp <= 1 || run.size <= 1 || (span <= ppStride && ppStride % span == 0)) return placeGroups(net, run, ranks);
    if (run.stride % ppStride == 0) return placeGroups(net, {run.size, run.stride * pp}, ranks);
    if (ppStride % run.stride == 0 && span % ppStride == 0) // blocks of s ranks, every s·pp
        return placeGroups(net, {ppStride / run.stride, run.stride}, {span / ppStride, ppStride * pp}, ranks);
    return placeGroups(net, run, ranks); // a run that neither fits nor tiles the blocks: as if contiguous
}

} // namespace

AxisGroups axisGroups(const NetworkTiers& net, const ParallelLayout& p) noexcept
{
    const long long tp = std::max(1, p.tp), cp = std::max(1, p.cp), dp = std::max(1, p.dp), pp = std::max(1, p.pp);
    const long long ep = p.folded() ? 1 : std::clamp<long long>(p.ep, 1, dp);
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
    g.etp = g.tp;
    if (p.folded()) {
        // MoE parallel folding (Liu et al. 2025, Megatron-Core's expert rank
        // generator): etp × ep × edp over each stage's tp·cp·dp ranks.
        const long long etp = std::max(1, p.etp), foldedEp = std::max(1, p.ep);
        const long long stageRanks = tp * cp * dp, edp = std::max(1LL, stageRanks / (etp * foldedEp));
        const long long ppStride = axisStride(p, Axis::Pp);
        g.etp = placeFolded(net, {etp, 1}, ppStride, pp, ranks);
        g.ep = placeFolded(net, {foldedEp, etp}, ppStride, pp, ranks);
        g.expertDp = placeFolded(net, {edp, etp * foldedEp}, ppStride, pp, ranks);
    }
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

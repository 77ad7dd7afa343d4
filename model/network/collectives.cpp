#include "model/network/collectives.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

std::string_view collectiveKey(CollectiveKind k) noexcept
{
    switch (k) {
    case CollectiveKind::AllGather: return "allgather";
    case CollectiveKind::ReduceScatter: return "reducescatter";
    case CollectiveKind::AllReduce: return "allreduce";
    case CollectiveKind::AllToAll: return "alltoall";
    case CollectiveKind::PointToPoint: return "p2p";
    }
    return "?";
}

std::optional<CollectiveKind> collectiveFromKey(std::string_view key) noexcept
{
    for (CollectiveKind k : {CollectiveKind::AllGather, CollectiveKind::ReduceScatter, CollectiveKind::AllReduce,
                             CollectiveKind::AllToAll, CollectiveKind::PointToPoint})
        if (collectiveKey(k) == key) return k;
    return std::nullopt;
}

namespace {

// Achievable fraction of the link rate for a per-step chunk (B/n in a ring,
// B/n² per destination in an AllToAll, B for a send).
double chunkEfficiency(const CollectiveOptions& o, int tier, const NetworkTier& t, double chunk) noexcept
{
    if (o.mode != EfficiencyMode::Measured || !o.calibration) return 1.0;
    const CalibrationSpec& c = *o.calibration;
    const double achievable = tier == 0 ? c.nvlinkAchievableFraction.value : c.scaleOutAchievableFraction.value;
    const double half = c.halfEfficiencyChunk.value.si * t.halfEfficiencyScale; // Topology::tiers
    return achievable * chunk / (chunk + half);
}

double chunkBytes(CollectiveKind kind, Bytes bytes, double n) noexcept
{
    switch (kind) {
    case CollectiveKind::AllToAll: return bytes.si / (n * n);
    case CollectiveKind::PointToPoint: return bytes.si;
    default: return bytes.si / n;
    }
}

} // namespace

int spannedTier(const NetworkTiers& net, GroupShape group) noexcept
{
    return placeGroups(net, group).spannedTier;
}

CollectiveCost collectiveCost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes, GroupShape group,
                              const CollectiveOptions& o) noexcept
{
    return collectiveCost(net, kind, bytes, placeGroups(net, group), o);
}

CollectiveCost collectiveCost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes, const GroupPlacement& group,
                              const CollectiveOptions& o) noexcept
{
    CollectiveCost out;
    out.tierCount = std::min({static_cast<int>(net.tiers.size()), kMaxTiers, group.tierCount});
    if (group.size <= 1 || bytes.si <= 0) {
        for (int i = 0; i < out.tierCount; ++i) out.tiers[static_cast<size_t>(i)] = TierCost{Seconds{}, 1, 1, BytesPerSecond{}, 1};
        return out;
    }
    const double n = static_cast<double>(group.size);
    bool usedSharp = false;

    for (int i = 0; i < out.tierCount; ++i) {
        const NetworkTier& t = net.tiers[static_cast<size_t>(i)];
        TierCost& tc = out.tiers[static_cast<size_t>(i)];
        tc.time = Seconds{};
        const TierPlacement& place = group.tiers[static_cast<size_t>(i)];
        const double members = static_cast<double>(place.minMembersPerChild);
        tc.degree = place.crosses ? static_cast<double>(place.maxMembersPerUnit) / members : 1.0;
        tc.concurrency = static_cast<double>(t.gpusPerChild) / members;
        tc.efficiency = chunkEfficiency(o, i, t, chunkBytes(kind, bytes, n));
        tc.bandwidth = t.childEgress * tc.efficiency;
        if (tc.degree <= 1.0 + 1e-12 || tc.bandwidth.si <= 0) continue;
        out.spannedTier = i;
        const double D = tc.degree, c = tc.concurrency, W = tc.bandwidth.si, B = bytes.si;
        // The share of the array that leaves each child. Seed 004's tree reduces
        // inside a child first: (D − 1)/D. NCCL runs AllGather and ReduceScatter
        // as one flat ring over all the unit's members n_u (src/graph/tuning.cc
        // allows them Ring, PAT — one GPU per node only —, NVLS and CollNet;
        // NVIDIA/nccl#530: "rings are flat and span across intra- and inter-node
        // connections"), so (n_u − 1)/n_u leaves each node: measured mode above
        // NVLink (mscclpp's 2 × 8 A100 AllGather runs at the nodes' NIC rate,
        // collectives_test [nccl-ring]). AllReduce keeps the tree (NCCL's Tree).
        const double tree = (D - 1) / D;
        const double unitMembers = static_cast<double>(place.maxMembersPerUnit);
        const double gatherShare =
            o.mode == EfficiencyMode::Measured && i > 0 ? (unitMembers - 1) / unitMembers : tree;
        const double ringSteps = static_cast<double>(place.maxChildrenPerUnit - 1);
        double seconds = 0, steps = 0;
        switch (kind) {
        case CollectiveKind::AllGather:
        case CollectiveKind::ReduceScatter:
            seconds = c * B * gatherShare / W;
            steps = ringSteps;
            break;
        case CollectiveKind::AllReduce:
            if (o.sharp && t.inNetworkReduction) {
                usedSharp = true;
                seconds = c * B / W;
                steps = 2;
            } else {
                seconds = 2 * c * B * tree / W;
                steps = 2 * ringSteps;
            }
            break;
        case CollectiveKind::AllToAll: {
            const double sparse = o.topK > 0 ? std::min(o.topK / n, 1.0) : 1.0;
            seconds = c * members * (B / n) * (n - members) / n * sparse / W;
            steps = 1;
            break;
        }
        case CollectiveKind::PointToPoint:
            seconds = c * B / W;
            steps = 1;
            break;
        }
        tc.time = Seconds{seconds};
        out.latency += t.hopLatency * steps; // both modes: latency is not an efficiency
        if (tc.time > out.bandwidthTime) {
            out.bandwidthTime = tc.time;
            out.bottleneckTier = i;
        }
    }
    // Measured SHARP: the seed observed ~30 % more bandwidth, not the ~2x of
    // the theory above, so the measured speed-up replaces the theoretical one.
    if (usedSharp && o.mode == EfficiencyMode::Measured && o.calibration) {
        CollectiveOptions plain = o;
        plain.sharp = false;
        const CollectiveCost ring = collectiveCost(net, kind, bytes, group, plain);
        out.bandwidthTime = ring.bandwidthTime / o.calibration->sharpMeasuredSpeedup.value;
        out.latency = ring.latency;
    }
    out.time = out.bandwidthTime + out.latency;
    return out;
}

} // namespace scalescope

#include "model/network/mesh_placement.h"

#include "model/network/axis_groups.h"

#include <algorithm>

namespace scalescope {

MeshCoordinates meshCoordinates(const ParallelLayout& p, long long rank) noexcept
{
    MeshCoordinates c;
    c.rank = rank;
    const auto at = [&](Axis a) {
        const long long size = std::max(1, p.size(a));
        return static_cast<int>((rank / axisStride(p, a)) % size);
    };
    c.tp = at(Axis::Tp);
    c.cp = at(Axis::Cp);
    c.dp = at(Axis::Dp);
    c.pp = at(Axis::Pp);
    c.ep = c.dp % std::max(1, p.ep);
    c.etp = c.tp;
    c.edp = c.dp / std::max(1, p.ep);
    if (p.folded()) {
        const long long ppStride = axisStride(p, Axis::Pp), pp = std::max(1, p.pp);
        const long long stageIndex = rank % ppStride + rank / (ppStride * pp) * ppStride;
        const long long etp = std::max(1, p.etp), ep = std::max(1, p.ep);
        c.etp = static_cast<int>(stageIndex % etp);
        c.ep = static_cast<int>(stageIndex / etp % ep);
        c.edp = static_cast<int>(stageIndex / (etp * ep));
    }
    return c;
}

int coordinate(const MeshCoordinates& c, Axis a) noexcept
{
    switch (a) {
    case Axis::Tp: return c.tp;
    case Axis::Cp: return c.cp;
    case Axis::Ep: return c.ep;
    case Axis::Dp: return c.dp;
    case Axis::Pp: return c.pp;
    }
    return 0;
}

long long groupIndex(const ParallelLayout& p, const MeshCoordinates& c, Axis a) noexcept
{
    // Mixed-radix number of every coordinate except the one along `a`.
    const long long ep = std::max(1, p.ep);
    long long index = 0;
    const auto digit = [&](bool skip, long long value, long long radix) {
        if (!skip) index = index * radix + value;
    };
    if (a == Axis::Ep && p.folded()) { // the expert coordinates replace tp, cp and dp
        digit(false, c.pp, std::max(1, p.pp));
        digit(false, c.etp, std::max(1, p.etp));
        digit(false, c.edp, std::max(1LL, static_cast<long long>(p.expertDataParallel())));
        return index;
    }
    digit(a == Axis::Tp, c.tp, std::max(1, p.tp));
    digit(a == Axis::Cp, c.cp, std::max(1, p.cp));
    digit(a == Axis::Pp, c.pp, std::max(1, p.pp));
    if (a == Axis::Ep) {
        digit(false, c.dp / ep, std::max(1LL, p.dp / ep)); // the expert-data-parallel index
    } else {
        digit(a == Axis::Dp, c.dp, std::max(1, p.dp));
    }
    return index;
}

RankHoldings rankHoldings(const ParallelLayout& p, const ModelSpec& model, const MeshCoordinates& c)
{
    RankHoldings h;
    const int pp = std::max(1, p.pp), vpp = std::max(1, p.vpp), chunks = pp * vpp;
    const long long layers = model.layers.value;
    for (int v = 0; v < vpp; ++v) {
        const long long chunk = c.pp + static_cast<long long>(v) * pp;
        const long long first = chunk * layers / chunks, next = (chunk + 1) * layers / chunks;
        if (next > first) h.layers.emplace_back(static_cast<int>(first), static_cast<int>(next - 1));
    }
    if (model.moe) {
        const long long experts = model.moe->experts.value, ep = std::max(1, p.ep);
        h.firstExpert = static_cast<int>(c.ep * experts / ep);
        h.experts = static_cast<int>((c.ep + 1) * experts / ep - h.firstExpert);
    }
    h.tensorSlice = c.tp;
    h.tensorSlices = std::max(1, p.tp);
    h.expertSlice = c.etp;
    h.expertSlices = std::max(1, p.expertTp());
    return h;
}

} // namespace scalescope

#include "model/network/axis_groups.h"

#include "model/training/evaluation_context.h"

#include <algorithm>

namespace scalescope {

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
    return g;
}

} // namespace scalescope

#include "model/network/group_placement.h"

#include <algorithm>
#include <utility>

namespace scalescope {

namespace {

// All groups {b + k·s : k < n} with bases b = r + q·n·s (r < s, q < Q)
// tiling `ranks` ranks.
// 32-bit arithmetic: rank counts stay far below 2^32 (Topology caps clusters
// well under that) and 32-bit division is several times faster than 64-bit.
using u32 = unsigned;

struct Run {
    u32 n = 1, s = 1, groups = 1; // groups: bases q·n·s below the rank count (× the s inner offsets)
    Run(u32 size, u32 stride, u32 ranks) noexcept
        : n(size), s(stride), groups(std::max(1u, ranks / std::max(1u, size * stride)))
    {
    }
};

u32 ceilDiv(u32 a, u32 b) noexcept
{
    return (a + b - 1) / b;
}

// Binary GCD (no division).
u32 gcd(u32 a, u32 b) noexcept
{
    if (a == 0) return b;
    if (b == 0) return a;
    const int shift = __builtin_ctz(a | b);
    a >>= __builtin_ctz(a);
    do {
        b >>= __builtin_ctz(b);
        if (a > b) std::swap(a, b);
        b -= a;
    } while (b != 0);
    return a << shift;
}

// Largest offset modulo `block` of a group's first member, over all bases.
u32 maxOffset(const Run& r, u32 block) noexcept
{
    const u32 period = r.n * r.s;
    if ((r.groups - 1) * period + r.s - 1 < block) return (r.groups - 1) * period + r.s - 1;           // no wrap: exact
    const u32 g = (period & (period - 1)) == 0 && (block & (block - 1)) == 0 ? std::min(period, block) // powers of two
                                                                             : gcd(period, block);
    return r.s < g ? block - g + r.s - 1 : block - 1;
}

// Writes into `t` (left at its defaults when nothing crosses): filling the
// caller's struct in place avoids a store-forwarding stall on the copy.
void tierOf(const Run& r, u32 child, u32 unit, TierPlacement& t) noexcept
{
    if (r.n <= 1 || r.s >= unit) return; // one member per unit
    const u32 span = (r.n - 1) * r.s;    // first to last member of one group
    const u32 perUnit = span < unit ? r.n : std::min(r.n, ceilDiv(unit, r.s));
    if (child <= 1 || r.s >= child) { // every member in a child of its own
        t.crosses = perUnit >= 2;
        t.maxMembersPerUnit = t.maxChildrenPerUnit = perUnit;
        return;
    }
    const u32 last = maxOffset(r, child) + span; // worst group's last member, from its child's start
    if (last < child) return;                    // every group inside one child
    const u32 thinnest = std::max(1u, std::min(r.n, gcd(r.n * r.s, child) / r.s)); // G/s, G = gcd(n·s, C)
    if (perUnit <= thinnest) return;
    t.crosses = true;
    t.minMembersPerChild = thinnest;
    t.maxMembersPerUnit = perUnit;
    t.maxChildrenPerUnit = std::min(unit / child, last / child + 1);
}

u32 narrow(long long v) noexcept
{
    return static_cast<u32>(std::clamp<long long>(v, 0, 1LL << 31));
}

// Does the group at rank 0 touch two children of one unit?
bool alignedCrosses(const Run& r, u32 child, u32 unit) noexcept
{
    if (r.n <= 1 || r.s >= unit) return false;
    return r.s >= child || (r.n - 1) * r.s >= child;
}

u32 domainsTouched(const Run& r, u32 domain) noexcept
{
    if (r.n <= 1) return 1;
    if (r.s >= domain) return r.n;
    return (maxOffset(r, domain) + (r.n - 1) * r.s) / domain + 1;
}

// Every group lies inside one child of this size (so it crosses no tier above).
bool insideOneChild(const Run& inner, const Run& outer, u32 child) noexcept
{
    if (child <= 1) return false;
    const Run& r = outer.n > 1 ? outer : inner; // the outer run spans the group
    const u32 span = (inner.n - 1) * inner.s + (outer.n - 1) * outer.s;
    return maxOffset(r, child) + span < child;
}

// Per-tier placement of the product of two runs, inner nested in outer.
void tierOf(const Run& inner, const Run& outer, u32 child, u32 unit, TierPlacement& t) noexcept
{
    if (inner.n <= 1) return tierOf(outer, child, unit, t);
    if (outer.n <= 1) return tierOf(inner, child, unit, t);
    const bool innerInOneChild = child <= 1 ? false : maxOffset(inner, child) + (inner.n - 1) * inner.s < child;
    if (innerInOneChild) { // each inner run sits in one child: count whole runs
        tierOf(outer, child, unit, t);
        t.minMembersPerChild *= inner.n;
        t.maxMembersPerUnit *= inner.n;
        return;
    }
    if (outer.s >= unit) return tierOf(inner, child, unit, t); // one inner run per unit
    // Neither: approximate by one run at the inner stride (the old dp×cp model).
    Run merged = inner;
    merged.n = inner.n * outer.n;
    merged.groups = std::max(1u, inner.groups / outer.n);
    tierOf(merged, child, unit, t);
}

GroupPlacement place(const NetworkTiers& net, const Run& inner, const Run& outer) noexcept
{
    GroupPlacement out;
    out.tierCount = static_cast<int>(std::min<size_t>(net.tiers.size(), kMaxTiers));
    out.size = 1LL * inner.n * outer.n;
    if (out.size <= 1) return out; // one GPU: nothing crosses
    for (int i = 0; i < out.tierCount; ++i) {
        const NetworkTier& tier = net.tiers[static_cast<size_t>(i)];
        TierPlacement& t = out.tiers[static_cast<size_t>(i)];
        const u32 child = narrow(tier.gpusPerChild), unit = narrow(tier.gpusPerGroup);
        tierOf(inner, outer, child, unit, t);
        if (t.crosses) out.spannedTier = i;
        if (alignedCrosses(inner, child, unit) || alignedCrosses(outer, child, unit)) out.alignedTier = i;
        if (!t.crosses && (inner.n * outer.n == 1 || inner.s >= unit ? false : insideOneChild(inner, outer, child)))
            break; // nor any tier above
    }
    const u32 domain = std::max(1u, narrow(net.domainGpus()));
    out.maxDomains =
        outer.n <= 1 ? domainsTouched(inner, domain)
        : inner.n <= 1
            ? domainsTouched(outer, domain)
            : std::min<long long>(out.size, 1LL * domainsTouched(inner, domain) * domainsTouched(outer, domain));
    return out;
}

} // namespace

GroupPlacement placeGroups(const NetworkTiers& net, GroupShape shape, long long ranks) noexcept
{
    const u32 n = std::max(1u, narrow(shape.size)), s = std::max(1u, narrow(shape.stride));
    const u32 all = std::max({narrow(ranks > 0 ? ranks : net.gpus), n * s, 1u});
    return place(net, Run{n, s, all}, Run{1, n * s, all});
}

GroupPlacement placeGroups(const NetworkTiers& net, GroupShape inner, GroupShape outer, long long ranks) noexcept
{
    if (inner.size <= 1) return placeGroups(net, outer, ranks);
    if (outer.size <= 1) return placeGroups(net, inner, ranks);
    if (outer.stride < inner.stride) std::swap(inner, outer);
    if (outer.stride == inner.size * inner.stride)
        return placeGroups(net, {inner.size * outer.size, inner.stride}, ranks);
    const u32 all = std::max({narrow(ranks > 0 ? ranks : net.gpus), narrow(outer.size * outer.stride), 1u});
    return place(net, Run{narrow(inner.size), narrow(inner.stride), all},
                 Run{narrow(outer.size), narrow(outer.stride), all});
}

} // namespace scalescope

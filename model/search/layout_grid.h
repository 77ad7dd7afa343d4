#pragma once
// The mesh shapes a search walks: every (tp, pp, cp, dp, ep) whose product
// tp · pp · cp · dp is the scenario's GPU count, with tp at most the model's
// attention heads, pp at most its layers, cp at most `maxCp` and ep dividing
// dp, at most the model's experts. Shared by the training and the serving
// search; each mode's own checks then reject what it cannot run (tp must
// divide the heads, and so on).

#include "model/spec/scenario.h"

#include <algorithm>
#include <vector>

namespace scalescope {

// The divisors of n up to `limit`, ascending.
[[nodiscard]] inline std::vector<int> divisorsUpTo(long long n, long long limit)
{
    std::vector<int> out;
    for (long long d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0) out.push_back(static_cast<int>(d));
    return out;
}

struct LayoutGridBounds {
    long long gpus = 1;
    int heads = 1, layers = 1, experts = 1, maxCp = 1;
};

// Calls visit(layout) with tp, pp, cp, dp and ep set on a copy of `base`
// (its other fields untouched), tp outermost.
template <class Visit>
void forEachMeshShape(const LayoutGridBounds& b, ParallelLayout base, Visit&& visit)
{
    for (int tp : divisorsUpTo(b.gpus, b.heads)) {
        for (int pp : divisorsUpTo(b.gpus / tp, b.layers)) {
            for (int cp : divisorsUpTo(b.gpus / (static_cast<long long>(tp) * pp), b.maxCp)) {
                const long long dp = b.gpus / (static_cast<long long>(tp) * pp * cp);
                for (int ep : divisorsUpTo(dp, b.experts)) {
                    base.tp = tp;
                    base.pp = pp;
                    base.cp = cp;
                    base.dp = static_cast<int>(dp);
                    base.ep = ep;
                    visit(base);
                }
            }
        }
    }
}

} // namespace scalescope

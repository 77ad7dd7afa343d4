#include "model/training/layout_fit.h"

namespace scalescope {

namespace {

// The largest d ≤ wanted with wanted % d == 0 and room % d == 0.
int largestCommonDivisor(int wanted, long long room) noexcept
{
    for (int d = wanted; d > 1; --d)
        if (wanted % d == 0 && room % d == 0) return d;
    return 1;
}

} // namespace

ParallelLayout fitLayout(const ParallelLayout& preferred, long long gpus) noexcept
{
    ParallelLayout p = preferred;
    if (gpus < 1) return p;
    long long room = gpus;
    for (int* size : {&p.tp, &p.pp, &p.cp}) {
        *size = largestCommonDivisor(std::max(*size, 1), room);
        room /= *size;
    }
    p.dp = static_cast<int>(room);
    p.ep = largestCommonDivisor(std::max(p.ep, 1), p.dp);
    if (p.pp == 1) {
        p.vpp = 1;
        if (p.schedule == Schedule::Interleaved) p.schedule = Schedule::OneFOneB;
    }
    return p;
}

} // namespace scalescope

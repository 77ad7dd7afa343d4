#include "model/training/layout_fit.h"

#include "model/training/layout_check.h"

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
    if (p.folded()) { // etp·ep divides the tp·cp·dp ranks of a stage
        const long long stageRanks = static_cast<long long>(p.tp) * p.cp * p.dp;
        p.etp = largestCommonDivisor(p.etp, stageRanks);
        p.ep = largestCommonDivisor(std::max(p.ep, 1), stageRanks / p.etp);
    } else {
        p.ep = largestCommonDivisor(std::max(p.ep, 1), p.dp);
    }
    if (p.pp == 1) {
        p.vpp = 1;
        if (p.schedule == Schedule::Interleaved) p.schedule = Schedule::OneFOneB;
    }
    return p;
}

ParallelLayout fitLayoutToModel(const ParallelLayout& preferred, const ModelSpec& m, long long gpus) noexcept
{
    ParallelLayout p = preferred;
    while (p.tp > 1 && (!tpSplitsHeads(m, p.tp) || gpus % p.tp != 0)) --p.tp;
    while (p.ep > 1 && !epSplitsExperts(m, p.ep)) --p.ep;
    if (!m.moe) p.etp = 0;
    else
        while (p.etp > 1 && m.moe->expertFfn.value % p.etp != 0) --p.etp;
    const long long layers = std::max<long long>(m.layers.value, 1);
    while (p.pp > 1 && p.pp > layers) --p.pp;
    while (p.vpp > 1 && static_cast<long long>(p.pp) * p.vpp > layers) --p.vpp;
    return fitLayout(p, gpus);
}

ParallelLayout rebalanceLayout(ParallelLayout p, long long gpus) noexcept
{
    const long long mp = static_cast<long long>(p.tp) * p.pp * p.cp;
    if (mp > 0 && gpus % mp == 0) p.dp = static_cast<int>(gpus / mp);
    const long long stageRanks = static_cast<long long>(p.tp) * p.cp * p.dp;
    if (p.folded()) p.etp = largestCommonDivisor(p.etp, stageRanks);
    while (p.ep > 1 && (p.folded() ? stageRanks % (static_cast<long long>(p.etp) * p.ep) != 0 : p.dp % p.ep != 0)) --p.ep;
    if (p.pp == 1) p.vpp = 1;
    if (p.vpp > 1) p.schedule = Schedule::Interleaved;
    else if (p.schedule == Schedule::Interleaved) p.schedule = Schedule::OneFOneB;
    return p;
}

} // namespace scalescope

#include "model/search/parallelism_sweep.h"

#include "model/network/axis_groups.h"
#include "model/search/layout_grid.h"
#include "model/training/layout_check.h"
#include "model/training/layout_fit.h"

#include <algorithm>
#include <limits>

namespace scalescope {

namespace {

constexpr std::array<std::string_view, 6> kKeys{"tp", "pp", "cp", "ep", "mbs", "gpus"};

long long product(std::initializer_list<int> sizes)
{
    long long p = 1;
    for (int s : sizes) p *= s;
    return p;
}

// The values the axis is swept over (ascending), before the layout check.
std::vector<long long> candidates(const EvaluationContext& ctx, SweepAxis axis)
{
    const Scenario& s = ctx.scenario;
    const ParallelLayout& p = s.parallel;
    const ModelSpec& m = ctx.model;
    const auto divisors = [](long long n, long long limit) {
        std::vector<long long> out;
        if (n < 1) return out;
        for (int d : divisorsUpTo(n, limit)) out.push_back(d);
        return out;
    };
    const auto freeGpus = [&](long long others) { return others > 0 && s.gpus % others == 0 ? s.gpus / others : 0; };
    switch (axis) {
    case SweepAxis::Tp: return divisors(freeGpus(product({p.pp, p.cp})), m.heads.value);
    case SweepAxis::Pp: return divisors(freeGpus(product({p.tp, p.cp})), m.layers.value);
    case SweepAxis::Cp: return divisors(freeGpus(product({p.tp, p.pp})), s.training.seqLen);
    case SweepAxis::Ep: // folded: ep takes its ranks from a stage's tp·cp·dp, etp·ep of them
        return divisors(p.folded() ? product({p.tp, p.cp, p.dp}) / p.etp : p.dp, m.moe ? m.moe->experts.value : 1);
    case SweepAxis::Microbatch:
        return p.dp > 0 && s.training.globalBatch % p.dp == 0 ? divisors(s.training.globalBatch / p.dp, s.training.globalBatch)
                                                              : std::vector<long long>{};
    case SweepAxis::Gpus: {
        std::vector<long long> out;
        const long long mp = product({p.tp, p.pp, p.cp});
        const long long maxGpus = std::max<long long>(ctx.system.scaleOut.maxGpus.value, s.gpus);
        if (p.microbatchSize < 1 || s.training.globalBatch % p.microbatchSize != 0) return out;
        for (long long dp : divisors(s.training.globalBatch / p.microbatchSize, std::numeric_limits<int>::max()))
            if (mp * dp <= maxGpus) out.push_back(mp * dp);
        return out;
    }
    }
    return {};
}

// The scenario with the axis at `value`, made consistent as a slider does.
Scenario withValue(const Scenario& base, SweepAxis axis, long long value)
{
    Scenario s = base;
    ParallelLayout& p = s.parallel;
    const int v = static_cast<int>(value);
    switch (axis) {
    case SweepAxis::Tp: p.tp = v; break;
    case SweepAxis::Pp: p.pp = v; break;
    case SweepAxis::Cp: p.cp = v; break;
    case SweepAxis::Ep: p.ep = v; break;
    case SweepAxis::Microbatch: p.microbatchSize = v; break;
    case SweepAxis::Gpus:
        s.gpus = value;
        p = fitLayout(p, value);
        return s;
    }
    p = rebalanceLayout(p, s.gpus);
    return s;
}

bool leavesNvlinkDomain(const EvaluationContext& ctx, SweepAxis axis, const ParallelLayout& p)
{
    if (axis == SweepAxis::Microbatch) return false;
    if (axis == SweepAxis::Gpus) return ctx.scenario.gpus > ctx.tiers.domainGpus();
    const AxisGroups g = axisGroups(ctx.tiers, p);
    const GroupPlacement& group = axis == SweepAxis::Tp ? g.tp : axis == SweepAxis::Pp ? g.pp : axis == SweepAxis::Cp ? g.cp : g.ep;
    return group.spannedTier >= 1;
}

SweepPoint pointOf(const EvaluationContext& ctx, SweepAxis axis, long long value, const Evaluation& e)
{
    SweepPoint pt;
    pt.value = value;
    pt.gpus = ctx.scenario.gpus;
    pt.layout = ctx.scenario.parallel;
    pt.stepTime = e.stepTime;
    pt.mfu = e.mfu;
    pt.tokensPerS = e.tokensPerS;
    pt.memoryPerGpu = e.memory.total;
    pt.memoryLimit = e.memory.capacity;
    pt.fits = e.memory.fits;
    pt.fitsWithSpill = e.memory.fitsWithSpill;
    pt.exposedComm = e.exposedComm;
    for (std::size_t a = 0; a < pt.exposedByAxis.size(); ++a) pt.exposedByAxis[a] = e.comm[a].exposed;
    pt.leavesNvlinkDomain = leavesNvlinkDomain(ctx, axis, pt.layout);
    return pt;
}

} // namespace

std::string_view sweepAxisKey(SweepAxis a) noexcept { return kKeys[static_cast<std::size_t>(a)]; }

std::optional<SweepAxis> sweepAxisFromKey(std::string_view key) noexcept
{
    for (SweepAxis a : kSweepAxes)
        if (sweepAxisKey(a) == key) return a;
    return std::nullopt;
}

long long sweepAxisValue(const Scenario& s, SweepAxis a) noexcept
{
    const ParallelLayout& p = s.parallel;
    switch (a) {
    case SweepAxis::Tp: return p.tp;
    case SweepAxis::Pp: return p.pp;
    case SweepAxis::Cp: return p.cp;
    case SweepAxis::Ep: return p.ep;
    case SweepAxis::Microbatch: return p.microbatchSize;
    case SweepAxis::Gpus: return s.gpus;
    }
    return 0;
}

AxisSweep sweepAxis(const EvaluationContext& ctx, const SpecCatalog& catalog, SweepAxis axis)
{
    AxisSweep out;
    out.axis = axis;
    out.current = sweepAxisValue(ctx.scenario, axis);
    out.nvlinkDomainGpus = ctx.tiers.domainGpus();
    if (ctx.scenario.mode != Mode::Training) {
        out.errorPath = "/mode";
        out.error = "expected a training scenario: the sweep charts a training step (an inference scenario's batch "
                    "sweep is the throughput–latency chart)";
        return out;
    }
    if (const auto problem = layoutProblem(ctx, ctx.scenario.parallel)) {
        out.errorPath = problem->path;
        out.error = problem->message;
        return out;
    }
    EvaluationContext probe = ctx; // non-GPU axes: only the scenario's layout changes
    for (long long value : candidates(ctx, axis)) {
        const Scenario s = withValue(ctx.scenario, axis, value);
        std::optional<EvaluationContext> resized;
        EvaluationContext* at = &probe;
        if (axis == SweepAxis::Gpus) { // a cluster of another size: its own network tiers
            SpecErrors errors;
            resized = makeEvaluationContext(s, catalog, errors);
            if (!resized) {
                const std::string path = errors.empty() ? "/gpus" : errors.front().path;
                out.excluded.push_back({value, path, errors.empty() ? "the system cannot be resolved" : errors.front().message});
                continue;
            }
            resized->publishedMfuCeiling = ctx.publishedMfuCeiling;
            resized->publishedMfuCeilingRun = ctx.publishedMfuCeilingRun;
            at = &*resized;
        } else {
            probe.scenario = s;
        }
        if (const auto problem = layoutProblem(*at, s.parallel)) {
            out.excluded.push_back({value, problem->path, problem->message});
            continue;
        }
        const Evaluation e = evaluate(*at, s.parallel);
        if (!e.ok) {
            out.excluded.push_back({value, e.errorPath, e.error});
            continue;
        }
        out.points.push_back(pointOf(*at, axis, value, e));
    }
    for (const SweepPoint& p : out.points) {
        if (p.leavesNvlinkDomain && !out.nvlinkDomainBoundary) out.nvlinkDomainBoundary = p.value;
        if (out.memoryLimit.si == 0 || p.memoryLimit < out.memoryLimit) out.memoryLimit = p.memoryLimit;
    }
    out.ok = true;
    return out;
}

} // namespace scalescope

#pragma once
// The collective rows of the operation table (step_communication.cpp,
// step_operations.cpp): a collective's cost through the stage's memo, and the
// row that shows it with the link efficiency at its bottleneck tier.

#include "model/core/operation_table.h"
#include "model/network/collectives.h"
#include "model/training/evaluation_context.h"
#include "model/training/stage_operations.h"

#include <algorithm>
#include <string>

namespace scalescope::collective_rows {

struct Comm {
    const EvaluationContext& ctx;
    CollectiveMemo* memo; // the stage's groups' memo (stage_operations.h)
    CollectiveOptions options;

    Comm(const EvaluationContext& c, const StageGeometry& g, double topK = 0)
        : ctx(c), memo(g.collectives), options{c.scenario.efficiency, c.scenario.network.sharp, topK, &c.calibration}
    {
    }
    // `group` is one of the stage's groups (g.groups()). The reference is
    // valid until the next run(): copy what must outlive it.
    [[nodiscard]] const CollectiveCost& run(CollectiveKind k, Bytes b, const GroupPlacement& group) const noexcept
    {
        return memo->cost(ctx.tiers, k, b, group, options);
    }
    // The link efficiency applied at the bottleneck tier, and its source.
    void describe(const CollectiveCost& c, double& efficiency, const std::string*& source) const noexcept
    {
        efficiency = 1;
        source = nullptr;
        if (c.bottleneckTier < 0 || ctx.scenario.efficiency != EfficiencyMode::Measured) return;
        efficiency = c.tiers[static_cast<size_t>(c.bottleneckTier)].efficiency;
        source = c.bottleneckTier == 0 ? &ctx.calibration.nvlinkAchievableFraction.source
                                       : &ctx.calibration.scaleOutAchievableFraction.source;
    }
};

inline OpRow commRow(double efficiency, const std::string* source, OpKind op, Phase phase, OpStream stream, OpScope scope,
              double count, Bytes bytes, Seconds time, Seconds hidden) noexcept
{
    return {op, phase, stream, scope, OpBound::Collective, count, Flops{}, bytes, efficiency, source, time,
            std::clamp(hidden, Seconds{}, time)};
}

inline OpRow commRow(const Comm& comm, const CollectiveCost& c, OpKind op, Phase phase, OpStream stream, OpScope scope,
              double count, Bytes bytes, Seconds time, Seconds hidden) noexcept
{
    double efficiency = 1;
    const std::string* source = nullptr;
    comm.describe(c, efficiency, source);
    return commRow(efficiency, source, op, phase, stream, scope, count, bytes, time, hidden);
}

} // namespace scalescope::collective_rows

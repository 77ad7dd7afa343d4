#pragma once
// Ranks the serving layouts of an inference scenario: every tp · pp · dp
// mesh of its GPUs with ep dividing dp (layout_grid.h; cp = 1), each at the
// batch its objective picks, subject to the user's TPOT and TTFT limits.
//
//   throughput  the largest batch (at most max_batch) whose TPOT and TTFT
//               meet the limits, ranked by output tokens/s per GPU there:
//               throughput per GPU never falls as the batch grows, so that
//               batch is the layout's best point under the limits.
//   latency     the scenario's batch (batch 1 for "max"), ranked by lowest
//               TPOT, ties by TTFT; a layout where that batch does not fit
//               or misses a limit is left out.

#include "model/inference/inference_evaluation.h"
#include "model/spec/scenario.h"

#include <optional>
#include <string_view>
#include <vector>

namespace scalescope {

struct ResolvedSystem;

enum class ServingObjective { Throughput, Latency };

[[nodiscard]] std::string_view servingObjectiveKey(ServingObjective o) noexcept;
[[nodiscard]] std::optional<ServingObjective> servingObjectiveFromKey(std::string_view key) noexcept;

struct ServingLimits {
    std::optional<Seconds> tpotMax, ttftMax;
    [[nodiscard]] bool met(const InferenceEvaluation& e) const noexcept
    {
        return (!tpotMax || e.tpot <= *tpotMax) && (!ttftMax || e.ttft <= *ttftMax);
    }
};

// The scenario's own limits ("inference.tpot_max", "inference.ttft_max").
[[nodiscard]] inline ServingLimits servingLimitsOf(const InferenceSettings& in) noexcept
{
    return {in.tpotMax, in.ttftMax};
}

struct ServingSearchOptions {
    ServingObjective objective = ServingObjective::Throughput;
    ServingLimits limits;
    int top = 10;
};

struct RankedServingLayout {
    ParallelLayout layout;
    InferenceEvaluation evaluation; // at the chosen batch (evaluation.batch)
};

struct ServingSearchResult {
    std::vector<RankedServingLayout> best; // best first
    long long layouts = 0;                 // layouts the model can serve on (valid meshes)
    long long fitting = 0;                 // of those, how many hold at least one sequence
    long long meetingLimits = 0;           // of those, how many have a batch meeting the limits
    long long evaluations = 0;             // evaluateInference calls
};

[[nodiscard]] ServingSearchResult searchServingLayouts(const ResolvedSystem& sys,
                                                       const ServingSearchOptions& options = {});

// Whether `a` ranks before `b` under `objective`.
[[nodiscard]] bool servingRanksBefore(ServingObjective objective, const InferenceEvaluation& a,
                                      const InferenceEvaluation& b) noexcept;

} // namespace scalescope

#pragma once
// The events of one training step, for the timeline view and Chrome traces:
// every stage's forward/backward/recompute per micro-batch and its
// communication (TP, CP, EP, PP, DP), placed by simulating the schedule's
// dependencies. The simulation and pipelineTimes() agree; tests check it.

#include "model/core/evaluation.h"
#include "model/core/timeline_events.h"
#include "model/training/evaluation_context.h"

#include <vector>

namespace scalescope {

// Pipeline operations one step schedules: forwards and backwards (and the
// split weight-gradient passes of zero-bubble) of every micro-batch and
// virtual chunk on every stage. A timeline holds about three events each.
[[nodiscard]] long long pipelineOperations(const ParallelLayout& p, int microbatches) noexcept;

// Events of the evaluated step (e must be ok). Its end equals e.stepTime.
[[nodiscard]] Timeline buildTimeline(const EvaluationContext& ctx, const ParallelLayout& p, const Evaluation& e);

// The pipeline part alone: op order per stage and dependency simulation.
// Returns the makespan; `events` receives one compute event per op.
[[nodiscard]] Seconds simulatePipeline(const ParallelLayout& p, int microbatches, Seconds tF, Seconds tB, Seconds p2p,
                                       std::vector<TimelineEvent>* events);

} // namespace scalescope

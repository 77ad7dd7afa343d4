#pragma once
// Step-scoped rows of the operation table: the data-parallel gradient and
// parameter collectives (what hides them: model/training/step_communication.h),
// the optimizer step and superchip spill.

#include "model/training/evaluation_context.h"
#include "model/training/memory_per_gpu.h"
#include "model/training/stage_operations.h"

namespace scalescope {

// Step-scoped rows: data-parallel gradient and parameter collectives, the
// optimizer step and superchip spill, given the stage's per-micro-batch
// forward and backward times (the windows DP communication hides in).
// `zeroStage` is the scenario's own, or another one to weigh advice.
void addStepOperations(const EvaluationContext& ctx, const StageGeometry& g, Seconds stageForward, Seconds stageBackward,
                       const MemoryPerGpu& memory, int zeroStage, Evaluation& e) noexcept;

} // namespace scalescope

#pragma once
// One serving cycle of an inference evaluation as the energy model's unit of
// work (power/energy_model.h): every (decode) replica serves one batch of
// B requests of O output tokens, dp · B · O tokens at the evaluation's
// output tokens per second, at the cycle's compute utilisation (cycleMfu).
// It is the cycle evaluateInference prices its energy per token and cost
// per million tokens on; the power and cooling views report the same cycle.

#include "model/core/resolved_system.h"
#include "model/inference/inference_evaluation.h"
#include "model/power/energy_model.h"

namespace scalescope {

// The cycle of an evaluated inference (e.ok) of the scenario of `sys`.
[[nodiscard]] StepWork servingWork(const ResolvedSystem& sys, const InferenceEvaluation& e) noexcept;

} // namespace scalescope

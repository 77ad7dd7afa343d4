#pragma once
// One serving cycle of an inference evaluation as the energy model's unit of
// work (power/energy_model.h): each replica prefills its batch and decodes
// it, TTFT + (O − 1) · TPOT, producing dp · B · O output tokens, at the
// compute utilisation of the cycle's FLOPs against the BF16 dense peak. The
// energy per token evaluateInference reports is this cycle's facility
// energy per token; the power and cooling views report the same cycle.

#include "model/core/resolved_system.h"
#include "model/inference/inference_evaluation.h"
#include "model/power/energy_model.h"

namespace scalescope {

// FLOPs one GPU computes in one pass of `phase` (the compute rows of the table).
[[nodiscard]] Flops passFlops(const OperationTable& t, Phase phase) noexcept;

// The cycle of an evaluated inference (e.ok) of the scenario of `sys`.
[[nodiscard]] StepWork servingWork(const ResolvedSystem& sys, const InferenceEvaluation& e) noexcept;

} // namespace scalescope

#pragma once
// The evaluation as the JSON contract of DESIGN.md ("Evaluation JSON"):
// SI units (seconds, bytes, watts, joules); keys are never renamed.

#include "model/core/evaluation.h"
#include "model/training/evaluation_context.h"

#include <nlohmann/json.hpp>

namespace scalescope {

// The calibrations the numbers rest on: {"compute": id, "network": id, and
// "compute_user", "network_user" (imported by the user) and
// "compute_carried_over" (a curve carried over from another GPU)}.
[[nodiscard]] nlohmann::json calibrationsJson(const ResolvedSystem& r);

[[nodiscard]] nlohmann::json evaluationToJson(const EvaluationContext& ctx, const Evaluation& e);

} // namespace scalescope

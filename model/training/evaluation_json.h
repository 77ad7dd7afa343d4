#pragma once
// The evaluation as the JSON contract of DESIGN.md ("Evaluation JSON"):
// SI units (seconds, bytes, watts, joules); keys are never renamed.

#include "model/core/evaluation.h"
#include "model/training/evaluation_context.h"

#include <nlohmann/json.hpp>

namespace scalescope {

[[nodiscard]] nlohmann::json evaluationToJson(const EvaluationContext& ctx, const Evaluation& e);

} // namespace scalescope

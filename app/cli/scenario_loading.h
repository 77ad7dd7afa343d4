#pragma once
// Loads a scenario file and resolves it into an evaluation context, writing
// "file: /path: expected ..., found ..." lines to err on failure.

#include "model/training/evaluation_context.h"

#include <optional>
#include <ostream>
#include <string>

namespace scalescope::cli {

[[nodiscard]] std::optional<EvaluationContext> loadContext(const std::string& file, std::ostream& err);

} // namespace scalescope::cli

#pragma once
// The keys a scenario document may hold, block by block, and the check that
// turns a key nobody reads ("global_bacth") into a warning with the nearest
// known key. A scenario's unknown keys are warnings, not errors: a file from a
// newer ScaleScope still opens.

#include "model/spec/spec_error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace scalescope {

// One warning per key the scenario reader does not know, with its JSON path
// and a "did you mean" when a known key is close. Inline system and model
// objects are specs and are checked by the spec reader, not here.
[[nodiscard]] std::vector<SpecError> unknownScenarioKeys(const nlohmann::json& doc, const std::string& file);

} // namespace scalescope

#pragma once
// The keys a scenario document may hold, block by block, and the check that
// turns a key nobody reads ("global_bacth") into an error with the nearest
// known key: a misspelt setting would otherwise run on its default unseen.

#include "model/spec/spec_error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace scalescope {

// Keys for people, read by nobody, that a scenario may hold at its top level
// (the spec reader allows the same ones anywhere in a spec).
[[nodiscard]] const std::vector<std::string>& scenarioDocumentationKeys();

// One error per key the scenario reader does not know, with its JSON path
// and a "did you mean" when a known key is close. Inline system and model
// objects are specs and are checked by the spec reader, not here.
[[nodiscard]] SpecErrors unknownScenarioKeys(const nlohmann::json& doc, const std::string& file);

} // namespace scalescope

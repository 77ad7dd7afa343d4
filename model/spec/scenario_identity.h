#pragma once
// A scenario's name and description describe what it trains on what. When an
// edit changes the model, the system or the GPU count, they follow: the old
// model's name and GPU count in the name are replaced by the new ones
// ("Llama 3 70B on 64 H100" → "Mixtral 8x7B on 64 H100"), and a description
// written for the old setup is marked as such rather than left to mislead.

#include "model/spec/scenario.h"

namespace scalescope {

class SpecCatalog;

// `after` with its name and description brought in line with its model,
// system and GPU count, given the scenario it was edited from.
[[nodiscard]] Scenario followIdentity(const Scenario& before, Scenario after, const SpecCatalog& catalog);

// The sentence that marks a description written for an earlier setup.
[[nodiscard]] std::string editedFromNote(const std::string& originalName);

} // namespace scalescope

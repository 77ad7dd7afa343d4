#pragma once
// Resolves a scenario's system against the spec catalog (core/resolved_system.h),
// for any mode: the specs, the calibrations, the facility and the network
// tiers of the topology graph (network/topology.h).

#include "model/core/resolved_system.h"

#include <optional>
#include <string>

namespace scalescope {

// Problems (unknown ids, a missing calibration, more GPUs than the system
// holds) go to errors with JSON paths. Empty when the system, model or GPU
// cannot be found or the network cannot join the GPUs; otherwise the
// resolution, whose network tiers are built only when no problem was found
// (the caller then gives up: it checks whether errors grew).
[[nodiscard]] std::optional<ResolvedSystem> resolveSystem(const Scenario& s, const SpecCatalog& catalog,
                                                          SpecErrors& errors, const std::string& file = "scenario");

} // namespace scalescope

#pragma once
// One GPU family's measured kernel speeds (specs/calibration/compute-*.json):
// GEMM grids per precision and pass, grouped (MoE) GEMMs, fused attention,
// memory-bound kernels, launch cost. Read by the spec reader; queried through
// kernel_efficiency.h. STUB: the calibration work fills this in.

#include "model/spec/sourced.h"
#include "model/spec/units.h"

#include <string>
#include <vector>

namespace scalescope {

struct ComputeCalibration {
    std::string id, name;
    SourceMap sources;
    std::vector<std::string> architectures; // GPU architectures it applies to ("hopper")
    std::string theoreticalSource = "roofline"; // source key shown in theoretical mode
};

} // namespace scalescope

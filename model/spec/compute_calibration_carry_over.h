#pragma once
// A compute calibration carried over from a measured family
// ("carried_over"): its block of scales and relative kernels, and the
// measured family's tables scaled by them. Internal to model/spec
// (compute_calibration.cpp: readComputeCalibration, resolveCarryOver).

#include "model/spec/compute_calibration.h"

namespace scalescope {

// The "/carried_over" block: the base family's id, the assumption, the
// default attention kernel's id, relative kernels and scales. No tables.
void readCarriedOver(SpecReader& r, ComputeCalibration& c);

// Copies the base's peaks, tables, launch cost, MoE imbalance and citations
// into `t`, the tables scaled by t's carry scales; the fallback keys are
// left to the caller.
void carryOverTables(ComputeCalibration& t, const ComputeCalibration& base);

} // namespace scalescope

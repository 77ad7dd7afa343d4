#pragma once
// Compute beside overlapped communication runs slower: communication kernels
// hold SMs and HBM bandwidth (measured mode only; the roofline has none).
// Each phase of a micro-batch gets one `overlap_contention` compute row that
// charges a rate — seconds of compute per second of hidden communication —
// from the calibration (nccl-measured.json, Lee et al. 2025):
//
//   layer-level overlap (TP comm-GEMM overlap, CP ring, EP AllToAll), chunked
//   beside the GEMMs that hide it:        s = overlap_compute_slowdown (0.189)
//   data-parallel traffic, NCCL on a side stream beside whole passes:
//                                         s / ((1 + p)(1 + s) − 1) = 0.609,
//   p = overlap_sequential_penalty (0.102). Lee et al.'s overlaps had compute C
//   slowed by s beside communication M, and C + M = (1 + p)(1 + s) C: so
//   M / C = 0.310, and each hidden second cost s / (M / C) seconds of compute.
//   Without p the data-parallel rate is s as well.
// Both together add at most overlap_compute_slowdown_max (0.400, the largest
// slowdown Lee et al. measured) of a micro-batch's compute: past M/C = 0.310
// the per-second rate would charge more than slowing every pass over its
// whole length does.

#include "model/spec/hardware_specs.h"
#include "model/training/evaluation_context.h"
#include "model/core/operation_table.h"

#include <string>

namespace scalescope {

struct ContentionRate {
    double rate = 0;                     // seconds of compute per hidden second
    const std::string* source = nullptr; // calibration source key behind it
};

[[nodiscard]] ContentionRate layerContentionRate(const CalibrationSpec& c) noexcept;
[[nodiscard]] ContentionRate sideStreamContentionRate(const CalibrationSpec& c) noexcept;

// One row per phase for the TP, CP and EP time hidden in the table's rows.
void addLayerContention(const EvaluationContext& ctx, OperationTable& t) noexcept;
// What contention may still add to a micro-batch: overlap_compute_slowdown_max
// of its passes' compute less the contention already charged (infinite
// without the bound).
[[nodiscard]] Seconds contentionBudget(const CalibrationSpec& c, const OperationTable& t) noexcept;
// One backward row for the data-parallel time hidden per micro-batch, within
// the budget.
void addDataParallelContention(const EvaluationContext& ctx, OperationTable& t, Seconds hiddenPerMicrobatch) noexcept;

} // namespace scalescope

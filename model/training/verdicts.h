#pragma once
// The model's judgements of a layout, with the reason in plain words:
// "TP = 16 spans 2 NVLink domains", "per-GPU batch 1,024 tokens is below the
// DP critical batch of ~2,475" (seed 004's rooflines).

#include "model/network/axis_groups.h"
#include "model/core/evaluation.h"
#include "model/core/warning_texts.h"
#include "model/training/evaluation_context.h"

#include <string>

namespace scalescope {

// Appends warnings to `e` (called by evaluate(), which passes the groups it
// placed; the first form places them again).
void addVerdicts(const EvaluationContext& ctx, const ParallelLayout& p, Evaluation& e) noexcept;
void addVerdicts(const EvaluationContext& ctx, const ParallelLayout& p, const AxisGroups& groups, Evaluation& e) noexcept;

// The warnings' keys and texts: core/warning_texts.h.

} // namespace scalescope

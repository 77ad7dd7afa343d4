#pragma once
// The operations of one micro-batch through the bottleneck pipeline stage,
// appended to the operation table (operation_table.h): every GEMM, the fused
// attention kernel, the memory-bound kernels, FP8 casts and the per-layer
// collectives (TP, CP, EP) of the forward, backward and recompute passes.
//
// Shapes on one GPU (b micro-batch, s sequence, t = tp, c = cp, T = b·s/c):
//   QKV        M = T, N = (a + 2g)·d / t, K = h      (MLA: four GEMMs)
//   attention  scores and values over T queries (causal half), a/t heads
//   out        M = T, N = h, K = a·d / t
//   MLP up     M = T, N = 2F / t (SwiGLU) or F / t,  K = h
//   MLP down   M = T, N = h, K = F / t
//   experts    grouped GEMM, E/ep local experts, ep·T·k/E tokens each, N = 2F_e / t
//   logits     M = T, N = V / t, K = h
// Memory-bound kernels run on the T/t sequence-parallel tokens and move the
// fewest bytes they must (inputs read plus outputs written). A backward GEMM
// is its data-gradient and weight-gradient GEMMs, each at its own efficiency.

#include "model/network/axis_groups.h"
#include "model/training/evaluation_context.h"
#include "model/training/operation_table.h"

namespace scalescope {

struct StageGeometry {
    double tokens = 0;         // T: tokens of one micro-batch on this CP rank
    double denseLayers = 0;    // dense layers in the stage
    double moeLayers = 0;      // MoE layers in the stage
    bool firstStage = true;    // holds the embedding
    bool lastStage = true;     // holds the logits and the loss
    int microbatches = 1;      // per pipeline, per step
    // Every group of each axis, placed on the network tiers: a per-thread memo
    // entry (stageGeometry), valid until this thread evaluates another layout.
    const AxisGroups* placed = nullptr;
    [[nodiscard]] const AxisGroups& groups() const noexcept { return *placed; }
};

[[nodiscard]] StageGeometry stageGeometry(const EvaluationContext& ctx, const ParallelLayout& p) noexcept;

// Appends the micro-batch rows (compute and per-layer collectives).
void addStageOperations(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                        Evaluation& e) noexcept;

} // namespace scalescope

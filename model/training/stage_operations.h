#pragma once
// The operations of one micro-batch through the bottleneck pipeline stage,
// appended to the operation table (operation_table.h): every GEMM, the fused
// attention kernel, the memory-bound kernels, FP8 casts and the per-layer
// collectives (TP, CP, EP) of the forward, backward and recompute passes
// (the compute rows and their GEMM shapes: layer_kernels.h).

#include "model/training/memory_per_gpu.h"
#include "model/network/axis_groups.h"
#include "model/network/collective_memo.h"
#include "model/training/evaluation_context.h"
#include "model/core/operation_table.h"
#include "model/core/recompute_policy.h"

#include <array>

namespace scalescope {

struct StageGeometry {
    double tokens = 0;         // T: tokens of one micro-batch on this CP rank
    double denseLayers = 0;    // dense layers in the stage
    double moeLayers = 0;      // MoE layers in the stage (multi-token-prediction blocks included)
    int mtpModules = 0;        // multi-token-prediction modules on this stage: their projections, norms and heads
    bool firstStage = true;    // holds the embedding
    bool lastStage = true;     // holds the logits and the loss
    int microbatches = 1;      // per pipeline, per step
    // The share of each kind of forward work (RecomputedWork) the backward
    // runs again under the scenario's recompute mode (recompute_policy.h).
    std::array<double, kRecomputedWorkKinds> recomputed{};
    // Parameters this GPU holds (paramsPerGpu), counted once for the memory
    // and the data-parallel collectives.
    ParamsPerGpu params;
    // Every group of each axis, placed on the network tiers: a per-thread memo
    // entry (stageGeometry), valid until this thread evaluates another layout.
    const AxisGroups* placed = nullptr;
    // The costs of collectives over those groups, kept beside them (per thread too).
    CollectiveMemo* collectives = nullptr;
    [[nodiscard]] const AxisGroups& groups() const noexcept { return *placed; }
};

[[nodiscard]] StageGeometry stageGeometry(const EvaluationContext& ctx, const ParallelLayout& p) noexcept;

// Appends the micro-batch rows (compute and per-layer collectives).
void addStageOperations(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                        Evaluation& e) noexcept;

} // namespace scalescope

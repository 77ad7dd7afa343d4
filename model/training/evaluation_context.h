#pragma once
// Everything a training evaluation needs, resolved once per scenario: the
// resolved system (model/core/resolved_system.h) and the training settings
// resolved from scenario.training. Evaluating a different parallel layout
// reuses the context (the layout search does).

#include "model/core/evaluation.h"
#include "model/core/resolved_system.h"
#include "model/core/transformer_cost.h"

#include <optional>
#include <string>

namespace scalescope {

// The training mode's own settings, resolved from scenario.training.
struct TrainingSetup {
    ModelCost cost;        // at scenario.training.seqLen
    FlopsPerSecond peak{}; // dense Tensor Core peak at the training precision
    int attentionKernel = 0;             // index into compute.attention (training.attention_kernel)
    bool attentionKernelMissing = false; // the scenario names a kernel the family has no table for: the default runs
    // An input, 0 until the caller sets it (validation/context_ceiling.h):
    // the best published BF16 MFU of the class (dense or MoE, 16-bit or FP8
    // and below) on any GPU; 0 when none. A result above it gets a warning
    // and the layout search marks it beyond any published run.
    double publishedMfuCeiling = 0;
    std::string publishedMfuCeilingRun; // the name of the run that sets it
};

struct EvaluationContext : ResolvedSystem, TrainingSetup {};

// Resolves the system (system/resolve_system.h) and the training settings
// (the published-MFU ceiling is left to the caller);
// problems (unknown ids, an unsupported precision, more GPUs than the system
// holds) go to errors with JSON paths.
[[nodiscard]] std::optional<EvaluationContext> makeEvaluationContext(const Scenario& s, const SpecCatalog& catalog,
                                                                     SpecErrors& errors, const std::string& file = "scenario");

// Evaluates one training step of `layout` (or the scenario's own layout).
[[nodiscard]] Evaluation evaluate(const EvaluationContext& ctx, const ParallelLayout& layout);
[[nodiscard]] inline Evaluation evaluate(const EvaluationContext& ctx) { return evaluate(ctx, ctx.scenario.parallel); }

} // namespace scalescope

#pragma once
// Whether a parallel layout can run a scenario at all. Cheap when it can
// (the search calls it for every candidate); a message a user reads when not.

#include "model/training/evaluation_context.h"

namespace scalescope {

struct LayoutProblem {
    std::string path;    // "/parallel/tp"
    std::string message; // "expected tp to divide heads (64), found 48"
};

// The model-shape rules of a layout, shared with fitLayoutToModel: tp divides
// the attention heads and the KV heads (or is a multiple of them); ep divides
// the experts of a MoE model and is 1 for a dense one.
[[nodiscard]] bool tpSplitsHeads(const ModelSpec& m, int tp) noexcept;
[[nodiscard]] bool epSplitsExperts(const ModelSpec& m, int ep) noexcept;

[[nodiscard]] bool layoutIsValid(const EvaluationContext& ctx, const ParallelLayout& p) noexcept;
[[nodiscard]] std::optional<LayoutProblem> layoutProblem(const EvaluationContext& ctx, const ParallelLayout& p);

// Micro-batches per pipeline per step: global_batch / (dp · microbatch_size).
[[nodiscard]] inline int microbatchCount(const Scenario& s, const ParallelLayout& p) noexcept
{
    return s.training.globalBatch / (p.dp * p.microbatchSize);
}

} // namespace scalescope

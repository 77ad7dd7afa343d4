#pragma once
// "Why this number": the operation table of an evaluation, per step, with
// each row's share of the step and the citation behind its efficiency —
// as JSON (evaluate --breakdown, reports) and as grouped totals (the GUI).

#include "model/core/evaluation.h"
#include "model/core/row_provenance.h"
#include "model/training/evaluation_context.h"

#include <nlohmann/json.hpp>

#include <string>

namespace scalescope {

// Instances of a row per step on one GPU (micro-batch rows × micro-batches).
[[nodiscard]] double rowsPerStep(const OpRow& r, const Evaluation& e) noexcept;

// Where the step goes, in seconds per step on the bottleneck stage's GPU:
// compute by bound, exposed communication by axis, bubble, optimizer.
struct StepBreakdown {
    Seconds gemm{}, groupedGemm{}, attention{}, memoryBound{}, optimizer{}, bubble{}, other{};
    Seconds contention{}; // compute slowed by overlapped collectives
    std::array<Seconds, kCommAxes> exposed{};
    std::array<Seconds, kCommAxes> hidden{};
};
[[nodiscard]] StepBreakdown stepBreakdown(const Evaluation& e) noexcept;

// The step as the planner's headline figures split it, in seconds per step:
// compute by pass (forward, backward with its weight gradients, recompute;
// together Evaluation::computeTime), exposed communication by axis (together
// exposedComm), the bubble (bubbleTime) and the optimizer with any spill
// over C2C. They sum to stepTime.
struct StepShares {
    Seconds forward{}, backward{}, recompute{};
    std::array<Seconds, kCommAxes> exposed{};
    Seconds bubble{}, optimizer{};
};
[[nodiscard]] StepShares stepShares(const Evaluation& e) noexcept;

// {"rows": [...], "summary": {...}}; every time in seconds per step.
[[nodiscard]] nlohmann::json breakdownToJson(const EvaluationContext& ctx, const Evaluation& e);

// A plain-text table of the rows, largest first, for a terminal.
[[nodiscard]] std::string breakdownText(const EvaluationContext& ctx, const Evaluation& e);

// The id of the fused-attention kernel the attention rows are costed with
// ("cudnn", "flash2"): training.attention_kernel or the GPU family's default;
// empty in theoretical mode.
[[nodiscard]] std::string attentionKernelId(const EvaluationContext& ctx);

} // namespace scalescope

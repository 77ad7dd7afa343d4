#pragma once
// The planner's headline figures of an inference scenario: a name, how it is
// made (the tooltip) and its value, read from the result's InferenceEvaluation
// (model/inference/inference_evaluation.h); nothing is computed here.

#include "planner_result.h"

#include <QString>

#include <functional>
#include <vector>

namespace scalescope {

struct Headline {
    QString name, tip;
    std::function<QString(const PlannerResult&)> value;
};

// TTFT, TPOT, tokens/s per user, tokens/s per GPU, output tokens/s, max
// batch, KV cache per GPU, energy per token (translated at each call).
[[nodiscard]] std::vector<Headline> servingHeadlines();

} // namespace scalescope

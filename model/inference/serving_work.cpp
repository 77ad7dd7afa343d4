#include "model/inference/serving_work.h"

namespace scalescope {

StepWork servingWork(const ResolvedSystem& sys, const InferenceEvaluation& e) noexcept
{
    const double tokens = static_cast<double>(e.replicas) * e.batch * sys.scenario.inference.outputTokens;
    return {sys.scenario.gpus, Seconds{tokens / e.outputTokensPerS}, tokens, e.cycleMfu, 0.0};
}

} // namespace scalescope

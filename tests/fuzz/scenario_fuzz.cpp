// libFuzzer harness: a scenario file of arbitrary bytes through the scenario
// reader, the evaluation context and a full evaluation of its mode (a
// training step, or an inference scenario's prefill, decode and memory). Any
// crash, hang, NaN or infinity in an evaluated number fails.

#include "fuzz_support.h"

#include "model/inference/inference_step.h"
#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"
#include "model/training/evaluation_context.h"

#include <cmath>
#include <cstdlib>

namespace {

void requireFinite(double v)
{
    if (!std::isfinite(v)) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace scalescope;
    const auto file = fuzz::writeInput(data, size, "-scenario.json");
    SpecErrors errors;
    const auto scenario = loadScenarioFile(file, errors);
    if (!scenario) return 0;
    const auto ctx = makeEvaluationContext(*scenario, fuzz::shippedCatalog(), errors, file.string());
    if (!ctx) return 0;
    if (scenario->mode == Mode::Inference) {
        const InferenceEvaluation e = evaluateInference(*ctx);
        if (!e.ok) {
            if (e.error.empty()) std::abort(); // a refusal always says why
            return 0;
        }
        for (double v : {e.ttft.si, e.tpot.si, e.kvCache.si, e.kvCachePerGpu.si, e.tokensPerSPerUser,
                         e.outputTokensPerS, e.tokensPerSPerGpu, e.decodeMfu, e.energyPerToken.si,
                         e.costPerMillionTokens, e.kvTransfer.si, e.draftTime.si, e.acceptedPerStep})
            requireFinite(v);
        if (e.ttft.si < 0 || e.tpot.si < 0) std::abort();
        for (int i = 0; i < e.ops.size(); ++i) requireFinite(e.ops[i].time.si);
        return 0;
    }
    const Evaluation e = evaluate(*ctx);
    if (!e.ok) {
        if (e.error.empty()) std::abort(); // a refusal always says why
        return 0;
    }
    for (double v : {e.stepTime.si, e.computeTime.si, e.exposedComm.si, e.bubbleTime.si, e.mfu, e.mfuAtPrecision, e.hfu,
                     e.tokensPerS, e.tokensPerSPerGpu, e.memory.total.si})
        requireFinite(v);
    for (int i = 0; i < e.ops.size(); ++i) requireFinite(e.ops[i].time.si);
    return 0;
}

// libFuzzer harness: a scenario file of arbitrary bytes through the scenario
// reader, the evaluation context and a full training-step evaluation. Any
// crash, hang, NaN or infinity in an evaluated number fails (issue 11).

#include "fuzz_support.h"

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

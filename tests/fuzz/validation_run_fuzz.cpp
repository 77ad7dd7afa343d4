// libFuzzer harness: a validation run file of arbitrary bytes (a published
// training run, or an inference run when its kind says so) through the run
// readers and, when it reads, the model's evaluation of it against the
// shipped catalog. A crash, hang, NaN or infinity fails; a refusal must say why.

#include "fuzz_support.h"

#include "model/spec/spec_reader.h"
#include "model/validation/inference_validation.h"
#include "model/validation/validation_set.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

namespace {

void requireFinite(double v)
{
    if (!std::isfinite(v)) std::abort();
}

void requireSaid(const scalescope::SpecErrors& errors)
{
    for (const auto& e : errors)
        if (e.message.empty()) std::abort(); // every problem says what was expected
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace scalescope;
    const auto doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return 0;
    const std::string file = "fuzz-run.json";
    SpecErrors errors;
    if (documentKind(doc) == "inference-validation-run") {
        const auto run = parseInferenceValidationRun(doc, file, errors);
        requireSaid(errors);
        if (!run) return 0;
        const InferenceValidationOutcome o = evaluateInferenceValidationRun(*run, fuzz::shippedCatalog());
        if (!o.ok) {
            if (o.error.empty()) std::abort();
            return 0;
        }
        for (double v : {o.measuredTokensPerSPerGpu, o.predictedTokensPerSPerGpu, o.relativeError, o.predictedTpotS,
                         o.predictedTtftS})
            requireFinite(v);
        return 0;
    }
    const auto run = parseValidationRun(doc, file, errors);
    requireSaid(errors);
    if (!run) return 0;
    const ValidationOutcome o = evaluateValidationRun(*run, fuzz::shippedCatalog());
    if (!o.ok) {
        if (o.error.empty()) std::abort();
        return 0;
    }
    for (double v : {o.measuredTokensPerSPerGpu, o.predictedTokensPerSPerGpu, o.relativeError}) requireFinite(v);
    return 0;
}

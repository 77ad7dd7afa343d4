#pragma once
// Published end-to-end training runs (specs/validation/*.json), used only to
// check the calibrated model — never to fit it. Each run is a complete
// scenario plus what the publication measured (tokens per second per GPU,
// the definition-free figure; MFU when the paper gives it) and its citation.
//
//   error      = predicted / measured − 1
//   geo. mean  = exp(mean |ln(predicted / measured)|) − 1

#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_error.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace scalescope {

struct EvaluationContext;

struct ValidationRun {
    std::string id, name, runClass; // class: "dense" or "moe"
    std::filesystem::path file;
    SourceMap sources;
    Scenario scenario;
    Sourced<double> tokensPerSPerGpu; // measured
    std::optional<Sourced<double>> mfu; // measured BF16 MFU, when published with a model-FLOPs definition
    std::string derivation;           // how the measured figure follows from the publication
    std::vector<std::string> assumptions;
};

struct ValidationResult {
    const ValidationRun* run = nullptr;
    bool ok = false;
    std::string error;       // why it could not be evaluated
    std::string gpu, architecture, model;
    double activeParams = 0; // of the run's model
    double predictedTokensPerSPerGpu = 0, predictedMfu = 0;
    [[nodiscard]] double relativeError() const noexcept
    {
        return run && run->tokensPerSPerGpu.value > 0 ? predictedTokensPerSPerGpu / run->tokensPerSPerGpu.value - 1 : 0;
    }
};

// Reads every *.json under `dir` (sorted by file name); problems go to errors
// with file and JSON path, and the run is left out.
[[nodiscard]] std::vector<ValidationRun> loadValidationRuns(const std::filesystem::path& dir, SpecErrors& errors);
[[nodiscard]] std::optional<ValidationRun> parseValidationRun(const nlohmann::json& doc, const std::string& file,
                                                             SpecErrors& errors);

// Evaluates each run's scenario through the normal path.
[[nodiscard]] std::vector<ValidationResult> validate(const std::vector<ValidationRun>& runs, const SpecCatalog& catalog);

// exp(mean |ln(predicted / measured)|) − 1 over the results that evaluated.
[[nodiscard]] double geometricMeanError(const std::vector<ValidationResult>& results) noexcept;

// The published run nearest to a scenario, and the model's error on it:
// same GPU architecture first, then dense vs MoE, then the log-distance of
// active parameters and of GPU count, then precision. Null when none.
struct NearestRun {
    const ValidationResult* result = nullptr;
    double distance = 0;
};
[[nodiscard]] NearestRun nearestValidationRun(const EvaluationContext& ctx, const std::vector<ValidationResult>& results);

// Best measured BF16 MFU among the runs of an architecture and class (0: none).
[[nodiscard]] double bestPublishedMfu(const std::vector<ValidationResult>& results, const std::string& architecture,
                                      bool moe) noexcept;

// specs/validation next to the built-in specs.
[[nodiscard]] std::filesystem::path builtinValidationDir();

} // namespace scalescope

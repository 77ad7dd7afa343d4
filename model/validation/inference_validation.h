#pragma once
// Published inference measurements (specs/validation/inference/*.json, "kind":
// "inference-validation-run") and how far the inference model
// (inference/inference_step.h) is from each. Like the training runs
// (validation_set.h) they only report the model's error, never fit it.
//
// Each run states, before any error is computed, what it did that the model
// does not describe (`not_modelled`: a scheduler, lengths drawn from a
// distribution and modelled at their mean, ...); a run whose hardware or
// serving loop the model cannot represent carries `outside_bounds` and is
// shown but not held to the bounds.
//
// Error of a run: predicted / measured − 1 on output tokens/s per GPU (the
// bound metric), and on TPOT and TTFT where the publication gives them.

#include "model/spec/scenario.h"
#include "model/spec/sourced.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_error.h"
#include "model/training/evaluation_context.h"
#include "model/validation/validation_set.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scalescope {

struct InferenceValidationRun {
    std::string id, name;
    std::filesystem::path file;
    RunClass runClass = RunClass::Dense;
    SourceMap sources;
    Scenario scenario;                 // mode inference
    Sourced<double> tokensPerSPerGpu;  // measured output tokens/s per GPU, > 0
    std::optional<Sourced<double>> tpotS, ttftS; // measured, seconds, where published
    std::string derivation;            // arithmetic from the published figures
    std::vector<std::string> notModelled; // what the run did that the model does not describe
    std::vector<std::string> assumptions; // settings the publication omits and what was assumed
    std::string outsideBounds;            // why shown but not held; empty: held
};

struct InferenceValidationOutcome {
    const InferenceValidationRun* run = nullptr;
    bool ok = false;
    std::string error;
    std::string gpu, gpuArchitecture, model;
    long long gpus = 0;
    Precision precision = Precision::Bf16; // weights and GEMMs
    double totalParams = 0;
    int batch = 0;     // sequences per replica the model evaluated (max_batch for "max")
    bool fits = false; // the model's memory holds the batch
    double measuredTokensPerSPerGpu = 0, predictedTokensPerSPerGpu = 0;
    double relativeError = 0; // tokens/s per GPU: predicted / measured − 1
    double predictedTpotS = 0, predictedTtftS = 0;
    std::optional<double> tpotError, ttftError; // where measured
};

struct InferenceValidationReport {
    std::vector<InferenceValidationOutcome> outcomes; // in the order of the runs
    int evaluated = 0;
    double geometricMeanAbsError = 0; // tokens/s per GPU, over the ok outcomes
};

[[nodiscard]] std::optional<InferenceValidationRun> parseInferenceValidationRun(const nlohmann::json& doc,
                                                                                const std::string& file,
                                                                                SpecErrors& errors);
// Every *.json directly in dir, sorted by file name; none (and no error) when
// dir does not exist: a validation directory need not hold inference runs.
[[nodiscard]] std::vector<InferenceValidationRun> loadInferenceValidationSet(const std::filesystem::path& dir,
                                                                             SpecErrors& errors);
// The inference runs beside a training validation directory: dir/inference.
[[nodiscard]] std::filesystem::path inferenceValidationDir(const std::filesystem::path& validationDir);

[[nodiscard]] InferenceValidationOutcome evaluateInferenceValidationRun(const InferenceValidationRun& run,
                                                                        const SpecCatalog& catalog);
// `runs` must outlive the report (outcomes point into it).
[[nodiscard]] InferenceValidationReport evaluateInferenceValidationSet(std::span<const InferenceValidationRun> runs,
                                                                       const SpecCatalog& catalog);

// The held runs (no outside_bounds) that evaluated: their count, the
// geometric-mean and the largest |error| of tokens/s per GPU.
struct InferenceHeldSummary {
    int runs = 0;
    double geometricMean = 0, worst = 0;
};
[[nodiscard]] InferenceHeldSummary inferenceHeldSummary(const InferenceValidationReport& report);

// The published inference run closest to an inference scenario, for "how
// far off is the model near here". The training distance (validation_set.h:
// architecture, dense vs MoE, size, GPUs, precision), plus
// 0.5 · [a different GPU of the architecture] (decode is bound by the GPU's
// HBM, which differs within an architecture: H100 and H200) and
// 0.5 · |ln(O / O_run)| + 0.25 · |ln(P / P_run)| over the output and
// prompt lengths: decode-heavy and prefill-heavy runs differ in what bounds
// them. Only runs that evaluated ok are candidates.
struct NearestInferenceValidationRun {
    const InferenceValidationOutcome* outcome = nullptr;
    double distance = 0;
};
[[nodiscard]] double inferenceValidationDistance(const Scenario& scenario, const EvaluationContext& ctx,
                                                 const InferenceValidationOutcome& o) noexcept;
[[nodiscard]] std::optional<NearestInferenceValidationRun>
nearestInferenceValidationRun(const Scenario& scenario, const EvaluationContext& ctx,
                              const InferenceValidationReport& report);

} // namespace scalescope

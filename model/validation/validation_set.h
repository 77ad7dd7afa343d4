#pragma once
// Published end-to-end training runs (specs/validation/*.json, "kind":
// "validation-run") and how far the cost model is from each. The runs are
// used only to report the model's error, never to fit it.
//
// Error of one run: e = predicted / measured − 1 (signed; tokens/s per GPU).
// Error of the set: the geometric mean of |ln(pred/meas)|, as a factor − 1:
//   g = exp(mean_i |ln(pred_i / meas_i)|) − 1   (0.10 = "10 % off on average").

#include "model/spec/scenario.h"
#include "model/spec/sourced.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_error.h"
#include "model/training/evaluation_context.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scalescope {

enum class RunClass { Dense, Moe };
[[nodiscard]] std::string_view runClassKey(RunClass c) noexcept; // "dense", "moe"
class SpecReader;
// "/class" of a run document: "dense" or "moe" (an error otherwise).
[[nodiscard]] RunClass readRunClass(SpecReader& r);

struct ValidationRun {
    std::string id, name;
    std::filesystem::path file;
    RunClass runClass = RunClass::Dense;
    SourceMap sources;
    Scenario scenario;
    Sourced<double> tokensPerSPerGpu;   // measured, > 0
    std::optional<Sourced<double>> mfu; // measured, as the publication defines it
    std::string mfuFlops;               // how the publication counts the FLOPs of its MFU
    std::string derivation;             // arithmetic from the published figure to tokens/s/GPU
    std::vector<std::string> assumptions;
    // Why the run is shown but not held to the validation bounds (the
    // hardware that ran it is not one the specs describe); empty: held.
    std::string outsideBounds;
};

// One run evaluated by the model. `ok` is false when the scenario cannot be
// resolved or evaluated (`error` says why); the numbers are then zero.
struct ValidationOutcome {
    const ValidationRun* run = nullptr;
    bool ok = false;
    std::string error;
    std::string gpu, gpuArchitecture, model;
    long long gpus = 0;
    Precision precision = Precision::Bf16;
    double totalParams = 0; // of the model, from its shape
    double measuredTokensPerSPerGpu = 0, predictedTokensPerSPerGpu = 0;
    double relativeError = 0; // predicted / measured − 1
    std::optional<double> measuredMfu;
    double predictedMfu = 0;
};

struct ValidationReport {
    std::vector<ValidationOutcome> outcomes; // in the order of the runs
    int evaluated = 0;                       // outcomes with ok
    double geometricMeanAbsError = 0;        // over the ok outcomes; 0 when none
};

// Reads one validation-run document; problems go to errors with file and JSON path.
[[nodiscard]] std::optional<ValidationRun> parseValidationRun(const nlohmann::json& doc, const std::string& file,
                                                              SpecErrors& errors);
// Every *.json directly in dir, sorted by file name. A file with a problem is
// left out and its problems are appended to errors.
[[nodiscard]] std::vector<ValidationRun> loadValidationSet(const std::filesystem::path& dir, SpecErrors& errors);
// specs/validation of the first built-in spec root that has one (installed or source tree).
[[nodiscard]] std::optional<std::filesystem::path> builtinValidationDir();

[[nodiscard]] ValidationOutcome evaluateValidationRun(const ValidationRun& run, const SpecCatalog& catalog);
// `runs` must outlive the report (outcomes point into it).
[[nodiscard]] ValidationReport evaluateValidationSet(std::span<const ValidationRun> runs, const SpecCatalog& catalog);

// pred / meas − 1; both must be > 0.
[[nodiscard]] double relativeError(double predicted, double measured) noexcept;
// exp(mean |ln r_i|) − 1 over ratios r_i = pred_i / meas_i (> 0); 0 for none.
[[nodiscard]] double geometricMeanAbsError(std::span<const double> ratios) noexcept;

// Long context: sequences of at least 64K tokens (65,536), the threshold of
// the long-context class (issue 33: "at least two long-context runs (≥ 64k
// tokens with CP)"); validate shows the class's error apart.
inline constexpr long long kLongContextSeqLen = 65536;
[[nodiscard]] bool isLongContext(const ValidationRun& run) noexcept;

// The geometric-mean and worst |error| of the outcomes a filter keeps (only
// those that evaluated count); zeros when none is kept.
struct ErrorSummary {
    int runs = 0;
    double geometricMean = 0, worst = 0;
};
[[nodiscard]] ErrorSummary summarizeErrors(const ValidationReport& report,
                                           const std::function<bool(const ValidationOutcome&)>& keep);

// The class of a scenario or a run, as the trust line and `validate` group
// them: mixture of experts (the model has `moe`) and long context (≥ 64K
// tokens) are independent (a run may be both); neither is dense.
struct RunClassOf {
    bool moe = false, longContext = false;
    [[nodiscard]] bool operator==(const RunClassOf&) const noexcept = default;
    [[nodiscard]] bool dense() const noexcept { return !moe && !longContext; }
};
[[nodiscard]] RunClassOf runClassOf(const ValidationRun& run) noexcept;
[[nodiscard]] RunClassOf scenarioClassOf(const Scenario& scenario, const EvaluationContext& ctx) noexcept;

// The run closest to a scenario, for "how far off is the model near here".
// Distance, smaller is closer; each tier outweighs all the tiers below it
// together (the log-ratio terms stay below 100 for any cluster and model):
//   100000 · [dense vs MoE differ] + 10000 · [one is long context, the other not]
//   + 1000 · [another model] + 100 · [another GPU architecture]
//   + |ln(params / params_run)| + |ln(gpus / gpus_run)|
//   + |ln(ep / ep_run)| + |ln(cp / cp_run)| + 0.5 · [precision differs]
//   + |ln(seq_len / seq_len_run)| when both are long context
// So the run of the scenario's own class comes first, then one of the same
// model, then one on the same GPU family, then the nearest in size, GPU
// count, layout (expert and context parallelism) and, between long-context
// runs, sequence length. A model, ep, cp or sequence length
// left empty or 0 on either side is not compared.
// Only runs that evaluated ok are candidates.
// What the distance compares, for a scenario and for a run.
struct RunPoint {
    std::string_view architecture;
    bool moe = false;
    double totalParams = 0;
    long long gpus = 0;
    Precision precision = Precision::Bf16;
    bool longContext = false;
    std::string_view model{}; // the model's name
    long long ep = 0, cp = 0;
    long long seqLen = 0;
};
inline constexpr double kRunClassTier = 100000, kLongContextTier = 10000, kRunModelTier = 1000,
                        kRunArchitectureTier = 100;
[[nodiscard]] double runDistance(const RunPoint& scenario, const RunPoint& run) noexcept;
struct NearestValidationRun {
    const ValidationOutcome* outcome = nullptr;
    double distance = 0;
    // The run is of the scenario's class (both MoE or both not, both long
    // context or both not): false only when the set holds no run of it.
    [[nodiscard]] bool sameClass() const noexcept { return distance < kLongContextTier; }
};
[[nodiscard]] double validationDistance(const Scenario& scenario, const EvaluationContext& ctx,
                                        const ValidationOutcome& o) noexcept;
[[nodiscard]] std::optional<NearestValidationRun>
nearestValidationRun(const Scenario& scenario, const EvaluationContext& ctx, const ValidationReport& report);

} // namespace scalescope

#include "model/validation/inference_validation.h"

#include "model/inference/inference_step.h"
#include "model/spec/spec_reader.h"
#include "model/validation/run_evaluation.h"
#include "model/validation/run_reading.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kKind = "inference-validation-run";

double lengthDistance(int a, int b) noexcept
{
    return a > 0 && b > 0 ? std::abs(std::log(static_cast<double>(a) / static_cast<double>(b))) : 0.0;
}

} // namespace

std::optional<InferenceValidationRun> parseInferenceValidationRun(const json& doc, const std::string& file,
                                                                  SpecErrors& errors)
{
    const size_t before = errors.size();
    if (!doc.is_object()) {
        errors.push_back({file, "", "expected a JSON object, found " + describeJson(&doc)});
        return std::nullopt;
    }
    SpecReader r(file, doc, errors);
    InferenceValidationRun run;
    run.file = file;
    if (const std::string kind = r.text("/kind"); !kind.empty() && kind != kKind)
        r.error("/kind", std::string("expected \"") + kKind + "\", found \"" + kind + "\"");
    run.id = r.text("/id");
    run.name = r.text("/name");
    run.sources = r.sources();
    run.runClass = readRunClass(r);
    run.tokensPerSPerGpu = r.count("/measured/tokens_per_s_per_gpu");
    run.tpotS = r.optCount("/measured/tpot_s");
    run.ttftS = r.optCount("/measured/ttft_s");
    run.derivation = r.text("/measured/derivation");
    if (!doc.contains("not_modelled"))
        r.error("/not_modelled", "expected a list of what the run did that the model does not describe "
                                 "(an empty list when nothing), found nothing");
    run.notModelled = optionalStringList(r, doc, "not_modelled");
    run.assumptions = optionalStringList(r, doc, "assumptions");
    if (r.exists("/outside_bounds")) run.outsideBounds = r.text("/outside_bounds");
    if (readRunScenario(r, doc, file, errors, run.scenario) && run.scenario.mode != Mode::Inference)
        r.error("/scenario/mode", "expected \"inference\": inference validation runs measure serving throughput");
    r.reportUnreadKeys();
    if (errors.size() != before) return std::nullopt;
    return run;
}

std::vector<InferenceValidationRun> loadInferenceValidationSet(const fs::path& dir, SpecErrors& errors)
{
    std::vector<InferenceValidationRun> runs;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return runs;
    for (const auto& [f, doc] : readRunFiles(dir, errors))
        if (auto run = parseInferenceValidationRun(doc, f.string(), errors))
            (void)takeUniqueId(runs, std::move(*run), f, errors);
    return runs;
}

fs::path inferenceValidationDir(const fs::path& validationDir)
{
    return validationDir / "inference";
}

InferenceValidationOutcome evaluateInferenceValidationRun(const InferenceValidationRun& run, const SpecCatalog& catalog)
{
    InferenceValidationOutcome o;
    o.run = &run;
    o.measuredTokensPerSPerGpu = run.tokensPerSPerGpu.value;
    o.gpus = run.scenario.gpus;
    o.precision = run.scenario.inference.precision;
    const auto ctx = resolveRunContext(run.scenario, run.file, catalog, o);
    if (!ctx) return o;
    const InferenceEvaluation e = evaluateInference(*ctx);
    if (!acceptPrediction(o, run.file, e)) return o;
    o.batch = e.batch;
    o.fits = e.memory.fits;
    o.predictedTpotS = e.tpot.si;
    o.predictedTtftS = e.ttft.si;
    if (run.tpotS) o.tpotError = relativeError(o.predictedTpotS, run.tpotS->value);
    if (run.ttftS) o.ttftError = relativeError(o.predictedTtftS, run.ttftS->value);
    return o;
}

InferenceValidationReport evaluateInferenceValidationSet(std::span<const InferenceValidationRun> runs,
                                                         const SpecCatalog& catalog)
{
    return evaluateRuns<InferenceValidationReport>(
        runs, [&](const InferenceValidationRun& run) { return evaluateInferenceValidationRun(run, catalog); });
}

InferenceHeldSummary inferenceHeldSummary(const InferenceValidationReport& report)
{
    InferenceHeldSummary h;
    std::vector<double> ratios;
    for (const InferenceValidationOutcome& o : report.outcomes) {
        if (!o.ok || !o.run->outsideBounds.empty()) continue;
        ++h.runs;
        ratios.push_back(o.predictedTokensPerSPerGpu / o.measuredTokensPerSPerGpu);
        h.worst = std::max(h.worst, std::abs(o.relativeError));
    }
    h.geometricMean = geometricMeanAbsError(ratios);
    return h;
}

double inferenceValidationDistance(const Scenario& scenario, const EvaluationContext& ctx,
                                   const InferenceValidationOutcome& o) noexcept
{
    const bool runMoe = o.run && o.run->runClass == RunClass::Moe;
    double d = runDistance({ctx.gpu.architecture, ctx.model.moe.has_value(), ctx.cost.totalParams, scenario.gpus,
                            scenario.inference.precision},
                           {o.gpuArchitecture, runMoe, o.totalParams, o.gpus, o.precision});
    if (o.run) {
        const InferenceSettings& mine = scenario.inference;
        const InferenceSettings& theirs = o.run->scenario.inference;
        d += 0.5 * lengthDistance(mine.outputTokens, theirs.outputTokens) +
             0.25 * lengthDistance(mine.promptTokens, theirs.promptTokens);
    }
    if (ctx.gpu.id != o.gpu) d += 0.5;
    return d;
}

std::optional<NearestInferenceValidationRun> nearestInferenceValidationRun(const Scenario& scenario,
                                                                           const EvaluationContext& ctx,
                                                                           const InferenceValidationReport& report)
{
    return nearestOutcome<NearestInferenceValidationRun>(
        report, [&](const InferenceValidationOutcome& o) { return inferenceValidationDistance(scenario, ctx, o); });
}

} // namespace scalescope

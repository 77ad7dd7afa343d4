#include "model/validation/validation_set.h"

#include "model/spec/spec_reader.h"
#include "model/validation/run_evaluation.h"
#include "model/validation/run_reading.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

std::string_view runClassKey(RunClass c) noexcept
{
    return c == RunClass::Moe ? "moe" : "dense";
}

RunClass readRunClass(SpecReader& r)
{
    const std::string cls = r.text("/class");
    if (cls == "moe") return RunClass::Moe;
    if (!cls.empty() && cls != "dense") r.error("/class", "expected \"dense\" or \"moe\", found \"" + cls + "\"");
    return RunClass::Dense;
}

std::optional<ValidationRun> parseValidationRun(const json& doc, const std::string& file, SpecErrors& errors)
{
    const size_t before = errors.size();
    if (!doc.is_object()) {
        errors.push_back({file, "", "expected a JSON object, found " + describeJson(&doc)});
        return std::nullopt;
    }
    SpecReader r(file, doc, errors);
    ValidationRun run;
    run.file = file;
    if (const std::string kind = r.text("/kind"); !kind.empty() && kind != "validation-run")
        r.error("/kind", "expected \"validation-run\", found \"" + kind + "\"");
    run.id = r.text("/id");
    run.name = r.text("/name");
    run.sources = r.sources();
    run.runClass = readRunClass(r);
    run.tokensPerSPerGpu = r.count("/measured/tokens_per_s_per_gpu");
    if (r.exists("/measured/mfu") && !r.isNull("/measured/mfu")) {
        run.mfu = r.fraction("/measured/mfu");
        run.mfuFlops = r.text("/measured/mfu/flops");
    }
    run.derivation = r.text("/measured/derivation");
    run.assumptions = optionalStringList(r, doc, "assumptions");
    if (r.exists("/outside_bounds")) run.outsideBounds = r.text("/outside_bounds");

    if (readRunScenario(r, doc, file, errors, run.scenario) && run.scenario.mode != Mode::Training)
        r.error("/scenario/mode", "expected \"training\": validation runs measure training throughput");
    r.reportUnreadKeys();
    if (errors.size() != before) return std::nullopt;
    return run;
}

std::vector<ValidationRun> loadValidationSet(const fs::path& dir, SpecErrors& errors)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        errors.push_back({dir.string(), "", "expected a directory of validation-run *.json files"});
        return {};
    }
    std::vector<ValidationRun> runs;
    for (const auto& [f, doc] : readRunFiles(dir, errors))
        if (auto run = parseValidationRun(doc, f.string(), errors)) (void)takeUniqueId(runs, std::move(*run), f, errors);
    return runs;
}

std::optional<fs::path> builtinValidationDir()
{
    std::error_code ec;
    for (const fs::path& root : builtinSpecRoots())
        if (fs::is_directory(root / "validation", ec)) return root / "validation";
    return std::nullopt;
}

double relativeError(double predicted, double measured) noexcept
{
    return predicted / measured - 1.0;
}

double geometricMeanAbsError(std::span<const double> ratios) noexcept
{
    if (ratios.empty()) return 0;
    double sum = 0;
    for (double r : ratios)
        sum += std::abs(std::log(r));
    return std::exp(sum / static_cast<double>(ratios.size())) - 1.0;
}

bool isLongContext(const ValidationRun& run) noexcept
{
    return run.scenario.training.seqLen >= kLongContextSeqLen;
}

ErrorSummary summarizeErrors(const ValidationReport& report, const std::function<bool(const ValidationOutcome&)>& keep)
{
    ErrorSummary s;
    std::vector<double> ratios;
    for (const ValidationOutcome& o : report.outcomes) {
        if (!o.ok || !keep(o)) continue;
        ++s.runs;
        ratios.push_back(o.predictedTokensPerSPerGpu / o.measuredTokensPerSPerGpu);
        s.worst = std::max(s.worst, std::abs(o.relativeError));
    }
    s.geometricMean = geometricMeanAbsError(ratios);
    return s;
}

ValidationOutcome evaluateValidationRun(const ValidationRun& run, const SpecCatalog& catalog)
{
    ValidationOutcome o;
    o.run = &run;
    o.measuredTokensPerSPerGpu = run.tokensPerSPerGpu.value;
    if (run.mfu) o.measuredMfu = run.mfu->value;
    o.gpus = run.scenario.gpus;
    o.precision = run.scenario.training.precision;
    const auto ctx = resolveRunContext(run.scenario, run.file, catalog, o);
    if (!ctx) return o;
    const Evaluation e = evaluate(*ctx);
    if (!acceptPrediction(o, run.file, e)) return o;
    o.predictedMfu = e.mfu;
    return o;
}

ValidationReport evaluateValidationSet(std::span<const ValidationRun> runs, const SpecCatalog& catalog)
{
    return evaluateRuns<ValidationReport>(runs, [&](const ValidationRun& run) { return evaluateValidationRun(run, catalog); });
}

namespace {

// |ln(a / b)|, or 0 when either side is not given (≤ 0).
double logDistance(double a, double b) noexcept
{
    return a > 0 && b > 0 ? std::abs(std::log(a / b)) : 0.0;
}

} // namespace

double runDistance(const RunPoint& scenario, const RunPoint& run) noexcept
{
    double d = 0;
    if (scenario.moe != run.moe) d += kRunClassTier;
    if (scenario.longContext != run.longContext) d += kLongContextTier;
    if (!scenario.model.empty() && !run.model.empty() && scenario.model != run.model) d += kRunModelTier;
    if (scenario.architecture != run.architecture) d += kRunArchitectureTier;
    d += logDistance(scenario.totalParams, run.totalParams);
    d += logDistance(static_cast<double>(scenario.gpus), static_cast<double>(run.gpus));
    d += logDistance(static_cast<double>(scenario.ep), static_cast<double>(run.ep));
    d += logDistance(static_cast<double>(scenario.cp), static_cast<double>(run.cp));
    if (scenario.precision != run.precision) d += 0.5;
    if (scenario.longContext && run.longContext)
        d += logDistance(static_cast<double>(scenario.seqLen), static_cast<double>(run.seqLen));
    return d;
}

RunClassOf runClassOf(const ValidationRun& run) noexcept
{
    return {run.runClass == RunClass::Moe, isLongContext(run)};
}

RunClassOf scenarioClassOf(const Scenario& scenario, const EvaluationContext& ctx) noexcept
{
    return {ctx.model.moe.has_value(), scenario.training.seqLen >= kLongContextSeqLen};
}

double validationDistance(const Scenario& scenario, const EvaluationContext& ctx, const ValidationOutcome& o) noexcept
{
    const RunClassOf mine = scenarioClassOf(scenario, ctx);
    const RunClassOf theirs = o.run ? runClassOf(*o.run) : RunClassOf{};
    const ParallelLayout* layout = o.run ? &o.run->scenario.parallel : nullptr;
    return runDistance({ctx.gpu.architecture, mine.moe, ctx.cost.totalParams, scenario.gpus, scenario.training.precision,
                        mine.longContext, ctx.model.name, scenario.parallel.ep, scenario.parallel.cp,
                        scenario.training.seqLen},
                       {o.gpuArchitecture, theirs.moe, o.totalParams, o.gpus, o.precision, theirs.longContext, o.model,
                        layout ? layout->ep : 0, layout ? layout->cp : 0,
                        o.run ? o.run->scenario.training.seqLen : 0});
}

std::optional<NearestValidationRun> nearestValidationRun(const Scenario& scenario, const EvaluationContext& ctx,
                                                         const ValidationReport& report)
{
    return nearestOutcome<NearestValidationRun>(
        report, [&](const ValidationOutcome& o) { return validationDistance(scenario, ctx, o); });
}

} // namespace scalescope

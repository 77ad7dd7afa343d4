#pragma once
// What evaluating a training and an inference validation set share: resolving
// a run's scenario into the outcome's identity (GPU, architecture, model,
// parameters), accepting a prediction, the report over a set and the nearest
// run by a distance. Outcome types have the fields these templates name.

#include "model/spec/spec_catalog.h"
#include "model/training/evaluation_context.h"
#include "model/validation/validation_set.h"

#include <cmath>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scalescope {

// The run's evaluation context, the outcome's identity filled in; nullopt
// with outcome.error set when the scenario cannot be resolved.
template <class Outcome>
[[nodiscard]] std::optional<EvaluationContext> resolveRunContext(const Scenario& scenario,
                                                                 const std::filesystem::path& file,
                                                                 const SpecCatalog& catalog, Outcome& o)
{
    SpecErrors errors;
    auto ctx = makeEvaluationContext(scenario, catalog, errors, file.string());
    if (!ctx) {
        o.error = errors.empty() ? "the scenario could not be resolved" : errors.front().text();
        return std::nullopt;
    }
    o.gpu = ctx->gpu.id;
    o.gpuArchitecture = ctx->gpu.architecture;
    o.model = ctx->model.name;
    o.totalParams = ctx->cost.totalParams;
    return ctx;
}

// Takes an evaluation's tokens/s per GPU as the outcome's prediction (ok,
// relative error), or says why not: the evaluation's own error with its
// JSON path under /scenario, or no throughput.
template <class Outcome, class Result>
bool acceptPrediction(Outcome& o, const std::filesystem::path& file, const Result& e)
{
    if (!e.ok) {
        o.error = file.string() + ": /scenario" + e.errorPath + ": " + e.error;
        return false;
    }
    if (!(e.tokensPerSPerGpu > 0) || !std::isfinite(e.tokensPerSPerGpu)) {
        o.error = file.string() + ": the model predicts no throughput";
        return false;
    }
    o.ok = true;
    o.predictedTokensPerSPerGpu = e.tokensPerSPerGpu;
    o.relativeError = relativeError(o.predictedTokensPerSPerGpu, o.measuredTokensPerSPerGpu);
    return true;
}

// Every run's outcome in order, and the geometric-mean |error| of tokens/s
// per GPU over the outcomes that evaluated.
template <class Report, class Run, class EvaluateRun>
[[nodiscard]] Report evaluateRuns(std::span<const Run> runs, EvaluateRun evaluateRun)
{
    Report report;
    std::vector<double> ratios;
    for (const Run& run : runs) {
        report.outcomes.push_back(evaluateRun(run));
        const auto& o = report.outcomes.back();
        if (o.ok) ratios.push_back(o.predictedTokensPerSPerGpu / o.measuredTokensPerSPerGpu);
    }
    report.evaluated = static_cast<int>(ratios.size());
    report.geometricMeanAbsError = geometricMeanAbsError(ratios);
    return report;
}

// The outcome with the smallest distance among those that evaluated.
template <class Nearest, class Report, class Distance>
[[nodiscard]] std::optional<Nearest> nearestOutcome(const Report& report, Distance distance)
{
    std::optional<Nearest> best;
    for (const auto& o : report.outcomes) {
        if (!o.ok) continue;
        const double d = distance(o);
        if (!best || d < best->distance) best = Nearest{&o, d};
    }
    return best;
}

} // namespace scalescope

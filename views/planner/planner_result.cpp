#include "planner_result.h"

#include "model/inference/inference_step.h"
#include "model/inference/inference_timeline.h"
#include "model/search/inference_search.h"
#include "model/validation/inference_validation.h"
#include "model/validation/context_ceiling.h"
#include "model/validation/validation_set.h"

#include <chrono>
#include <map>
#include <mutex>

namespace scalescope {

namespace {

// The published runs, evaluated once per catalog (the runs outlive the
// report, whose outcomes point into them).
struct PublishedRuns {
    std::vector<ValidationRun> runs;
    ValidationReport report;
    std::vector<InferenceValidationRun> inferenceRuns;
    InferenceValidationReport inferenceReport;
};

const PublishedRuns& publishedRuns(const SpecCatalog& catalog)
{
    static std::mutex mutex;
    static std::map<const SpecCatalog*, std::unique_ptr<PublishedRuns>> cache;
    const std::lock_guard lock(mutex);
    auto& slot = cache[&catalog];
    if (!slot) {
        slot = std::make_unique<PublishedRuns>();
        SpecErrors errors;
        if (const auto dir = builtinValidationDir()) {
            slot->runs = loadValidationSet(*dir, errors);
            slot->inferenceRuns = loadInferenceValidationSet(inferenceValidationDir(*dir), errors);
        }
        slot->report = evaluateValidationSet(slot->runs, catalog);
        slot->inferenceReport = evaluateInferenceValidationSet(slot->inferenceRuns, catalog);
    }
    return *slot;
}

// A training or an inference outcome, as the trust line shows it.
template <typename Outcome>
NearestPublishedRun nearestRunOf(const Outcome& o)
{
    NearestPublishedRun out;
    out.name = o.run->name;
    const auto source = o.run->sources.find(o.run->tokensPerSPerGpu.source);
    out.citation = source != o.run->sources.end() ? source->second : std::string();
    out.measuredTokensPerSPerGpu = o.measuredTokensPerSPerGpu;
    out.predictedTokensPerSPerGpu = o.predictedTokensPerSPerGpu;
    out.relativeError = o.relativeError;
    out.heldToBounds = o.run->outsideBounds.empty();
    return out;
}

std::optional<NearestPublishedRun> nearestPublishedRun(const SpecCatalog& catalog, const Scenario& s, const EvaluationContext& ctx)
{
    const auto nearest = nearestValidationRun(s, ctx, publishedRuns(catalog).report);
    if (!nearest || !nearest->outcome || !nearest->outcome->run) return std::nullopt;
    NearestPublishedRun out = nearestRunOf(*nearest->outcome);
    const RunClassOf cls = scenarioClassOf(s, ctx);
    out.moe = cls.moe;
    out.longContext = cls.longContext;
    out.sameClass = nearest->sameClass();
    return out;
}

std::optional<NearestPublishedRun> nearestPublishedInferenceRun(const SpecCatalog& catalog, const Scenario& s,
                                                               const EvaluationContext& ctx)
{
    const auto nearest = nearestInferenceValidationRun(s, ctx, publishedRuns(catalog).inferenceReport);
    if (!nearest || !nearest->outcome || !nearest->outcome->run) return std::nullopt;
    return nearestRunOf(*nearest->outcome);
}

// The curves of the last inference scenario evaluated, keyed by everything
// but the batch (the serving limits included): a batch drag re-uses them,
// any other change recomputes them
// (the serving search: under a millisecond on 8 GPUs, ~0.2 s on 72).
std::shared_ptr<const std::vector<ServingCurve>> servingCurvesOf(const SpecCatalog& catalog, const EvaluationContext& ctx)
{
    static std::mutex mutex;
    static const SpecCatalog* lastCatalog = nullptr;
    static std::string lastKey;
    static std::shared_ptr<const std::vector<ServingCurve>> last;
    Scenario keyed = ctx.scenario;
    keyed.inference.batch = 0;
    keyed.inference.batchMax = false;
    std::string key = scenarioToJson(keyed).dump();
    {
        const std::lock_guard lock(mutex);
        if (last && lastCatalog == &catalog && lastKey == key) return last;
    }
    constexpr int kComparedLayouts = 3; // the chart stays readable with four curves
    auto curves = std::make_shared<const std::vector<ServingCurve>>(servingCurvesToCompare(ctx, servingLimitsOf(ctx.scenario.inference), kComparedLayouts));
    const std::lock_guard lock(mutex);
    lastCatalog = &catalog;
    lastKey = std::move(key);
    last = curves;
    return curves;
}

} // namespace

bool sameResolution(const Scenario& a, const Scenario& b)
{
    return a.system == b.system && a.gpus == b.gpus && a.model == b.model && a.training.seqLen == b.training.seqLen &&
           a.training.precision == b.training.precision && a.mode == b.mode &&
           a.inference.precision == b.inference.precision && // the context resolves the serving peak
           a.training.attentionKernel == b.training.attentionKernel && // the context resolves the kernel's table
           a.facility.coolant == b.facility.coolant && // the context holds the coolant's FluidSpec
           a.calibration == b.calibration && // the context holds the calibrations
           !a.inlineSystem && !a.inlineModel &&
           !b.inlineSystem && !b.inlineModel;
}

PlannerResultPtr evaluateScenario(const SpecCatalog& catalog, const Scenario& scenario,
                                  const std::shared_ptr<const EvaluationContext>& previous, unsigned long long generation)
{
    const auto started = std::chrono::steady_clock::now();
    auto out = std::make_shared<PlannerResult>();
    out->scenario = scenario;
    out->generation = generation;
    if (previous && sameResolution(previous->scenario, scenario)) {
        auto ctx = std::make_shared<EvaluationContext>(*previous);
        ctx->scenario = scenario;
        out->context = std::move(ctx);
    } else {
        SpecErrors errors;
        if (auto ctx = makeEvaluationContext(scenario, catalog, errors, scenario.name)) {
            setPublishedMfuCeiling(*ctx, catalog);
            out->context = std::make_shared<EvaluationContext>(std::move(*ctx));
        }
        out->errors = std::move(errors);
    }
    if (out->context && scenario.mode == Mode::Inference) {
        out->inference = evaluateInference(*out->context);
        if (out->inference.ok) {
            const StageLayers layers = bottleneckStageLayers(out->context->model, scenario.parallel.pp);
            out->prefillTimeline = buildInferenceTimeline(out->inference, Phase::Prefill, layers);
            out->decodeTimeline = buildInferenceTimeline(out->inference, Phase::Decode, layers);
            out->prefillLayout = std::make_shared<const TimelineLayout>(TimelineLayout::build(out->prefillTimeline));
            out->decodeLayout = std::make_shared<const TimelineLayout>(TimelineLayout::build(out->decodeTimeline));
            out->servingCurves = servingCurvesOf(catalog, *out->context);
            out->nearestRun = nearestPublishedInferenceRun(catalog, scenario, *out->context);
        }
    } else if (out->context) {
        out->evaluation = evaluate(*out->context);
        if (out->evaluation.ok) {
            const long long operations = pipelineOperations(scenario.parallel, out->evaluation.microbatches);
            if (operations > kMaxDrawnOperations) {
                out->timelineOmittedOperations = operations;
            } else {
                out->timeline = buildTimeline(*out->context, scenario.parallel, out->evaluation);
                out->timelineLayout = std::make_shared<const TimelineLayout>(TimelineLayout::build(out->timeline));
            }
            out->nearestRun = nearestPublishedRun(catalog, scenario, *out->context);
        }
    }
    out->workMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return out;
}

} // namespace scalescope

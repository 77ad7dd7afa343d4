#pragma once
// One evaluated scenario, published whole by the controller and shared by
// every view that draws it (never modified after publication).

#include "model/inference/inference_evaluation.h"
#include "model/search/serving_curve.h"
#include "model/training/evaluation_context.h"
#include "model/training/pipeline_timeline.h"
#include "views/planner/timeline_layout.h"
#include "model/spec/spec_error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace scalescope {

// The published run nearest to the scenario (model/validation) and the
// model's error on it, so a user knows how far to trust the numbers.
struct NearestPublishedRun {
    std::string name, citation;
    double measuredTokensPerSPerGpu = 0, predictedTokensPerSPerGpu = 0;
    double relativeError = 0; // predicted / measured − 1
    bool heldToBounds = true; // false: the run's hardware is not one the specs describe
    // The scenario's class (model/validation: MoE, long context) and whether
    // the run is of it (false only when no published run of the class exists).
    bool moe = false, longContext = false, sameClass = true;
};

// Which pass a timeline draws: a training step, or an inference scenario's
// prefill (one batch's prompt, TTFT) or decode step (TPOT).
enum class TimelinePass { Step, Prefill, Decode };

struct PlannerResult {
    Scenario scenario;
    std::shared_ptr<const EvaluationContext> context; // null when the scenario could not be resolved
    Evaluation evaluation;        // mode "training"
    InferenceEvaluation inference; // mode "inference"
    // Mode "inference": the prefill and decode passes (model/inference/inference_timeline.h).
    Timeline prefillTimeline, decodeTimeline;
    std::shared_ptr<const TimelineLayout> prefillLayout, decodeLayout;
    // Mode "inference": the throughput–latency curves (the scenario's layout
    // first, then the serving search's best). They do not depend on the
    // batch, so a batch drag shares the previous result's curves (same pointer).
    std::shared_ptr<const std::vector<ServingCurve>> servingCurves;
    Timeline timeline;
    // The timeline's rows and sorted spans, laid out on the worker thread: at
    // hundreds of thousands of events sorting them would stall the GUI.
    std::shared_ptr<const TimelineLayout> timelineLayout;
    // > 0: the timeline was not built, the step schedules this many pipeline
    // operations (more than kMaxDrawnOperations); the numbers are still exact.
    long long timelineOmittedOperations = 0;
    std::vector<SpecError> errors; // why there is no context
    std::optional<NearestPublishedRun> nearestRun;
    unsigned long long generation = 0;
    double workMs = 0; // how long evaluateScenario took to produce this result

    [[nodiscard]] bool serving() const noexcept { return scenario.mode == Mode::Inference; }
    [[nodiscard]] bool ok() const noexcept { return context && (serving() ? inference.ok : evaluation.ok); }
    // Why the evaluation failed, and where (empty when it did not).
    [[nodiscard]] const std::string& evaluationError() const noexcept { return serving() ? inference.error : evaluation.error; }
    [[nodiscard]] const std::string& evaluationErrorPath() const noexcept
    {
        return serving() ? inference.errorPath : evaluation.errorPath;
    }
    [[nodiscard]] const Timeline& timelineOf(TimelinePass pass) const noexcept
    {
        return pass == TimelinePass::Prefill ? prefillTimeline : pass == TimelinePass::Decode ? decodeTimeline : timeline;
    }
    [[nodiscard]] std::shared_ptr<const TimelineLayout> layoutOf(TimelinePass pass) const
    {
        return pass == TimelinePass::Prefill ? prefillLayout : pass == TimelinePass::Decode ? decodeLayout : timelineLayout;
    }
};

using PlannerResultPtr = std::shared_ptr<const PlannerResult>;

// Beyond this many pipeline operations (~800,000 timeline events, ~50 MB, a
// second to simulate) the planner does not draw the timeline: no screen shows
// that many spans, and an absurd layout must not stall the planner.
inline constexpr long long kMaxDrawnOperations = 1LL << 18;

// Whether an evaluation context resolved for `a` serves `b` (same system,
// GPUs, model, sequence length, precision, mode, attention kernel, coolant,
// calibrations and no inline specs): only the scenario's settings need copying into it.
[[nodiscard]] bool sameResolution(const Scenario& a, const Scenario& b);

// Resolves (reusing `previous` when system, GPUs, model and sequence length
// are unchanged), evaluates and lays out the timeline. Pure; thread-safe.
[[nodiscard]] PlannerResultPtr evaluateScenario(const SpecCatalog& catalog, const Scenario& scenario,
                                                const std::shared_ptr<const EvaluationContext>& previous,
                                                unsigned long long generation);

} // namespace scalescope

#include <QMetaType>
Q_DECLARE_METATYPE(scalescope::PlannerResultPtr)

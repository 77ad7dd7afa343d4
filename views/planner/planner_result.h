#pragma once
// One evaluated scenario, published whole by the controller and shared by
// every view that draws it (never modified after publication).

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
};

struct PlannerResult {
    Scenario scenario;
    std::shared_ptr<const EvaluationContext> context; // null when the scenario could not be resolved
    Evaluation evaluation;
    Timeline timeline;
    // The timeline's rows and sorted spans, laid out on the worker thread: at
    // hundreds of thousands of events sorting them would stall the GUI.
    std::shared_ptr<const TimelineLayout> timelineLayout;
    std::vector<SpecError> errors; // why there is no context
    std::optional<NearestPublishedRun> nearestRun;
    unsigned long long generation = 0;

    [[nodiscard]] bool ok() const noexcept { return context && evaluation.ok; }
};

using PlannerResultPtr = std::shared_ptr<const PlannerResult>;

// Resolves (reusing `previous` when system, GPUs, model and sequence length
// are unchanged), evaluates and lays out the timeline. Pure; thread-safe.
[[nodiscard]] PlannerResultPtr evaluateScenario(const SpecCatalog& catalog, const Scenario& scenario,
                                                const std::shared_ptr<const EvaluationContext>& previous,
                                                unsigned long long generation);

} // namespace scalescope

#include <QMetaType>
Q_DECLARE_METATYPE(scalescope::PlannerResultPtr)

#pragma once
// One evaluated scenario, published whole by the controller and shared by
// every view that draws it (never modified after publication).

#include "model/training/evaluation_context.h"
#include "model/training/pipeline_timeline.h"
#include "model/spec/spec_error.h"

#include <memory>
#include <vector>

namespace scalescope {

struct PlannerResult {
    Scenario scenario;
    std::shared_ptr<const EvaluationContext> context; // null when the scenario could not be resolved
    Evaluation evaluation;
    Timeline timeline;
    std::vector<SpecError> errors; // why there is no context
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

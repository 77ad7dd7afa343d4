#include "planner_result.h"

namespace scalescope {

namespace {

bool sameResolution(const Scenario& a, const Scenario& b)
{
    return a.system == b.system && a.gpus == b.gpus && a.model == b.model && a.training.seqLen == b.training.seqLen &&
           a.training.precision == b.training.precision && a.mode == b.mode &&
           a.facility.coolant == b.facility.coolant && // the context holds the coolant's FluidSpec
           !a.inlineSystem && !a.inlineModel &&
           !b.inlineSystem && !b.inlineModel;
}

} // namespace

PlannerResultPtr evaluateScenario(const SpecCatalog& catalog, const Scenario& scenario,
                                  const std::shared_ptr<const EvaluationContext>& previous, unsigned long long generation)
{
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
            out->context = std::make_shared<EvaluationContext>(std::move(*ctx));
        }
        out->errors = std::move(errors);
    }
    if (out->context) {
        out->evaluation = evaluate(*out->context);
        if (out->evaluation.ok) out->timeline = buildTimeline(*out->context, scenario.parallel, out->evaluation);
    }
    return out;
}

} // namespace scalescope

#include "scenario_loading.h"

#include "commands.h"

#include "model/validation/context_ceiling.h"

namespace scalescope::cli {

std::optional<EvaluationContext> loadContext(const std::string& file, std::ostream& err)
{
    SpecErrors errors;
    const std::optional<Scenario> scenario = loadScenarioFile(file, errors);
    std::optional<EvaluationContext> ctx;
    if (scenario) {
        const SpecCatalog& catalog = sharedCatalog(err);
        ctx = makeEvaluationContext(*scenario, catalog, errors, file);
        if (ctx) setPublishedMfuCeiling(*ctx, catalog);
    }
    for (const SpecError& e : errors) err << e.text() << "\n";
    return ctx;
}

} // namespace scalescope::cli

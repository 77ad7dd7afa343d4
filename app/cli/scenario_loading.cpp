#include "scenario_loading.h"

#include "commands.h"

namespace scalescope::cli {

std::optional<EvaluationContext> loadContext(const std::string& file, std::ostream& err)
{
    SpecErrors errors;
    const std::optional<Scenario> scenario = loadScenarioFile(file, errors);
    std::optional<EvaluationContext> ctx;
    if (scenario) ctx = makeEvaluationContext(*scenario, sharedCatalog(err), errors, file);
    for (const SpecError& e : errors) err << e.text() << "\n";
    return ctx;
}

} // namespace scalescope::cli

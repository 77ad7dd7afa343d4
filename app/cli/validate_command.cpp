#include "cli_args.h"
#include "commands.h"

#include "model/validation/validation_set.h"

#include <cmath>
#include <cstdio>

namespace scalescope::cli {

namespace {

constexpr const char* kValidateHelp = R"(usage: scalescope-cli validate [--json] [--dir DIR]

Evaluates every published training run in specs/validation (or DIR) with
the calibrated model and prints, per run, the measured and predicted tokens
per second per GPU and the model's error (predicted / measured − 1), then
the geometric-mean absolute error exp(mean |ln(predicted / measured)|) − 1.
The runs only check the model; nothing is fitted to them.
Exit 0 whatever the errors are; 1 when a run cannot be read or evaluated.
)";

std::string percent(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", x * 100);
    return buf;
}

} // namespace

int runValidate(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto a = CliArgs::parse(args, {"--json", "--help"}, {"--dir"}, err);
    if (!a) return Usage;
    if (a->has("--help")) { out << kValidateHelp; return Ok; }
    const std::filesystem::path dir = a->value("--dir") ? std::filesystem::path(*a->value("--dir")) : builtinValidationDir();
    SpecErrors errors;
    const std::vector<ValidationRun> runs = loadValidationRuns(dir, errors);
    for (const SpecError& e : errors) err << e.text() << "\n";
    if (runs.empty()) {
        err << dir.string() << ": expected published runs (*.json, \"kind\": \"validation-run\"), found none\n";
        return BadInput;
    }
    const std::vector<ValidationResult> results = validate(runs, sharedCatalog(err));
    int status = errors.empty() ? Ok : BadInput;
    nlohmann::json rows = nlohmann::json::array();
    std::string table;
    char line[320];
    std::snprintf(line, sizeof line, "%-44s %-14s %-16s %6s %6s %11s %11s %9s\n", "run", "gpu", "model", "gpus", "prec",
                  "measured", "predicted", "error");
    table += line;
    for (const ValidationResult& r : results) {
        const ValidationRun& run = *r.run;
        if (!r.ok) {
            err << run.file.string() << ": " << r.error << "\n";
            status = BadInput;
        }
        const std::string precision(precisionKey(run.scenario.training.precision));
        rows.push_back({{"id", run.id},
                        {"name", run.name},
                        {"file", run.file.string()},
                        {"class", run.runClass},
                        {"gpu", r.gpu},
                        {"model", r.model},
                        {"gpus", run.scenario.gpus},
                        {"precision", precision},
                        {"measured_tokens_per_s_per_gpu", run.tokensPerSPerGpu.value},
                        {"predicted_tokens_per_s_per_gpu", r.predictedTokensPerSPerGpu},
                        {"error", r.ok ? nlohmann::json(r.relativeError()) : nlohmann::json()},
                        {"measured_mfu", run.mfu ? nlohmann::json(run.mfu->value) : nlohmann::json()},
                        {"predicted_mfu", r.predictedMfu},
                        {"source", run.sources.count(run.tokensPerSPerGpu.source) ? run.sources.at(run.tokensPerSPerGpu.source)
                                                                                  : run.tokensPerSPerGpu.source}});
        std::snprintf(line, sizeof line, "%-44.44s %-14.14s %-16.16s %6lld %6s %11.0f %11.0f %9s\n", run.name.c_str(),
                      r.gpu.c_str(), r.model.c_str(), run.scenario.gpus, precision.c_str(), run.tokensPerSPerGpu.value,
                      r.predictedTokensPerSPerGpu, r.ok ? percent(r.relativeError()).c_str() : "error");
        table += line;
    }
    const double geo = geometricMeanError(results);
    double worst = 0;
    for (const ValidationResult& r : results)
        if (r.ok) worst = std::max(worst, std::abs(r.relativeError()));
    if (a->has("--json")) {
        out << nlohmann::json{{"runs", rows}, {"geometric_mean_error", geo}, {"max_abs_error", worst},
                              {"unit", "tokens per second per GPU"}}
                   .dump(2)
            << "\n";
    } else {
        out << "Tokens per second per GPU, measured (published) and predicted (this model, measured mode):\n" << table;
        std::snprintf(line, sizeof line, "geometric-mean |error| %.1f %%, worst |error| %.1f %% over %zu runs\n", geo * 100,
                      worst * 100, results.size());
        out << line;
    }
    return status;
}

} // namespace scalescope::cli

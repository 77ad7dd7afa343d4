#include "model/validation/validation_set.h"

#include "model/spec/spec_reader.h"
#include "model/training/evaluation_context.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

std::optional<ValidationRun> parseValidationRun(const nlohmann::json& doc, const std::string& file, SpecErrors& errors)
{
    const size_t before = errors.size();
    SpecReader r(file, doc, errors);
    ValidationRun run;
    if (r.text("/kind") != "validation-run") {
        errors.push_back({file, "/kind", "expected \"validation-run\""});
        return std::nullopt;
    }
    run.id = r.text("/id");
    run.name = r.text("/name");
    run.sources = r.sources();
    run.runClass = r.text("/class");
    if (run.runClass != "dense" && run.runClass != "moe")
        errors.push_back({file, "/class", "expected \"dense\" or \"moe\", found \"" + run.runClass + "\""});
    run.tokensPerSPerGpu = r.count("/measured/tokens_per_s_per_gpu");
    run.mfu = r.optCount("/measured/mfu");
    if (run.mfu && run.mfu->value > 1) errors.push_back({file, "/measured/mfu/value", "expected a fraction <= 1"});
    run.derivation = r.exists("/measured/derivation") ? r.text("/measured/derivation") : r.text("/derivation");
    if (r.exists("/assumptions")) run.assumptions = r.textList("/assumptions");
    if (!doc.contains("scenario") || !doc["scenario"].is_object()) {
        errors.push_back({file, "/scenario", "expected the run's scenario object (the keys of *.scalescope.json)"});
    } else {
        SpecErrors local;
        if (auto s = parseScenario(doc["scenario"], file, local)) run.scenario = std::move(*s);
        for (SpecError& e : local) {
            e.path = "/scenario" + e.path;
            errors.push_back(std::move(e));
        }
    }
    if (errors.size() != before) return std::nullopt;
    return run;
}

std::vector<ValidationRun> loadValidationRuns(const std::filesystem::path& dir, SpecErrors& errors)
{
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    if (ec) errors.push_back({dir.string(), "", "expected a readable directory of validation runs: " + ec.message()});
    std::sort(files.begin(), files.end());
    std::vector<ValidationRun> runs;
    for (const auto& f : files) {
        const auto doc = readJsonFile(f, errors);
        if (!doc) continue;
        if (auto run = parseValidationRun(*doc, f.string(), errors)) {
            run->file = f;
            runs.push_back(std::move(*run));
        }
    }
    return runs;
}

std::vector<ValidationResult> validate(const std::vector<ValidationRun>& runs, const SpecCatalog& catalog)
{
    std::vector<ValidationResult> out;
    for (const ValidationRun& run : runs) {
        ValidationResult r;
        r.run = &run;
        SpecErrors errors;
        const auto ctx = makeEvaluationContext(run.scenario, catalog, errors, run.file.string());
        if (!ctx) {
            r.error = errors.empty() ? "cannot resolve the scenario" : errors.front().text();
            out.push_back(r);
            continue;
        }
        r.gpu = ctx->gpu.id;
        r.architecture = ctx->gpu.architecture;
        r.model = ctx->model.id;
        r.activeParams = ctx->cost.activeParams;
        const Evaluation e = evaluate(*ctx);
        r.ok = e.ok;
        if (!e.ok) r.error = e.errorPath + ": " + e.error;
        r.predictedTokensPerSPerGpu = e.tokensPerSPerGpu;
        r.predictedMfu = e.mfu;
        out.push_back(r);
    }
    return out;
}

double geometricMeanError(const std::vector<ValidationResult>& results) noexcept
{
    double sum = 0;
    int n = 0;
    for (const ValidationResult& r : results) {
        if (!r.ok || r.predictedTokensPerSPerGpu <= 0) continue;
        sum += std::abs(std::log(r.predictedTokensPerSPerGpu / r.run->tokensPerSPerGpu.value));
        ++n;
    }
    return n ? std::exp(sum / n) - 1 : 0;
}

NearestRun nearestValidationRun(const EvaluationContext& ctx, const std::vector<ValidationResult>& results)
{
    NearestRun best;
    const bool moe = ctx.model.moe.has_value();
    const double params = std::max(1.0, ctx.cost.activeParams), gpus = std::max(1.0, double(ctx.scenario.gpus));
    for (const ValidationResult& r : results) {
        if (!r.ok) continue;
        // Categorical differences outweigh any size difference (a log-ratio rarely exceeds 10).
        double d = 0;
        if (r.architecture != ctx.gpu.architecture) d += 100;
        if ((r.run->runClass == "moe") != moe) d += 30;
        if (r.run->scenario.training.precision != ctx.scenario.training.precision) d += 3;
        d += std::abs(std::log2(params / std::max(1.0, r.activeParams)));
        d += std::abs(std::log2(gpus / std::max(1.0, double(r.run->scenario.gpus)))) * 0.5;
        if (!best.result || d < best.distance) best = {&r, d};
    }
    return best;
}

double bestPublishedMfu(const std::vector<ValidationResult>& results, const std::string& architecture, bool moe) noexcept
{
    double best = 0;
    for (const ValidationResult& r : results)
        if (r.run->mfu && r.architecture == architecture && (r.run->runClass == "moe") == moe)
            best = std::max(best, r.run->mfu->value);
    return best;
}

std::filesystem::path builtinValidationDir()
{
    for (const auto& root : builtinSpecRoots()) {
        const auto dir = root.parent_path() / "specs" / "validation";
        if (std::filesystem::is_directory(root / "validation")) return root / "validation";
        if (std::filesystem::is_directory(dir)) return dir;
    }
    return {};
}

} // namespace scalescope

#include "model/validation/published_mfu.h"

#include "model/core/transformer_cost.h"

#include <filesystem>
#include <mutex>

namespace scalescope {

std::vector<PublishedMfu> publishedMfus(const std::vector<ValidationRun>& runs, const SpecCatalog& catalog)
{
    std::vector<PublishedMfu> out;
    for (const ValidationRun& run : runs) {
        const Scenario& s = run.scenario;
        const ModelSpec* model = s.inlineModel ? &*s.inlineModel : catalog.model(s.model);
        const SystemSpec* system = s.inlineSystem ? &*s.inlineSystem : catalog.system(s.system);
        const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
        if (!model || !gpu) continue;
        const auto peak = gpu->peak(Precision::Bf16);
        if (!peak || peak->si <= 0) continue;
        const double flopsPerToken = 3.0 * modelCost(*model, s.training.seqLen).forwardFlopsPerToken();
        out.push_back({run.id, run.name, gpu->architecture, run.outsideBounds.empty(), model->moe.has_value(),
                       isLowPrecision(s.training.precision), run.tokensPerSPerGpu.value * flopsPerToken / peak->si});
    }
    return out;
}

const PublishedMfu* bestPublishedMfu(const std::vector<PublishedMfu>& all, bool moe, bool lowPrecision) noexcept
{
    const PublishedMfu* top = nullptr;
    for (const PublishedMfu& p : all)
        if (p.describedHardware && p.moe == moe && (lowPrecision || !p.lowPrecision) && (!top || p.mfu > top->mfu))
            top = &p;
    return top;
}

MfuCeiling publishedMfuCeiling(const SpecCatalog& catalog, bool moe, bool lowPrecision)
{
    static std::once_flag once;
    static std::vector<PublishedMfu> builtin;
    std::call_once(once, [&] {
        SpecErrors ignored; // validate reports a broken run; a missing ceiling only skips the warning
        const auto dir = builtinValidationDir();
        if (!dir) return;
        std::vector<ValidationRun> runs = loadValidationSet(*dir, ignored);
        std::error_code ec;
        if (std::filesystem::is_directory(*dir / "pending", ec))
            for (ValidationRun& run : loadValidationSet(*dir / "pending", ignored)) runs.push_back(std::move(run));
        builtin = publishedMfus(runs, catalog);
    });
    const PublishedMfu* best = bestPublishedMfu(builtin, moe, lowPrecision);
    if (!best) return {};
    return {best->mfu, best->runId, best->runName};
}

} // namespace scalescope

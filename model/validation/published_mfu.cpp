#include "model/validation/published_mfu.h"

#include "model/training/transformer_cost.h"

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
        out.push_back({run.id, run.name, gpu->architecture, model->moe.has_value(),
                       isLowPrecision(s.training.precision), run.tokensPerSPerGpu.value * flopsPerToken / peak->si});
    }
    return out;
}

const PublishedMfu* bestPublishedMfu(const std::vector<PublishedMfu>& all, bool moe, bool lowPrecision) noexcept
{
    const PublishedMfu* best = nullptr;
    for (const PublishedMfu& p : all)
        if (p.moe == moe && (lowPrecision || !p.lowPrecision) && (!best || p.mfu > best->mfu)) best = &p;
    return best;
}

double publishedMfuCeiling(const SpecCatalog& catalog, bool moe, bool lowPrecision)
{
    static std::once_flag once;
    static std::vector<PublishedMfu> builtin;
    std::call_once(once, [&] {
        SpecErrors ignored; // validate reports a broken run; a missing ceiling only skips the warning
        if (const auto dir = builtinValidationDir()) builtin = publishedMfus(loadValidationSet(*dir, ignored), catalog);
    });
    const PublishedMfu* best = bestPublishedMfu(builtin, moe, lowPrecision);
    return best ? best->mfu : 0;
}

} // namespace scalescope

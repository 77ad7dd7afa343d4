#include "scenario_edit_rules.h"

#include "model/spec/spec_catalog.h"
#include "model/training/layout_fit.h"

namespace scalescope {

const QStringList& sliderAxes()
{
    static const QStringList axes{QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("cp"), QStringLiteral("ep"),
                                  QStringLiteral("vpp")};
    return axes;
}

int& axisField(Scenario& s, const QString& axis)
{
    ParallelLayout& p = s.parallel;
    if (axis == QLatin1String("tp")) return p.tp;
    if (axis == QLatin1String("pp")) return p.pp;
    if (axis == QLatin1String("cp")) return p.cp;
    if (axis == QLatin1String("ep")) return p.ep;
    return p.vpp;
}

int axisValue(const Scenario& s, const QString& axis) { return axisField(const_cast<Scenario&>(s), axis); }

void rebalance(Scenario& s)
{
    s.parallel = rebalanceLayout(s.parallel, s.gpus);
}

const SystemSpec* scenarioSystem(const Scenario& s, const SpecCatalog& catalog)
{
    return s.inlineSystem ? &*s.inlineSystem : catalog.system(s.system);
}

const GpuSpec* scenarioGpu(const Scenario& s, const SpecCatalog& catalog)
{
    const SystemSpec* system = scenarioSystem(s, catalog);
    return system ? catalog.gpu(system->gpu) : nullptr;
}

void fitToSystem(Scenario& s, const SpecCatalog& catalog, const ParallelLayout& preferred)
{
    if (const SystemSpec* system = scenarioSystem(s, catalog))
        s.gpus = std::clamp<long long>(s.gpus, 1, std::max<long long>(system->scaleOut.maxGpus.value, 1));
    if (const GpuSpec* gpu = scenarioGpu(s, catalog)) {
        if (!gpu->peak(s.training.precision)) s.training.precision = Precision::Bf16;
        if (!gpu->peak(s.inference.precision)) s.inference.precision = Precision::Bf16;
        // A compute calibration of another architecture gives way to the new family's default.
        if (!chosenComputeCalibration(catalog, s.calibration.compute, gpu->architecture)) s.calibration.compute.clear();
        // An attention kernel the new GPU family has no measurements of gives way to its default.
        const ComputeCalibration* c = chosenComputeCalibration(catalog, s.calibration.compute, gpu->architecture);
        if (!s.training.attentionKernel.empty() && (!c || c->attentionKernel(s.training.attentionKernel) < 0))
            s.training.attentionKernel.clear();
    }
    s.parallel = fitLayout(preferred, s.gpus);
}

void fitToModel(Scenario& s, const SpecCatalog& catalog)
{
    const ModelSpec* m = s.inlineModel ? &*s.inlineModel : catalog.model(s.model);
    if (!m) return;
    s.parallel = fitLayoutToModel(s.parallel, *m, s.gpus);
}

} // namespace scalescope

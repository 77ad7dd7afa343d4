#include "model/training/evaluation_context.h"

#include "model/network/topology.h"
#include "model/validation/published_mfu.h"

#include <atomic>

namespace scalescope {

std::optional<EvaluationContext> makeEvaluationContext(const Scenario& s, const SpecCatalog& catalog, SpecErrors& errors,
                                                       const std::string& file)
{
    const size_t before = errors.size();
    static std::atomic<std::uint64_t> instances{0};
    EvaluationContext ctx;
    ctx.instance = ++instances;
    ctx.scenario = s;
    auto unknown = [&](const char* path, std::string_view kind, const std::string& id, SpecKind k) {
        errors.push_back({file, path, unknownIdMessage(kind, id, catalog.ids(k))});
    };
    const SystemSpec* system = s.inlineSystem ? &*s.inlineSystem : catalog.system(s.system);
    if (!system) unknown("/system", "system", s.system, SpecKind::System);
    const ModelSpec* model = s.inlineModel ? &*s.inlineModel : catalog.model(s.model);
    if (!model) unknown("/model", "model", s.model, SpecKind::Model);
    if (!system || !model) return std::nullopt;
    const GpuSpec* gpu = catalog.gpu(system->gpu);
    if (!gpu) {
        unknown("/system", "gpu", system->gpu, SpecKind::Gpu);
        return std::nullopt;
    }
    ctx.system = *system;
    ctx.model = *model;
    ctx.gpu = *gpu;
    if (system->superchip) {
        if (const SuperchipSpec* sc = catalog.superchip(*system->superchip)) ctx.superchip = *sc;
    }
    if (const CalibrationSpec* c = catalog.calibration(kDefaultCalibration)) {
        ctx.calibration = *c;
    } else if (s.efficiency == EfficiencyMode::Measured) {
        errors.push_back({file, "/network/efficiency",
                          "expected the calibration spec \"" + std::string(kDefaultCalibration) +
                              "\" for measured efficiencies, found none (use \"theoretical\" or restore specs/calibration)"});
    }
    if (const CalibrationSpec* c = catalog.calibration(kMemoryReserveCalibration)) ctx.memoryReserve = c->memoryReserve;
    if (const CalibrationSpec* c = catalog.calibration(kCriticalBatchCalibration)) ctx.criticalBatch = c->criticalBatch;
    if (const ComputeCalibration* c = catalog.computeCalibrationFor(gpu->architecture)) {
        ctx.compute = *c;
        ctx.computeCarriedOver = c->carriedOver();
        if (const std::string& k = s.training.attentionKernel; !k.empty()) {
            const int i = c->attentionKernel(k);
            ctx.attentionKernel = std::max(i, 0);
            ctx.attentionKernelMissing = i < 0;
        }
    } else if (s.efficiency == EfficiencyMode::Measured) {
        errors.push_back({file, "/efficiency",
                          "expected a kernel calibration (specs/calibration/compute-*.json) for the " +
                              gpu->architecture + " architecture of the " + gpu->name +
                              " for measured efficiencies, found none (use \"theoretical\")"});
    }
    const auto missingFacility = [&](const char* path, const std::string& what) {
        errors.push_back({file, path, "expected the " + what + " in the spec catalog, found none (restore specs/facility)"});
    };
    if (const FluidSpec* f = catalog.fluid(s.facility.coolant)) ctx.coolant = *f;
    else missingFacility("/facility/coolant", "fluid spec \"" + s.facility.coolant + "\"");
    if (const FluidSpec* f = catalog.fluid(kAirFluid)) ctx.air = *f;
    else missingFacility("/facility", std::string("fluid spec \"") + kAirFluid + "\"");
    if (const FacilitySpec* f = catalog.facility(kDefaultFacility)) ctx.facility = *f;
    else missingFacility("/facility", std::string("facility spec \"") + kDefaultFacility + "\"");
    const long long maxGpus = system->scaleOut.maxGpus.value;
    if (s.gpus > maxGpus)
        errors.push_back({file, "/gpus", "expected at most the " + std::to_string(maxGpus) + " GPUs of " + system->name +
                                             ", found " + std::to_string(s.gpus)});
    const Precision precision = s.mode == Mode::Training ? s.training.precision : s.inference.precision;
    if (const auto peak = gpu->peak(precision)) {
        ctx.peak = *peak;
    } else {
        errors.push_back({file, s.mode == Mode::Training ? "/training/precision" : "/inference/precision",
                          "expected a precision the " + gpu->name + " has Tensor Cores for, found \"" +
                              std::string(precisionKey(precision)) + "\""});
    }
    if (const auto bf16 = gpu->peak(Precision::Bf16)) ctx.peakBf16 = *bf16;
    else errors.push_back({file, "/system", "expected a GPU with a BF16 Tensor Core peak (MFU's reference), found none for " + gpu->name});
    if (s.training.seqLen < 1) errors.push_back({file, "/training/seq_len", "expected a positive sequence length"});
    if (errors.size() != before) return std::nullopt;
    try {
        const Topology topology(ctx.system, ctx.gpu, s.gpus);
        ctx.tiers = topology.tiers(&ctx.calibration);
    } catch (const std::exception& ex) {
        errors.push_back({file, "/system", std::string("expected a system whose network can join the GPUs, found: ") + ex.what()});
        return std::nullopt;
    }
    ctx.cost = modelCost(ctx.model, s.training.seqLen);
    const bool lowPrecision = s.mode == Mode::Training && isLowPrecision(s.training.precision);
    const MfuCeiling ceiling = publishedMfuCeiling(catalog, ctx.model.moe.has_value(), lowPrecision);
    ctx.publishedMfuCeiling = ceiling.mfu;
    ctx.publishedMfuCeilingRun = ceiling.runName;
    return ctx;
}

} // namespace scalescope

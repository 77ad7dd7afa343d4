#include "model/system/resolve_system.h"

#include "model/core/row_provenance.h"
#include "model/network/topology.h"

#include <atomic>

namespace scalescope {

std::optional<ResolvedSystem> resolveSystem(const Scenario& s, const SpecCatalog& catalog, SpecErrors& errors,
                                            const std::string& file)
{
    const size_t before = errors.size();
    static std::atomic<std::uint64_t> instances{0};
    ResolvedSystem r;
    r.instance = ++instances;
    r.scenario = s;
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
    r.system = *system;
    r.model = *model;
    r.gpu = *gpu;
    if (system->superchip) {
        if (const SuperchipSpec* sc = catalog.superchip(*system->superchip)) r.superchip = *sc;
    }
    const bool measured = s.efficiency == EfficiencyMode::Measured;
    const auto isUser = [&](SpecKind kind, const std::string& id) {
        const SpecDocument* d = catalog.document(kind, id);
        return d && d->user;
    };
    if (!s.calibration.network.empty()) {
        const CalibrationSpec* c = catalog.calibration(s.calibration.network);
        if (c && isNetworkCalibration(*c)) {
            r.calibration = *c;
            r.calibrationUser = isUser(SpecKind::Calibration, c->id);
        } else {
            errors.push_back({file, "/calibration/network",
                              unknownIdMessage("network calibration", s.calibration.network, networkCalibrationIds(catalog))});
        }
    } else if (const CalibrationSpec* c = catalog.calibration(kDefaultCalibration)) {
        r.calibration = *c;
        r.calibrationUser = isUser(SpecKind::Calibration, c->id);
    } else if (measured) {
        errors.push_back(
            {file, "/network/efficiency",
             "expected the calibration spec \"" + std::string(kDefaultCalibration) +
                 "\" for measured efficiencies, found none (use \"theoretical\" or restore specs/calibration)"});
    }
    if (!r.calibrationUser) {
        const auto it = r.calibration.sources.find(r.calibration.scaleOutAchievableFraction.source);
        r.scaleOutFractionAssumed = it != r.calibration.sources.end() && labelledAssumption(it->second);
    }
    if (const CalibrationSpec* c = catalog.calibration(kMemoryReserveCalibration)) r.memoryReserve = c->memoryReserve;
    if (const CalibrationSpec* c = catalog.calibration(kCriticalBatchCalibration)) r.criticalBatch = c->criticalBatch;
    if (const CalibrationSpec* c = catalog.calibration(kEpDispatchCalibration); c && c->epDispatch)
        r.epDispatchCalibration = *c;
    else if (measured && s.mode == Mode::Training && s.training.moeDispatcher != MoeDispatcher::AllToAll)
        errors.push_back({file, "/training/moe_dispatcher",
                          "expected the calibration spec \"" + std::string(kEpDispatchCalibration) +
                              "\" for DeepEP's measured bandwidths, found none (use \"alltoall\" or restore specs/calibration)"});
    const ComputeCalibration* compute = nullptr;
    if (!s.calibration.compute.empty()) {
        compute = catalog.computeCalibration(s.calibration.compute);
        if (!compute) {
            errors.push_back({file, "/calibration/compute",
                              unknownIdMessage("compute calibration", s.calibration.compute,
                                               computeCalibrationIdsFor(catalog, gpu->architecture))});
        } else if (!appliesTo(*compute, gpu->architecture)) {
            errors.push_back({file, "/calibration/compute",
                              "expected a compute calibration for the " + gpu->architecture + " architecture of the " +
                                  gpu->name + ", found \"" + compute->id + "\" (measured on another architecture)"});
            compute = nullptr;
        }
    } else {
        compute = catalog.computeCalibrationFor(gpu->architecture);
        if (!compute && measured)
            errors.push_back({file, "/efficiency",
                              "expected a kernel calibration (specs/calibration/compute-*.json) for the " +
                                  gpu->architecture + " architecture of the " + gpu->name +
                                  " for measured efficiencies, found none (use \"theoretical\")"});
    }
    if (compute) {
        r.compute = *compute;
        r.computeCarriedOver = compute->carriedOver();
        r.computeUser = isUser(SpecKind::ComputeCalibration, compute->id);
    }
    const auto missingFacility = [&](const char* path, const std::string& what) {
        errors.push_back(
            {file, path, "expected the " + what + " in the spec catalog, found none (restore specs/facility)"});
    };
    if (const FluidSpec* f = catalog.fluid(s.facility.coolant))
        r.coolant = *f;
    else
        missingFacility("/facility/coolant", "fluid spec \"" + s.facility.coolant + "\"");
    if (const FluidSpec* f = catalog.fluid(kAirFluid))
        r.air = *f;
    else
        missingFacility("/facility", std::string("fluid spec \"") + kAirFluid + "\"");
    if (const FacilitySpec* f = catalog.facility(kDefaultFacility))
        r.facility = *f;
    else
        missingFacility("/facility", std::string("facility spec \"") + kDefaultFacility + "\"");
    const long long maxGpus = system->scaleOut.maxGpus.value;
    if (s.gpus > maxGpus)
        errors.push_back({file, "/gpus",
                          "expected at most the " + std::to_string(maxGpus) + " GPUs of " + system->name + ", found " +
                              std::to_string(s.gpus)});
    if (const auto bf16 = gpu->peak(Precision::Bf16))
        r.peakBf16 = *bf16;
    else
        errors.push_back(
            {file, "/system",
             "expected a GPU with a BF16 Tensor Core peak (MFU's reference), found none for " + gpu->name});
    if (errors.size() != before) return r;
    try {
        const Topology topology(r.system, r.gpu, s.gpus);
        r.tiers = topology.tiers(&r.calibration);
    } catch (const std::exception& ex) {
        errors.push_back(
            {file, "/system", std::string("expected a system whose network can join the GPUs, found: ") + ex.what()});
        return std::nullopt;
    }
    return r;
}

} // namespace scalescope

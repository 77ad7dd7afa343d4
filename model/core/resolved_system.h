#pragma once
// A scenario's system resolved against the spec catalog, the part every mode
// shares: the specs (copied, so inline specs and catalog specs are treated
// alike), the calibrations, the network tiers from the topology graph, the
// facility. A mode (training, inference) adds its own settings on top.

#include "model/core/network_tiers.h"
#include "model/spec/compute_calibration.h"
#include "model/spec/facility_specs.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/system_spec.h"

#include <cstdint>
#include <optional>

namespace scalescope {

struct ResolvedSystem {
    std::uint64_t instance = 0; // unique per resolution (copies share it): keys per-thread memos
    Scenario scenario;
    SystemSpec system;
    GpuSpec gpu;
    ModelSpec model;
    std::optional<SuperchipSpec> superchip;
    CalibrationSpec calibration;
    std::optional<MemoryReserveSpec> memoryReserve; // specs/calibration/memory-reserve.json
    std::optional<CriticalBatchSpec> criticalBatch; // specs/calibration/critical-batch.json
    // specs/calibration/deepep-measured.json: the MoE dispatch kernels' bandwidths
    // (its epDispatch block), with the sources their rows cite.
    std::optional<CalibrationSpec> epDispatchCalibration;
    ComputeCalibration compute;                     // kernel speeds of gpu.architecture; empty (all 1) when none
    bool computeCarriedOver = false;                // compute is scaled from another family: an assumption to show
    bool computeUser = false;                       // compute is a user calibration (the user spec folder)
    bool calibrationUser = false;                   // calibration (the network one) is a user calibration
    // The calibration's scale_out_achievable_fraction is a labelled assumption
    // (its source says "assumption"; a user calibration is a measurement).
    bool scaleOutFractionAssumed = false;
    NetworkTiers tiers;
    FlopsPerSecond peakBf16{}; // dense BF16 Tensor Core peak: MFU's reference and attention's peak
    FluidSpec coolant;         // scenario.facility.coolant
    FluidSpec air;             // for the air-cooling comparison
    FacilitySpec facility;     // feeds, load profile, failure model
};

inline constexpr const char* kDefaultCalibration = "nccl-measured";
inline constexpr const char* kDefaultFacility = "default";
inline constexpr const char* kMemoryReserveCalibration = "memory-reserve";
inline constexpr const char* kCriticalBatchCalibration = "critical-batch";
inline constexpr const char* kEpDispatchCalibration = "deepep-measured";
inline constexpr const char* kAirFluid = "air";

} // namespace scalescope

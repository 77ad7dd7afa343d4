#pragma once
// Everything an evaluation needs, resolved once per scenario: the specs
// (copied, so inline specs and catalog specs are treated alike), the network
// tiers from the topology graph, and the model's per-layer costs. Evaluating
// a different parallel layout reuses the context (the layout search does).

#include "model/compute/compute_calibration.h"
#include "model/training/evaluation.h"
#include "model/spec/facility_specs.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/model_spec.h"
#include "model/network/network_tiers.h"
#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/system_spec.h"
#include "model/training/transformer_cost.h"

#include <cstdint>
#include <optional>

namespace scalescope {

struct EvaluationContext {
    std::uint64_t instance = 0; // unique per makeEvaluationContext call (copies share it): keys per-thread memos
    Scenario scenario;
    SystemSpec system;
    GpuSpec gpu;
    ModelSpec model;
    std::optional<SuperchipSpec> superchip;
    CalibrationSpec calibration;
    std::optional<MemoryReserveSpec> memoryReserve; // specs/calibration/memory-reserve.json
    std::optional<CriticalBatchSpec> criticalBatch; // specs/calibration/critical-batch.json
    ComputeCalibration compute;      // kernel speeds of gpu.architecture; empty (all 1) when none
    bool computeCarriedOver = false; // compute is scaled from another family: an assumption to show
    int attentionKernel = 0;         // index into compute.attention (training.attention_kernel)
    bool attentionKernelMissing = false; // the scenario names a kernel the family has no table for: the default runs
    NetworkTiers tiers;
    ModelCost cost; // at scenario.training.seqLen
    FlopsPerSecond peak{}; // dense Tensor Core peak at the training precision
    // Best published BF16 MFU of the class (dense or MoE, 16-bit or FP8 and
    // below; published_mfu.h) on any GPU; 0 when none. A result above it gets
    // a warning and the layout search marks it beyond any published run.
    double publishedMfuCeiling = 0;
    std::string publishedMfuCeilingRun; // the name of the run that sets it
    FlopsPerSecond peakBf16{}; // dense BF16 Tensor Core peak: MFU's reference and attention's peak
    FluidSpec coolant;     // scenario.facility.coolant
    FluidSpec air;         // for the air-cooling comparison
    FacilitySpec facility; // feeds, load profile, failure model
};

inline constexpr const char* kDefaultCalibration = "nccl-measured";
inline constexpr const char* kDefaultFacility = "default";
inline constexpr const char* kMemoryReserveCalibration = "memory-reserve";
inline constexpr const char* kCriticalBatchCalibration = "critical-batch";
inline constexpr const char* kAirFluid = "air";

// Resolves ids against the catalog; problems (unknown ids, an unsupported
// precision, more GPUs than the system holds) go to errors with JSON paths.
[[nodiscard]] std::optional<EvaluationContext> makeEvaluationContext(const Scenario& s, const SpecCatalog& catalog,
                                                                     SpecErrors& errors, const std::string& file = "scenario");

// Rank stride of each mesh axis when laid onto the hardware in `order`
// (innermost first): stride(order[0]) = 1, stride(order[k]) = Π sizes before it.
[[nodiscard]] long long axisStride(const ParallelLayout& p, Axis a) noexcept;

// Evaluates one training step of `layout` (or the scenario's own layout).
[[nodiscard]] Evaluation evaluate(const EvaluationContext& ctx, const ParallelLayout& layout);
[[nodiscard]] inline Evaluation evaluate(const EvaluationContext& ctx) { return evaluate(ctx, ctx.scenario.parallel); }

} // namespace scalescope

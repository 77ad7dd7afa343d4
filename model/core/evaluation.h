#pragma once
// The result of evaluating one scenario: plain values, cheap to copy and
// to compute (no allocation), so that a layout search can run millions.
// Messages for warnings are built only when asked for (verdicts.h).

#include "model/spec/units.h"
#include "model/core/operation_table.h"

#include <array>
#include <string>

namespace scalescope {

enum class CommAxis { Tp, Cp, Ep, Pp, Dp };
inline constexpr int kCommAxes = 5;
[[nodiscard]] std::string_view commAxisKey(CommAxis a) noexcept; // "tp"

// Communication of one mesh axis over one step, per GPU.
struct AxisComm {
    Seconds time{};    // total time of the axis's collectives in the step
    Seconds exposed{}; // part on the critical path (not hidden behind compute)
    Bytes bytes{};     // bytes of the collectives issued by one GPU's group per step
    int tier = -1;     // highest network tier the group crosses (-1: none)
    BytesPerSecond perGpuBandwidth{}; // effective bandwidth of one call
};

struct MemoryPerGpu {
    Bytes weights{}, grads{}, optimizer{}, activations{}, buffers{};
    double optimizerParams = 0; // parameters whose optimizer state this GPU holds and steps
    Bytes total{};
    Bytes capacity{};      // usable HBM: the device's capacity minus reserved
    Bytes reserved{};      // CUDA context, NCCL buffers and allocator fragmentation (usable_memory.h)
    Bytes spillCapacity{}; // CPU memory over C2C available to this GPU (superchips)
    Bytes spill{};         // what does not fit in HBM
    Seconds spillTime{};   // per step, reading and writing the spill over C2C
    bool fits = false;     // fits in HBM
    bool fitsWithSpill = false;
};

// Times of one micro-batch through the bottleneck pipeline stage (all its
// layers, or one virtual chunk's share times vpp): sums of the operation
// table's micro-batch rows. Communication fields are the exposed parts; the
// *Hidden fields are what ran beside compute.
struct StageTimes {
    Seconds forwardCompute{}, backwardCompute{}, recompute{};
    Seconds tpForward{}, tpBackward{};
    Seconds cpForwardExposed{}, cpBackwardExposed{};
    Seconds epForward{}, epBackward{};
    Seconds tpForwardHidden{}, tpBackwardHidden{};
    Seconds cpForwardHidden{}, cpBackwardHidden{};
    Seconds epForwardHidden{}, epBackwardHidden{};
    Seconds p2p{}; // one send between stages on the critical path (per virtual chunk boundary)
    int layers = 0;
    [[nodiscard]] Seconds forward() const { return forwardCompute + tpForward + cpForwardExposed + epForward; }
    [[nodiscard]] Seconds backward() const
    {
        return backwardCompute + recompute + tpBackward + cpBackwardExposed + epBackward;
    }
};

enum class WarningCode {
    TpLeavesNvlinkDomain,
    EpLeavesNvlinkDomain,
    CpLeavesNvlinkDomain,
    BelowCriticalBatch,
    TpAboveComputeBoundLimit,
    DoesNotFit,
    SpillsToCpuMemory,
    LargeBubble,
    UnevenLayers,
    Zero3WithPipeline,
    MeasuredMode,
    TheoreticalMode,
    AboveBestPublishedMfu,
    GroupStraddlesDomain, // a = group size, b = GPUs per NVLink domain, c = CommAxis
    ExposedCommunication,
    ComputeCalibrationCarriedOver,
    StepBeyondTrainingBudget, // a = tokens per step, b = training.tokens_total
    BatchFarBeyondCriticalBatch, // a = tokens per step, b = the critical batch bound B*, c = the warning factor
    AttentionKernelNotCalibrated, // training.attention_kernel has no table for this GPU family: its default runs
    // a = exposed scale-out communication / step, b = that time (s), c = the assumed achievable fraction
    ScaleOutFractionAssumed,
};

// No default values: an evaluation keeps its warnings in storage it does not
// clear (only [0, warningCount) is meaningful), as the operation table does.
struct Warning {
    WarningCode code;
    double a, b, c; // numbers the message needs
};

struct Evaluation {
    bool ok = false;
    std::string error; // set when !ok: why the scenario cannot be evaluated
    std::string errorPath; // JSON path of the offending setting

    Seconds stepTime{}, computeTime{}, exposedComm{}, bubbleTime{}, optimizerTime{};
    // MFU against the BF16 dense peak (the literature's convention), against
    // the peak of the training precision, and hardware FLOPs (with recompute)
    // utilisation against the BF16 peak.
    double mfu = 0, mfuAtPrecision = 0, hfu = 0, bubbleFraction = 0;
    double tokensPerStep = 0, tokensPerS = 0, tokensPerSPerGpu = 0;
    Flops flopsPerStep{};         // model FLOPs (3 × forward), for MFU
    Flops hardwareFlopsPerStep{}; // including recompute
    Seconds timeToTrain{};        // for training.tokens_total, 0 when not given
    int microbatches = 0;
    double criticalTokensPerGpu = 0; // DP critical batch (seed 004)
    double tokensPerGpu = 0;         // tokens per GPU per step
    double tpComputeBoundLimit = 0;  // Y < F·W/C
    std::array<AxisComm, kCommAxes> comm{};
    MemoryPerGpu memory;
    StageTimes stage;
    OperationTable ops; // the per-operation cost table every number above is summed from

    static constexpr int kMaxWarnings = 16;
    std::array<Warning, kMaxWarnings> warnings; // only [0, warningCount) is meaningful
    int warningCount = 0;
    void warn(WarningCode code, double a = 0, double b = 0, double c = 0) noexcept
    {
        if (warningCount < kMaxWarnings) warnings[static_cast<size_t>(warningCount++)] = {code, a, b, c};
    }
    [[nodiscard]] const AxisComm& axis(CommAxis a) const noexcept { return comm[static_cast<size_t>(a)]; }
    [[nodiscard]] AxisComm& axis(CommAxis a) noexcept { return comm[static_cast<size_t>(a)]; }
};

} // namespace scalescope

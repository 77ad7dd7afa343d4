#pragma once
// GPU, CPU and superchip specs as read from specs/gpus, specs/cpus and
// specs/superchips. Every number keeps its source.

#include "model/spec/precision.h"
#include "model/spec/sourced.h"
#include "model/spec/units.h"

#include <map>
#include <optional>
#include <string>

namespace scalescope {

struct SmSpec {
    Sourced<int> subpartitions;
    Sourced<int> fp32LanesPerSubpartition;
    std::optional<Sourced<int>> int32LanesPerSubpartition;
    std::optional<Sourced<int>> fp64LanesPerSubpartition;
    Sourced<int> tensorCoresPerSubpartition;
    Sourced<Bytes> registerFile;
    Sourced<Bytes> l1Smem;
    std::optional<Sourced<Bytes>> smemMax;
    std::optional<Sourced<Bytes>> tmem;
    Sourced<int> maxWarps;
    std::optional<Sourced<int>> maxThreads;
    std::optional<Sourced<int>> maxBlocks;
    std::optional<Sourced<int>> maxRegistersPerThread;
    std::optional<Sourced<int>> gpcs;
    std::optional<Sourced<double>> tensorCoreFlopsPerCycle;
};

struct HbmSpec {
    std::string generation;
    Sourced<int> stacks;
    std::optional<Sourced<Bytes>> stackCapacity;
    Sourced<Bytes> capacityNominal;
    Sourced<Bytes> capacityUsable;
    Sourced<BytesPerSecond> bandwidth;
};

struct GpuSpec {
    std::string id, name, architecture;
    SourceMap sources;
    Sourced<int> sms;
    std::optional<Sourced<Hertz>> boostClock;
    Sourced<int> dies;
    std::optional<Sourced<double>> transistors;
    std::optional<std::string> dieToDieName;
    std::optional<Sourced<BytesPerSecond>> dieToDieBandwidth;
    SmSpec sm;
    Sourced<Bytes> l2Capacity;
    std::optional<Sourced<int>> l2Partitions;
    std::optional<Sourced<BytesPerSecond>> l2Bandwidth;
    HbmSpec hbm;
    std::map<Precision, Sourced<FlopsPerSecond>> peakDense; // absent = unsupported
    Sourced<int> nvlinkGeneration;
    Sourced<int> nvlinkLinks;
    Sourced<BytesPerSecond> nvlinkBandwidth; // bidirectional per GPU
    std::optional<Sourced<int>> pcieGeneration;
    std::optional<Sourced<BytesPerSecond>> pcieBandwidth;
    std::optional<Sourced<BytesPerSecond>> c2cBandwidth;
    Sourced<Watts> tdp;

    // Per-direction NVLink bandwidth: the "GPU egress" of seed 004.
    [[nodiscard]] BytesPerSecond nvlinkEgress() const noexcept { return nvlinkBandwidth.value / 2.0; }
    [[nodiscard]] std::optional<FlopsPerSecond> peak(Precision p) const
    {
        auto it = peakDense.find(p);
        if (it == peakDense.end()) return std::nullopt;
        return it->second.value;
    }
    [[nodiscard]] int fp32Lanes() const noexcept
    {
        return sms.value * sm.subpartitions.value * sm.fp32LanesPerSubpartition.value;
    }
};

struct CpuSpec {
    std::string id, name;
    SourceMap sources;
    Sourced<int> cores;
    std::optional<Sourced<Hertz>> clock;
    std::optional<Sourced<Bytes>> l3;
    std::string memoryType;
    Sourced<Bytes> memoryCapacity;
    Sourced<BytesPerSecond> memoryBandwidth;
    std::optional<Sourced<Watts>> tdp;
};

struct SuperchipSpec {
    std::string id, name;
    SourceMap sources;
    std::string cpu; // CpuSpec id
    std::string gpu; // GpuSpec id
    Sourced<int> gpus;
    Sourced<BytesPerSecond> c2cBandwidth; // bidirectional
    Sourced<Bytes> lpddr5xCapacity;
    Sourced<BytesPerSecond> lpddr5xBandwidth;
    std::optional<Sourced<Watts>> modulePower;
};

} // namespace scalescope

namespace scalescope {

// Efficiency factors of the "measured" collective mode (specs/calibration).
// HBM a training process cannot use for its tensors (memory-reserve.json):
// usable = capacity_usable − CUDA context − NCCL buffers − fragmentation.
struct MemoryReserveSpec {
    Sourced<Bytes> cudaContext;          // per process (one per GPU)
    Sourced<Bytes> ncclBufferPerChannel; // NCCL_BUFFSIZE, per channel and peer connection
    Sourced<double> ncclChannels;        // channels per communicator
    Sourced<double> ncclPeersPerChannel; // connections with buffers per channel (ring: previous and next rank)
    Sourced<double> fragmentationFraction; // of what remains, held by the caching allocator but unusable
};

// The optimisation's critical batch (critical-batch.json): B_crit(L) =
// B*/L^(1/α_B) tokens (Kaplan et al. 2020). B* is B_crit at a loss of 1 nat;
// pretraining losses stay above that, so B* bounds any run's critical batch.
// A step `warnFactor` times beyond it is an input mistake, not a layout.
struct CriticalBatchSpec {
    Sourced<double> tokensAtOneNat; // B*, tokens
    Sourced<double> warnFactor;
};

// MoE dispatch and combine kernels (deepep-measured.json): the fraction of a
// tier's link rate (one direction, per GPU) their bytes cross it at, from
// published kernel bandwidths, per tier and direction of the exchange; and
// the bytes per hidden element of an FP8 dispatch (values plus scales).
struct EpDispatchSpec {
    Sourced<double> nvlinkDispatchFraction;
    Sourced<double> nvlinkCombineFraction;
    Sourced<double> scaleOutDispatchFraction;
    Sourced<double> scaleOutCombineFraction;
    Sourced<double> fp8DispatchBytesPerElement;
};

// A calibration document holds the collective efficiencies (nccl-measured),
// the memory reserve (memory-reserve), the critical batch (critical-batch)
// and/or the MoE dispatch kernels (deepep-measured).
struct CalibrationSpec {
    std::string id, name;
    SourceMap sources;
    std::optional<MemoryReserveSpec> memoryReserve;
    std::optional<CriticalBatchSpec> criticalBatch;
    std::optional<EpDispatchSpec> epDispatch;
    Sourced<double> nvlinkAchievableFraction;
    Sourced<double> scaleOutAchievableFraction;
    Sourced<Bytes> halfEfficiencyChunk; // per-step chunk at which efficiency halves
    // NVLink bandwidth (one direction, per GPU) that chunk was measured at: an
    // NVLink tier scales the chunk by its own bandwidth over this (a fixed
    // per-step cost, Hockney's n-half); zero: the chunk as it is everywhere.
    Sourced<BytesPerSecond> halfEfficiencyLink;
    Sourced<double> sharpMeasuredSpeedup;
    Sourced<Seconds> nvlinkStepLatency;
    Sourced<Seconds> scaleOutStepLatency;
    Sourced<Seconds> extraTierLatency;
    // Gradient buckets of overlapped data parallelism: max(params, perRank · dp) parameters.
    Sourced<double> dpBucketParams;
    Sourced<double> dpBucketParamsPerRank;
    // Compute beside an overlapped collective runs this much slower (0.189 =
    // 18.9 %); 0 when the document does not say.
    Sourced<double> overlapComputeSlowdown;
    // Sequential compute + communication take this much longer than overlapped
    // (0.102 = 10.2 %), measured together with overlapComputeSlowdown; 0 when
    // the document does not say.
    Sourced<double> overlapSequentialPenalty;
    // The most compute beside overlapped collectives was measured slowed
    // (0.400 = 40.0 %, with overlapComputeSlowdown): the bound of what
    // contention may add to the compute of a micro-batch's passes; 0 when the
    // document does not say (no bound).
    Sourced<double> overlapComputeSlowdownMax;
};

} // namespace scalescope

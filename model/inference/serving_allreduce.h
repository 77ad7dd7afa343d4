#pragma once
// The tensor-parallel AllReduce of a serving engine for small messages
// inside one NVLink domain: vLLM's custom all-reduce
// (csrc/custom_all_reduce.cuh, CustomAllreduce::allreduce; used for
// messages below its max_size of 8 MiB, vllm/distributed/device_communicators/
// custom_all_reduce.py) instead of NCCL's ring:
//
//   one stage  (2 GPUs; ≤ 4 GPUs below 512 KiB; ≤ 8 GPUs below 256 KiB):
//              every GPU reads its n − 1 peers' arrays and reduces locally
//              time = 3 · latency + (n − 1) · B / W
//   two stages (otherwise): reduce-scatter, then all-gather, peer to peer
//              time = 3 · latency + 2 · (n − 1)/n · B / W
// latency is the NVLink tier's per-step latency (a flag barrier before,
// between or after the copies, and the reads), W the per-GPU NVLink egress
// at the calibration's achievable fraction (measured mode). Both are an
// assumption carried from NCCL's calibration: the kernels were not measured.

#include "model/core/network_tiers.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/scenario.h"
#include "model/spec/units.h"

#include <optional>
#include <string>

namespace scalescope {

inline constexpr double kCustomAllReduceMaxBytes = 8.0 * 1024 * 1024; // custom_all_reduce.py max_size
inline constexpr int kCustomAllReduceMaxGpus = 8;                     // world sizes 2, 4, 6, 8

// The custom AllReduce of `bytes` over `gpus` GPUs of one NVLink domain
// (tier 0 of `net`); empty where the engine would call NCCL instead (a
// group beyond one domain or 8 GPUs, an odd size, a message of 8 MiB or more).
[[nodiscard]] std::optional<Seconds> customAllReduce(const NetworkTiers& net, int gpus, bool withinDomain, Bytes bytes,
                                                     EfficiencyMode mode, const CalibrationSpec& calibration) noexcept;

// Source label of its rows.
[[nodiscard]] const std::string& customAllReduceAssumption() noexcept;

} // namespace scalescope

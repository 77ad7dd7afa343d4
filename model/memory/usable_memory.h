#pragma once
// HBM a training process can fill with tensors ("fits" must mean fits):
//
//   usable = capacity − CUDA context − NCCL buffers − fragmentation · capacity
//   NCCL buffers = communicators · channels · peers per channel · NCCL_BUFFSIZE
//
// with the cited values of specs/calibration/memory-reserve.json; one NCCL
// communicator per parallel axis with more than one rank.

#include "model/spec/hardware_specs.h"
#include "model/spec/scenario.h"
#include "model/spec/units.h"

namespace scalescope {

struct UsableHbm {
    Bytes capacity{}; // what the device exposes (capacity_usable of the GPU spec)
    Bytes cudaContext{};
    Bytes ncclBuffers{};
    Bytes fragmentation{};
    Bytes usable{};
    int communicators = 0;
};

// Communicators one rank of `p` joins (tp, cp, ep, pp, dense dp·cp, expert dp).
[[nodiscard]] int ncclCommunicators(const ParallelLayout& p) noexcept;

// `reserve` may be null (no reserve spec: everything is usable).
[[nodiscard]] UsableHbm usableHbm(Bytes capacity, const MemoryReserveSpec* reserve, int communicators) noexcept;

} // namespace scalescope

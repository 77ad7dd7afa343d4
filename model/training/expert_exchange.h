#pragma once
// One EP exchange of a MoE layer (a dispatch or a combine) as the scenario's
// dispatcher runs it (training.moe_dispatcher): its time per call, the bytes
// on its bottleneck link per GPU, and that link's efficiency with its source.
// Megatron-Core's NCCL all-to-all is costed in step_communication.cpp through
// the collective model; DeepEP's kernels here (network/ep_dispatch.h).

#include "model/training/evaluation_context.h"
#include "model/training/stage_operations.h"

#include <string>

namespace scalescope {

// One EP exchange (a dispatch or a combine) of one MoE layer and pass: its
// time, the bytes on its bottleneck link per GPU, and that link's efficiency.
struct EpExchange {
    Seconds time{};
    Bytes bytes{};
    double efficiency = 1;
    const std::string* source = nullptr;
    int spannedTier = -1;
};

// DeepEP's normal kernels for `tokens` tokens per GPU: NVLink within a
// domain; across domains once per destination node over the scale-out
// network, then forwarded over NVLink; the slower link sets the time. In
// measured mode at the fractions of specs/calibration/deepep-measured.json
// (the row cites the bottleneck's), else at the link rates. `combine`: the
// return trip, always BF16; the dispatch is FP8 with "deepep-fp8".
[[nodiscard]] EpExchange deepEpExchange(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                                        double tokens, bool combine) noexcept;

} // namespace scalescope

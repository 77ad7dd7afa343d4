#pragma once
// Communication rows of the operation table and what hides them, following
// how Megatron-LM overlaps each axis (scenario key "overlap"):
//
//   TP  pipelined: sequence parallelism with Transformer Engine's comm-GEMM
//       overlap. Each collective hides behind the GEMM it feeds or drains, not
//       behind the layer's GEMMs in bulk (TE initialize_ub's default methods):
//       forward, the AllGathers before QKV and MLP-up and the ReduceScatters
//       after output and MLP-down run in tp chunks beside their GEMM's chunks,
//       the first chunk waiting: hidden = min(comm, GEMM) · (tp − 1)/tp, only
//       inside one NVLink domain (the chunks move through NVLink peer memory).
//       Backward has six: the output-gradient AllGathers of output and MLP-down
//       chunked beside their data-gradient GEMMs, and for QKV and MLP-up the
//       input AllGather beside the data-gradient GEMM and the input-gradient
//       ReduceScatter beside the weight-gradient GEMM, whole (Megatron-Core's
//       LinearWithGradAccumulationAndAsyncCommunication launches them async;
//       TE's "bulk" overlap): hidden = min(comm, GEMM) on any tier.
//       none: Megatron-LM 2021, no sequence parallelism: two all-reduces per
//       pass between the GEMMs, nothing hidden
//   CP  ring attention: the KV exchange hides behind the attention kernel
//   EP  none: exposed; 1f1b: hidden behind the other micro-batch's layer in
//       the 1F1B steady state (m of m + pp − 1 slots); dualpipe: in every slot
//   PP  overlapped sends: only the 2·(pp − 1) sends of fill and drain are on
//       the critical path
//   DP  gradient ReduceScatter / AllReduce in buckets during the last
//       micro-batch's backward, the last bucket exposed; parameter AllGather
//       (distributed optimizer) under the next step's first forward, the
//       first bucket exposed; ZeRO-3 prefetches the next layer's parameters,
//       the first layer's AllGather exposed
// Collective times come from model/network/collectives.h.

#include "model/training/memory_per_gpu.h"
#include "model/network/collectives.h"
#include "model/training/evaluation_context.h"
#include "model/training/layer_kernels.h"
#include "model/core/operation_table.h"
#include "model/training/stage_operations.h"

#include <array>

namespace scalescope {

// TP, CP and EP rows of `layers` dense or MoE layers; reads the compute rows
// of the same scope already in the table, and one layer's GEMMs that each TP
// collective pairs with (LayerKernels::tpPartners), to know what can hide them.
void addLayerCommunication(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, bool moe,
                           double layers, const std::array<TpPartnerGemms, 3>& tpPartners, Evaluation& e) noexcept;

// One stage-to-stage send of a micro-batch's activations (zero without PP):
// its time, and the link efficiency applied at its bottleneck tier with that
// efficiency's source (what its row shows; the whole collective cost is 300 bytes).
struct PipelineSend {
    Seconds time{};
    Bytes bytes{};
    double efficiency = 1;
    const std::string* source = nullptr;
};
[[nodiscard]] PipelineSend pipelineSend(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                                        Evaluation& e) noexcept;
// The step's send row, of which `onCriticalPath` per send waits.
void addPipelineSends(const ParallelLayout& p, const StageGeometry& g, const PipelineSend& send, Seconds onCriticalPath,
                      Evaluation& e) noexcept;

} // namespace scalescope

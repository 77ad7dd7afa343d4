#include "model/training/step_communication.h"

#include "model/spec/compute_calibration.h"
#include "model/compute/kernel_efficiency.h"
#include "model/training/memory_per_gpu.h"
#include "model/network/collectives.h"
#include "model/training/expert_exchange.h"
#include "model/training/context_parallel_attention.h"
#include "model/training/layer_kernels.h"
#include "model/training/collective_rows.h"
#include "model/core/recompute_policy.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <utility>

namespace scalescope {

using collective_rows::Comm;
using collective_rows::commRow;

namespace {

// Per-layer compute time of `scope` in `phase` with one of the bounds.
Seconds perLayer(const OperationTable& t, OpScope scope, Phase phase, double layers,
                 std::initializer_list<OpBound> bounds) noexcept
{
    if (layers <= 0) return {};
    Seconds sum{};
    for (OpBound b : bounds) sum += t.computeTime(scope, phase, b);
    return sum / layers;
}

constexpr std::initializer_list<OpBound> kAllCompute = {OpBound::Gemm, OpBound::GroupedGemm, OpBound::Attention, OpBound::Memory};

// Folded expert tensor parallelism (parallel.etp > 1; Megatron-Core's
// alltoall token dispatcher): after the EP dispatch each rank AllGathers the
// routed tokens of its etp group, T·etp/tp tokens × top_k copies, and
// ReduceScatters the expert output before the combine; backward runs the
// two the other way (the gathered input is kept for the weight gradient).
// The grouped GEMM takes no comm-GEMM overlap (Transformer Engine's
// userbuffers serve its linear layers), so they run exposed.
void addExpertTpCommunication(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, bool moe,
                              double layers, Evaluation& e) noexcept
{
    const ModelSpec& m = ctx.model;
    if (!moe || !m.moe || !p.folded() || p.etp <= 1) return;
    const Comm comm(ctx, g);
    const double tokens = g.tokens * p.etp / p.tp * m.moe->topK.value;
    const Bytes routed{tokens * m.hidden.value * kActivationBytes};
    const CollectiveCost& ag = comm.run(CollectiveKind::AllGather, routed, g.groups().etp);
    // Recomputed with the expert GEMMs they feed (recompute_modules "moe": the whole block).
    const double matmuls = g.recomputed[static_cast<size_t>(RecomputedWork::MoeMatmuls)];
    for (Phase ph : {Phase::Forward, Phase::Backward, Phase::Recompute}) {
        const double share = ph == Phase::Recompute ? matmuls : 1.0;
        if (share == 0) continue;
        constexpr double calls = 2; // AllGather and ReduceScatter (ring: equal cost)
        e.ops.add(commRow(comm, ag, OpKind::TpCollective, ph, OpStream::Tp, OpScope::MoeLayer, layers * share, routed * calls,
                          ag.time * calls, Seconds{}));
    }
    AxisComm& a = e.axis(CommAxis::Tp);
    a.tier = std::max(a.tier, ag.spannedTier);
}

// Megatron-Core's alltoall dispatcher: one NCCL AllToAll over the EP group
// in which each GPU's tokens go to ~top_k of the ep ranks (seed 004's
// sparse AllToAll); dispatch and combine move the same bytes.
EpExchange ncclAllToAll(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, double tokens) noexcept
{
    const ModelSpec& m = ctx.model;
    const double ep = p.ep, k = m.moe->topK.value, h = m.hidden.value;
    const Bytes groupArray{ep * ep * tokens * h * kActivationBytes}; // the AllToAll input over all members
    // Node-limited routing (DeepSeek-V3 §2.1.2) sends a token across the
    // scale-out network to at most M nodes, once per node (§3.2.2).
    const bool crossesDomains = g.groups().ep.spannedTier >= 1;
    const double destinations =
        m.moe->maxNodesPerToken && crossesDomains ? std::min<double>(k, m.moe->maxNodesPerToken->value) : k;
    const Comm sparse(ctx, g, destinations);
    const CollectiveCost& a2a = sparse.run(CollectiveKind::AllToAll, groupArray, g.groups().ep);
    EpExchange x;
    x.time = a2a.time;
    x.bytes = Bytes{tokens * h * kActivationBytes * std::min(destinations, ep) * (ep - 1) / ep}; // leaves one GPU
    x.spannedTier = a2a.spannedTier;
    sparse.describe(a2a, x.efficiency, x.source);
    return x;
}

} // namespace

void addLayerCommunication(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, bool moe,
                           double layers, const std::array<TpPartnerGemms, 3>& tpPartners, Evaluation& e) noexcept
{
    OperationTable& t = e.ops;
    const OverlapSettings& o = ctx.scenario.overlap;
    const ModelSpec& m = ctx.model;
    const OpScope scope = moe ? OpScope::MoeLayer : OpScope::DenseLayer;
    const double h = m.hidden.value, T = g.tokens;
    const Comm comm(ctx, g);
    const Phase passes[] = {Phase::Forward, Phase::Backward, Phase::Recompute};
    // The share of the layers that run a pass's layer-wide collectives: a
    // recompute gathers again the inputs of the matmuls it repeats (TP, EP)
    // and reruns the ring with the attention it repeats (CP). In a MoE layer
    // the MLP's collectives and the EP exchange belong to the MoE block, which
    // recompute_modules "moe" recomputes whole.
    const double matmuls = g.recomputed[static_cast<size_t>(RecomputedWork::Matmuls)];
    const double moeMatmuls = moe ? g.recomputed[static_cast<size_t>(RecomputedWork::MoeMatmuls)] : matmuls;
    const double attentionShare = g.recomputed[static_cast<size_t>(RecomputedWork::Attention)];
    auto rowsOf = [&](Phase ph) { return ph == Phase::Recompute ? matmuls : 1.0; };
    auto mlpRowsOf = [&](Phase ph) { return ph == Phase::Recompute ? moeMatmuls : 1.0; };

    if (p.tp > 1) {
        // Sequence parallelism: per layer and pass, an AllGather before the QKV
        // and MLP-up GEMMs and a ReduceScatter after the output and MLP-down
        // GEMMs; backward gathers the output gradients of those two again and,
        // for QKV and MLP-up, gathers the input for the weight gradient and
        // reduce-scatters the input gradient: six collectives. Without
        // sequence parallelism (overlap.tp none, Megatron-LM 2021) the two
        // all-reduces of each pass move what two AllGathers and two
        // ReduceScatters do.
        const Bytes activation{T * h * kActivationBytes};
        const GroupPlacement& group = g.groups().tp;
        // A ReduceScatter costs what the AllGather of the same array does (ring model).
        const CollectiveCost& ag = comm.run(CollectiveKind::AllGather, activation, group);
        const Seconds c = ag.time;
        const bool sequenceParallel = o.tp != TpOverlap::None;
        // Comm-GEMM overlap exchanges chunks through NVLink peer memory (Transformer
        // Engine userbuffers): a TP group that leaves the NVLink domain runs those exposed.
        const bool chunked = o.tp == TpOverlap::Pipelined && group.spannedTier < 1;
        const double firstChunkWaits = (p.tp - 1.0) / p.tp;
        // A chunked collective hides behind its own GEMM but for the first chunk;
        // a bulk one runs whole beside an independent GEMM of the same layer.
        auto chunk = [&](Seconds gemm) { return chunked ? std::min(c, gemm) * firstChunkWaits : Seconds{}; };
        auto bulk = [&](Seconds gemm) { return sequenceParallel ? std::min(c, gemm) : Seconds{}; };
        const double upShare = m.ffnType == FfnType::SwiGlu ? 2.0 / 3.0 : 0.5;
        // Folded (parallel.etp set), the routed experts gather over the etp
        // group instead (below): the tp group's MLP collectives serve the
        // shared experts only, none without them.
        const bool expertsOwnGroup = moe && p.folded() && m.moe;
        const bool mlpOnTp = !expertsOwnGroup || m.moe->sharedExperts.value > 0;
        for (Phase ph : passes) {
            const double attentionRows = rowsOf(ph), mlpRows = mlpOnTp ? mlpRowsOf(ph) : attentionRows;
            if (attentionRows == 0 && mlpRows == 0) continue;
            // Expert GEMMs count as the MLP's, split up / down by their widths.
            const TpPartnerGemms& layer = tpPartners[static_cast<size_t>(ph)];
            const Seconds experts = expertsOwnGroup ? Seconds{} : layer.experts;
            const TpPartnerGemms gemm{layer.qkv, layer.out, layer.up + experts * upShare, layer.down + experts * (1 - upShare), {}};
            // The attention block's collectives and the MLP's, each with the GEMMs they hide behind.
            double calls = 2;
            Seconds hidden = chunk(gemm.qkv) + chunk(gemm.out), mlpHidden = chunk(gemm.up) + chunk(gemm.down);
            if (ph == Phase::Backward && sequenceParallel) {
                // Data and weight gradients take half of a backward GEMM row each.
                calls = 3;
                hidden = chunk(gemm.out / 2) + bulk(gemm.qkv / 2) * 2.0;
                mlpHidden = chunk(gemm.down / 2) + bulk(gemm.up / 2) * 2.0;
            }
            auto add = [&](double rows, double n, Seconds hiddenTime) {
                if (rows > 0)
                    t.add(commRow(comm, ag, OpKind::TpCollective, ph, OpStream::Tp, scope, layers * rows, activation * n, c * n, hiddenTime));
            };
            if (!mlpOnTp) add(attentionRows, calls, hidden);
            else if (mlpRows == attentionRows) add(attentionRows, 2 * calls, hidden + mlpHidden);
            else {
                add(attentionRows, calls, hidden);
                add(mlpRows, calls, mlpHidden);
            }
        }
        AxisComm& a = e.axis(CommAxis::Tp);
        a.tier = std::max(a.tier, ag.spannedTier);
        a.perGpuBandwidth = ag.algorithmBandwidth(activation);
    }
    addExpertTpCommunication(ctx, p, g, moe, layers, e);
    if (p.cp > 1) {
        // K and V per layer and pass (context_parallel_attention.h): this GPU's
        // chunk, or the whole sequence's gathered; each step's attention is
        // 1/calls of the layer's (equal work per call).
        const CpComm kind = ctx.scenario.training.cpComm;
        const double cp = p.cp, steps = cpAttentionCalls(p.cp, kind);
        const Bytes chunk{T * cpKvWidth(m, p.tp) * kActivationBytes};
        const Bytes gathered = chunk * cp;
        // Copies: a memo's reference holds only until its next run.
        const CollectiveCost ag = comm.run(CollectiveKind::AllGather, gathered, g.groups().cp);
        const CollectiveCost send = comm.run(CollectiveKind::PointToPoint, chunk, g.groups().cp);
        // PyTorch passes dK/dV around the ring in fp32 (convert_to_f32).
        const Seconds sendFp32 = kind == CpComm::RingAllGather ? comm.run(CollectiveKind::PointToPoint, chunk * 2.0, g.groups().cp).time
                                                                : Seconds{};
        for (Phase ph : passes) {
            const double ringLayers = layers * (ph == Phase::Recompute ? attentionShare : 1.0);
            if (ringLayers <= 0) continue;
            const bool backward = ph == Phase::Backward;
            const Seconds step = perLayer(t, scope, ph, ringLayers, {OpBound::Attention}) / steps;
            auto beside = [&](Seconds c) { return o.cp ? std::min(c, step) : Seconds{}; };
            Seconds time{}, hidden{};
            Bytes bytes{};
            const CollectiveCost* shown = &send;
            switch (kind) {
            case CpComm::P2p:
                // Ring Attention: cp − 1 K/V sends, each beside the attention
                // of the chunk in hand; backward adds cp dK/dV sends, the
                // last returning them to their owner after the last step.
                time = send.time * (backward ? 2 * cp - 1 : cp - 1);
                hidden = (cp - 1) * beside(send.time * (backward ? 2.0 : 1.0));
                bytes = chunk * (backward ? 2 * cp - 1 : cp - 1);
                break;
            case CpComm::AllGather:
                // Llama 3 §3.3.2: gathered before attention, exposed; backward
                // gathers again and reduce-scatters dK/dV (the AllGather's cost).
                shown = &ag;
                time = ag.time * (backward ? 2.0 : 1.0);
                bytes = gathered * (backward ? 2.0 : 1.0);
                break;
            case CpComm::RingAllGather:
                // PyTorch context_parallel: one AllGather beside the first
                // step; backward also passes dK/dV (fp32) to the next rank
                // after every step, each beside the next step but the last.
                shown = &ag;
                time = ag.time + (backward ? sendFp32 * cp : Seconds{});
                hidden = beside(ag.time) + (backward ? (cp - 1) * beside(sendFp32) : Seconds{});
                bytes = gathered + (backward ? chunk * (2 * cp) : Bytes{});
                break;
            }
            t.add(commRow(comm, *shown, OpKind::CpCollective, ph, OpStream::Cp, scope, ringLayers, bytes, time, hidden));
        }
        AxisComm& a = e.axis(CommAxis::Cp);
        const CollectiveCost& main = kind == CpComm::P2p ? send : ag;
        a.tier = std::max(a.tier, main.spannedTier);
        a.perGpuBandwidth = main.algorithmBandwidth(kind == CpComm::P2p ? chunk : gathered);
    }
    if (moe && p.ep > 1 && m.moe) {
        const double tokens = T / p.tp; // each GPU dispatches its sequence-parallel tokens
        EpExchange dispatch, combine;
        if (ctx.scenario.training.moeDispatcher == MoeDispatcher::AllToAll) {
            // Padded to capacity, the all-to-all moves every expert's
            // capacity-sized buffer (Megatron-Core's drop-and-pad splits).
            const TrainingSettings& training = ctx.scenario.training;
            dispatch = ncclAllToAll(ctx, p, g, padsToCapacity(training) ? tokens * training.moeCapacityFactor : tokens);
            combine = dispatch;
        } else {
            dispatch = deepEpExchange(ctx, p, g, tokens, false);
            combine = deepEpExchange(ctx, p, g, tokens, true);
        }
        const double steady = o.ep == EpOverlap::OneFOneB ? g.microbatches / (g.microbatches + p.pp - 1.0) : 1.0;
        // DualPipe and Megatron's 1F1B overlap pair one micro-batch's forward
        // with another's backward: forward AllToAlls hide behind backward
        // compute and backward ones behind forward compute (two per window).
        const Seconds forwardCompute = perLayer(t, scope, Phase::Forward, layers, kAllCompute);
        const Seconds backwardCompute = perLayer(t, scope, Phase::Backward, layers, kAllCompute) +
                                        perLayer(t, scope, Phase::Recompute, layers, kAllCompute);
        for (Phase ph : passes) {
            if (mlpRowsOf(ph) == 0) continue;
            const Seconds window = ph == Phase::Forward ? backwardCompute : forwardCompute;
            const double calls = ph == Phase::Forward ? 2 : 2 + 2 * moeMatmuls; // sharing the window
            const TpPartnerGemms& shared = tpPartners[static_cast<size_t>(ph)];
            for (const auto& [op, x] : {std::pair{OpKind::EpDispatch, &dispatch}, std::pair{OpKind::EpCombine, &combine}}) {
                Seconds hidden = o.ep == EpOverlap::None ? Seconds{} : std::min(x->time, window / calls) * steady;
                // overlap.moe_shared_expert: the shared experts' up (down) projection beside the dispatch (combine).
                if (o.moeSharedExpert) hidden = std::min(x->time, hidden + (op == OpKind::EpDispatch ? shared.up : shared.down));
                t.add(commRow(x->efficiency, x->source, op, ph, OpStream::Ep, scope, layers * mlpRowsOf(ph), x->bytes, x->time,
                              hidden));
            }
        }
        AxisComm& a = e.axis(CommAxis::Ep);
        a.tier = std::max(a.tier, dispatch.spannedTier);
        const Seconds pair = dispatch.time + combine.time; // one dispatch and its combine
        a.perGpuBandwidth = pair.si > 0 ? BytesPerSecond{(dispatch.bytes + combine.bytes).si / pair.si} : BytesPerSecond{};
    }
}

PipelineSend pipelineSend(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, Evaluation& e) noexcept
{
    PipelineSend out;
    if (p.pp <= 1) return out;
    out.bytes = Bytes{g.tokens * ctx.model.hidden.value * kActivationBytes / p.tp};
    const Comm comm(ctx, g);
    const CollectiveCost& cost = comm.run(CollectiveKind::PointToPoint, out.bytes, g.groups().pp);
    out.time = cost.time;
    comm.describe(cost, out.efficiency, out.source);
    AxisComm& a = e.axis(CommAxis::Pp);
    a.tier = cost.spannedTier;
    a.perGpuBandwidth = cost.algorithmBandwidth(out.bytes);
    return out;
}

void addPipelineSends(const ParallelLayout& p, const StageGeometry& g, const PipelineSend& send, Seconds onCriticalPath,
                      Evaluation& e) noexcept
{
    if (p.pp <= 1) return;
    const double sends = 2.0 * g.microbatches * (p.schedule == Schedule::Interleaved ? p.vpp : 1);
    e.ops.add(commRow(send.efficiency, send.source, OpKind::PpSend, Phase::Step, OpStream::Pp, OpScope::Step, sends, send.bytes,
                      send.time, send.time - onCriticalPath));
}

} // namespace scalescope

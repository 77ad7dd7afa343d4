#include "model/training/step_communication.h"

#include "model/spec/compute_calibration.h"
#include "model/compute/kernel_efficiency.h"
#include "model/training/memory_per_gpu.h"
#include "model/network/collectives.h"
#include "model/training/expert_exchange.h"
#include "model/training/context_parallel_attention.h"
#include "model/training/layer_kernels.h"
#include "model/core/recompute_policy.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <utility>

namespace scalescope {

namespace {

// AdamW on fp32 master weights reads weight, gradient and both moments and
// writes weight and moments: 7 × 4 B per parameter (the measured kernel's count).
constexpr double kAdamStepBytesPerParam = 28;
// With BF16 moments the moments move 2 B each way instead of 4: 28 − 4·2 = 20 B.
constexpr double kAdamStepBf16MomentsBytesPerParam = 20;

struct Comm {
    const EvaluationContext& ctx;
    CollectiveMemo* memo; // the stage's groups' memo (stage_operations.h)
    CollectiveOptions options;

    Comm(const EvaluationContext& c, const StageGeometry& g, double topK = 0)
        : ctx(c), memo(g.collectives), options{c.scenario.efficiency, c.scenario.network.sharp, topK, &c.calibration}
    {
    }
    // `group` is one of the stage's groups (g.groups()). The reference is
    // valid until the next run(): copy what must outlive it.
    [[nodiscard]] const CollectiveCost& run(CollectiveKind k, Bytes b, const GroupPlacement& group) const noexcept
    {
        return memo->cost(ctx.tiers, k, b, group, options);
    }
    // The link efficiency applied at the bottleneck tier, and its source.
    void describe(const CollectiveCost& c, double& efficiency, const std::string*& source) const noexcept
    {
        efficiency = 1;
        source = nullptr;
        if (c.bottleneckTier < 0 || ctx.scenario.efficiency != EfficiencyMode::Measured) return;
        efficiency = c.tiers[static_cast<size_t>(c.bottleneckTier)].efficiency;
        source = c.bottleneckTier == 0 ? &ctx.calibration.nvlinkAchievableFraction.source
                                       : &ctx.calibration.scaleOutAchievableFraction.source;
    }
};

OpRow commRow(double efficiency, const std::string* source, OpKind op, Phase phase, OpStream stream, OpScope scope,
              double count, Bytes bytes, Seconds time, Seconds hidden) noexcept
{
    return {op, phase, stream, scope, OpBound::Collective, count, Flops{}, bytes, efficiency, source, time,
            std::clamp(hidden, Seconds{}, time)};
}

OpRow commRow(const Comm& comm, const CollectiveCost& c, OpKind op, Phase phase, OpStream stream, OpScope scope,
              double count, Bytes bytes, Seconds time, Seconds hidden) noexcept
{
    double efficiency = 1;
    const std::string* source = nullptr;
    comm.describe(c, efficiency, source);
    return commRow(efficiency, source, op, phase, stream, scope, count, bytes, time, hidden);
}

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
    const double matmuls = g.recomputed[static_cast<size_t>(RecomputedWork::Matmuls)];
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
    // and reruns the ring with the attention it repeats (CP).
    const double matmuls = g.recomputed[static_cast<size_t>(RecomputedWork::Matmuls)];
    const double attentionShare = g.recomputed[static_cast<size_t>(RecomputedWork::Attention)];
    auto rowsOf = [&](Phase ph) { return ph == Phase::Recompute ? matmuls : 1.0; };

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
            if (rowsOf(ph) == 0) continue;
            // Expert GEMMs count as the MLP's, split up / down by their widths.
            const TpPartnerGemms& layer = tpPartners[static_cast<size_t>(ph)];
            const Seconds experts = expertsOwnGroup ? Seconds{} : layer.experts;
            const TpPartnerGemms gemm{layer.qkv, layer.out, layer.up + experts * upShare, layer.down + experts * (1 - upShare), {}};
            double calls = mlpOnTp ? 4 : 2;
            Seconds hidden = chunk(gemm.qkv) + chunk(gemm.out) + (mlpOnTp ? chunk(gemm.up) + chunk(gemm.down) : Seconds{});
            if (ph == Phase::Backward && sequenceParallel) {
                // Data and weight gradients take half of a backward GEMM row each.
                calls = mlpOnTp ? 6 : 3;
                hidden = chunk(gemm.out / 2) + bulk(gemm.qkv / 2) * 2.0 +
                         (mlpOnTp ? chunk(gemm.down / 2) + bulk(gemm.up / 2) * 2.0 : Seconds{});
            }
            t.add(commRow(comm, ag, OpKind::TpCollective, ph, OpStream::Tp, scope, layers * rowsOf(ph), activation * calls,
                          c * calls, hidden));
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
            if (rowsOf(ph) == 0) continue;
            const Seconds window = ph == Phase::Forward ? backwardCompute : forwardCompute;
            const double calls = ph == Phase::Forward ? 2 : 2 + 2 * matmuls; // sharing the window
            const TpPartnerGemms& shared = tpPartners[static_cast<size_t>(ph)];
            for (const auto& [op, x] : {std::pair{OpKind::EpDispatch, &dispatch}, std::pair{OpKind::EpCombine, &combine}}) {
                Seconds hidden = o.ep == EpOverlap::None ? Seconds{} : std::min(x->time, window / calls) * steady;
                // overlap.moe_shared_expert: the shared experts' up (down) projection beside the dispatch (combine).
                if (o.moeSharedExpert) hidden = std::min(x->time, hidden + (op == OpKind::EpDispatch ? shared.up : shared.down));
                t.add(commRow(x->efficiency, x->source, op, ph, OpStream::Ep, scope, layers * rowsOf(ph), x->bytes, x->time,
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

void addStepOperations(const EvaluationContext& ctx, const StageGeometry& g, Seconds stageForward,
                       Seconds stageBackward, const MemoryPerGpu& memory, int zeroStage, Evaluation& e) noexcept
{
    const Scenario& s = ctx.scenario;
    const OverlapSettings& o = s.overlap;
    const Comm comm(ctx, g);
    const ParamsPerGpu& params = g.params;
    const GroupPlacement &dpGroup = g.groups().dp, &expertDpGroup = g.groups().expertDp;
    // Gradients are reduced at the precision they accumulate in (main_grads:
    // Megatron-LM's bf16 default is fp32, --accumulate-allreduce-grads-in-fp32);
    // parameters are gathered in 16 bits, or in FP8 with fp8_params.
    const double gradBytes = gradBytesPerParam(s.training);
    const double mb = g.microbatches;

    if (dpGroup.size > 1 || expertDpGroup.size > 1) {
        CollectiveCost combined;
        // The data-parallel collective `k`: the dense group's, plus the expert
        // group's when it runs one too (then summed into `combined`). The
        // reference is valid until the next run: a dense model reads the
        // memo's slot instead of copying a 300-byte cost.
        auto run = [&](CollectiveKind k, double bytesPerParam) -> const CollectiveCost& {
            const Bytes denseBytes{params.dense * bytesPerParam}, expertBytes{params.expert * bytesPerParam};
            const bool expertRuns = expertDpGroup.size > 1 && expertBytes.si > 0;
            if (dpGroup.size > 1 && !expertRuns) return comm.run(k, denseBytes, dpGroup);
            combined = dpGroup.size > 1 ? comm.run(k, denseBytes, dpGroup) : CollectiveCost{};
            if (expertRuns) {
                const CollectiveCost& expert = comm.run(k, expertBytes, expertDpGroup); // `combined` is a copy
                combined.time += expert.time;
                if (combined.bottleneckTier < 0) combined = CollectiveCost{combined.time, expert.bandwidthTime, expert.latency,
                                                                           expert.bottleneckTier, expert.spannedTier,
                                                                           expert.tierCount, expert.tiers};
            }
            return combined;
        };
        const Bytes grads{(params.dense + params.expert) * gradBytes};
        const double paramGatherBytes = weightBytesPerParam(ctx.scenario.training); // 16-bit, or FP8 with fp8_params
        const Bytes gathered{(params.dense + params.expert) * paramGatherBytes};
        const double bucket = std::max(ctx.calibration.dpBucketParams.value,
                                       ctx.calibration.dpBucketParamsPerRank.value * static_cast<double>(dpGroup.size));
        const double paramCount = params.dense + params.expert;
        const double bucketShare = paramCount > 0 ? std::min(1.0, bucket / paramCount) : 1.0;
        const int zero = zeroStage;
        if (zero >= 3) {
            // FSDP: parameters gathered for every micro-batch, forward and backward; gradients scattered.
            const CollectiveCost ag = run(CollectiveKind::AllGather, paramGatherBytes);
            const CollectiveCost rs = run(CollectiveKind::ReduceScatter, gradBytes);
            const double layers = std::max(1.0, g.denseLayers + g.moeLayers);
            const Seconds firstLayer = (ag.time + rs.time) / layers;
            const Seconds agF = o.zero3Prefetch ? std::min(ag.time - ag.time / layers, stageForward) : Seconds{};
            const Seconds bwdComm = ag.time + rs.time;
            const Seconds bwdHidden = o.zero3Prefetch ? std::min(bwdComm - firstLayer, stageBackward) : Seconds{};
            const double agShare = bwdComm.si > 0 ? ag.time.si / bwdComm.si : 0;
            e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Forward, OpStream::Dp, OpScope::Step, mb, gathered, ag.time, agF));
            e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Backward, OpStream::Dp, OpScope::Step, mb, gathered, ag.time,
                              bwdHidden * agShare));
            e.ops.add(commRow(comm, rs, OpKind::DpGradReduce, Phase::Backward, OpStream::Dp, OpScope::Step, mb, grads, rs.time,
                              bwdHidden * (1 - agShare)));
        } else {
            const CollectiveCost& reduce = run(zero == 0 ? CollectiveKind::AllReduce : CollectiveKind::ReduceScatter, gradBytes);
            const Seconds hidden = o.dpGradReduce ? std::min(reduce.time * (1 - bucketShare), stageBackward) : Seconds{};
            e.ops.add(commRow(comm, reduce, OpKind::DpGradReduce, Phase::Backward, OpStream::Dp, OpScope::Step, 1,
                              grads * (zero == 0 ? 2.0 : 1.0), reduce.time, hidden));
            if (zero >= 1) { // `reduce` is not read past here
                const CollectiveCost& ag = run(CollectiveKind::AllGather, paramGatherBytes);
                const Seconds agHidden = o.dpParamGather ? std::min(ag.time * (1 - bucketShare), stageForward) : Seconds{};
                e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Forward, OpStream::Dp, OpScope::Step, 1, gathered,
                                  ag.time, agHidden));
            }
        }
        AxisComm& a = e.axis(CommAxis::Dp);
        a.tier = std::max(dpGroup.spannedTier, params.expert > 0 ? expertDpGroup.spannedTier : -1);
    }

    // Optimizer step: memory-bound over this GPU's shard of the optimizer state.
    const bool bf16Moments = s.training.optimizerState == OptimizerState::Bf16Moments;
    const double shardParams = memory.optimizerParams;
    const bool measured = s.efficiency == EfficiencyMode::Measured;
    const Efficiency eff = measured ? memoryBandwidthFraction(ctx.compute, MemoryOp::Optimizer) : Efficiency{};
    const Bytes adamBytes{shardParams * (bf16Moments ? kAdamStepBf16MomentsBytesPerParam : kAdamStepBytesPerParam)};
    const Seconds adam = adamBytes / (ctx.gpu.hbm.bandwidth.value * eff.fraction);
    e.ops.add({OpKind::Optimizer, Phase::Step, OpStream::Compute, OpScope::Step, OpBound::Memory, 1, Flops{}, adamBytes,
               eff.fraction, eff.source, adam, Seconds{}});
    if (memory.spillTime.si > 0)
        e.ops.add({OpKind::SpillTransfer, Phase::Step, OpStream::Compute, OpScope::Step, OpBound::Memory, 1, Flops{},
                   memory.spill * 2.0, 1, nullptr, memory.spillTime, Seconds{}});
}

} // namespace scalescope

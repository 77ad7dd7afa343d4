// One training step of a transformer on a parallel layout (seed 004, "LLM
// 在 GPU 上的屋顶线"; Megatron-LM's TP with sequence parallelism, CP ring
// attention, EP AllToAll, PP send/recv, DP/ZeRO gradient collectives).
// Everything is per GPU of the slowest pipeline stage.

#include "model/network/axis_groups.h"
#include "model/network/collectives.h"
#include "model/training/evaluation_context.h"
#include "model/training/layout_check.h"
#include "model/memory/memory_model.h"
#include "model/training/pipeline_schedule.h"
#include "model/chip/roofline.h"
#include "model/training/verdicts.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

std::string_view commAxisKey(CommAxis a) noexcept
{
    switch (a) {
    case CommAxis::Tp: return "tp";
    case CommAxis::Cp: return "cp";
    case CommAxis::Ep: return "ep";
    case CommAxis::Pp: return "pp";
    case CommAxis::Dp: return "dp";
    }
    return "?";
}

long long axisStride(const ParallelLayout& p, Axis a) noexcept
{
    long long stride = 1;
    for (Axis inner : p.order) {
        if (inner == a) return stride;
        // EP lives inside DP (Megatron): it takes no ranks of its own.
        if (inner != Axis::Ep) stride *= p.size(inner);
    }
    return stride;
}

namespace {

constexpr double kActivationBytes = 2; // 16-bit activations on the wire and in memory
constexpr double kGradientBytes = 2;   // gradients reduced in 16 bits (seed 004's DP roofline)

struct CommContext {
    const EvaluationContext& ctx;
    CollectiveOptions options;
    CollectiveCost run(CollectiveKind k, Bytes b, const GroupPlacement& g) const noexcept
    {
        return collectiveCost(ctx.tiers, k, b, g, options);
    }
};

// Time of `flops` of matmuls that stream `weightBytes` of weights.
Seconds matmulTime(const EvaluationContext& ctx, double flops, double weightBytes) noexcept
{
    return rooflineCost(Flops{flops}, Bytes{weightBytes}, ctx.peak, ctx.gpu.hbm.bandwidth.value).time;
}

} // namespace

Evaluation evaluate(const EvaluationContext& ctx, const ParallelLayout& p)
{
    Evaluation e;
    if (ctx.scenario.mode == Mode::Inference) {
        e.error = "expected mode \"training\": inference (prefill, decode, KV cache) is not modelled yet";
        e.errorPath = "/mode";
        return e;
    }
    if (!layoutIsValid(ctx, p)) {
        const auto problem = layoutProblem(ctx, p);
        e.error = problem ? problem->message : "invalid layout";
        e.errorPath = problem ? problem->path : "/parallel";
        return e;
    }
    const Scenario& s = ctx.scenario;
    const ModelSpec& m = ctx.model;
    const ModelCost& mc = ctx.cost;
    const double tp = p.tp, cp = p.cp, pp = p.pp, ep = p.ep, vpp = p.vpp;
    const double h = m.hidden.value;
    const double seq = s.training.seqLen;
    const int microbatches = microbatchCount(s, p);
    const double tokensPerMicrobatch = static_cast<double>(p.microbatchSize) * seq;
    const double tokensPerGpu = tokensPerMicrobatch / (tp * cp); // SP + CP shard the sequence
    const double weightBytes = bytesPerElement(s.training.precision);
    const CommContext comm{ctx, {s.network.mode, s.network.sharp, 0, &ctx.calibration}};

    // Layers of the slowest stage; MoE layers in proportion.
    const int layers = m.layers.value;
    const int stageLayers = static_cast<int>(std::ceil(static_cast<double>(layers) / pp));
    const double moeShare = layers > 0 ? static_cast<double>(mc.moeLayers) / layers : 0;
    const double stageMoe = stageLayers * moeShare, stageDense = stageLayers - stageMoe;
    e.stage.layers = stageLayers;

    // --- compute of one micro-batch through the stage -------------------------
    auto layerForward = [&](const LayerCost& lc, bool moe) {
        const double flops = tokensPerMicrobatch * (lc.matmulFlopsPerToken + lc.scoreFlopsPerToken) / (tp * cp);
        const double expertShare = moe ? (lc.mlpParams - h * m.moe->experts.value) : 0;
        const double weights = ((lc.params - expertShare) / tp + expertShare / (tp * ep)) * weightBytes;
        return matmulTime(ctx, flops, weights);
    };
    auto scoreForward = [&](const LayerCost& lc) {
        return Seconds{tokensPerMicrobatch * lc.scoreFlopsPerToken / (tp * cp) / ctx.peak.si};
    };
    const Seconds logits = matmulTime(ctx, tokensPerMicrobatch * mc.logitFlopsPerToken / (tp * cp),
                                      mc.embeddingParams / 2 / tp * weightBytes);
    const Seconds denseF = layerForward(mc.dense, false), moeF = mc.moeLayers ? layerForward(mc.moe, true) : Seconds{};
    const Seconds forward = denseF * stageDense + moeF * stageMoe + logits;
    e.stage.forwardCompute = forward;
    e.stage.backwardCompute = forward * 2.0;
    switch (s.training.recompute) {
    case Recompute::None: break;
    case Recompute::Selective:
        e.stage.recompute = scoreForward(mc.dense) * stageDense + (mc.moeLayers ? scoreForward(mc.moe) * stageMoe : Seconds{});
        break;
    case Recompute::Full: e.stage.recompute = forward - logits; break;
    }

    // --- per-layer communication -------------------------------------------------
    const AxisGroups groups = axisGroups(ctx.tiers, p); // every group of each axis, placed on the tiers
    const GroupPlacement &tpGroup = groups.tp, &cpGroup = groups.cp, &epGroup = groups.ep;
    const Bytes activation{tokensPerMicrobatch / cp * h * kActivationBytes};
    if (p.tp > 1) {
        // Sequence parallelism: 2 AllGather + 2 ReduceScatter per layer forward, as many backward.
        const CollectiveCost ag = comm.run(CollectiveKind::AllGather, activation, tpGroup);
        const CollectiveCost rs = comm.run(CollectiveKind::ReduceScatter, activation, tpGroup);
        const Seconds perLayer = (ag.time + rs.time) * 2.0;
        e.stage.tpForward = perLayer * static_cast<double>(stageLayers);
        e.stage.tpBackward = e.stage.tpForward * (s.training.recompute == Recompute::Full ? 2.0 : 1.0);
        AxisComm& a = e.axis(CommAxis::Tp);
        a.tier = ag.spannedTier;
        a.perGpuBandwidth = ag.algorithmBandwidth(activation);
    }
    if (p.cp > 1) {
        // Ring attention: K and V of the whole sequence circulate, hidden behind the scores.
        const double kvWidth = m.mla ? m.mla->kvLoraRank.value + m.mla->qkRopeHeadDim.value
                                     : 2.0 * m.kvHeads.value * m.headDim.value / std::min(tp, double(m.kvHeads.value));
        const Bytes kv{tokensPerMicrobatch * kvWidth * kActivationBytes};
        const CollectiveCost ag = comm.run(CollectiveKind::AllGather, kv, cpGroup);
        // Hidden behind the attention share of each layer's roofline time (which
        // may be memory-bound), so that faster compute never exposes more.
        auto hide = [](Seconds layer, const LayerCost& lc) {
            return layer * (lc.scoreFlopsPerToken / (lc.matmulFlopsPerToken + lc.scoreFlopsPerToken));
        };
        auto exposed = [&](double passes) {
            Seconds t = std::max(Seconds{}, ag.time * passes - hide(denseF, mc.dense) * passes) * stageDense;
            if (mc.moeLayers) t += std::max(Seconds{}, ag.time * passes - hide(moeF, mc.moe) * passes) * stageMoe;
            return t;
        };
        e.stage.cpForwardExposed = exposed(1.0);
        e.stage.cpBackwardExposed = exposed(2.0);
        AxisComm& a = e.axis(CommAxis::Cp);
        a.tier = ag.spannedTier;
        a.time = ag.time * (3.0 * stageLayers * microbatches);
        a.bytes = kv * (3.0 * stageLayers * microbatches);
        a.perGpuBandwidth = ag.algorithmBandwidth(kv);
    }
    if (p.ep > 1 && m.moe) {
        // Dispatch and combine AllToAll per MoE layer, forward and backward;
        // each GPU's tokens go to ~top_k of the ep ranks (seed 004's sparse AllToAll).
        const double n = p.ep;
        const Bytes dispatch{n * n * tokensPerGpu * h * kActivationBytes};
        CommContext sparse = comm;
        sparse.options.topK = m.moe->topK.value;
        const CollectiveCost a2a = sparse.run(CollectiveKind::AllToAll, dispatch, epGroup);
        e.stage.epForward = a2a.time * (2.0 * stageMoe);
        e.stage.epBackward = e.stage.epForward;
        AxisComm& a = e.axis(CommAxis::Ep);
        a.tier = a2a.spannedTier;
        // What one GPU sends per call (as in comm.ep.bytes), not the dense array B.
        const Bytes sent{tokensPerGpu * h * kActivationBytes * std::min(double(m.moe->topK.value), n) * (n - 1) / n};
        a.perGpuBandwidth = a2a.time.si > 0 ? BytesPerSecond{sent.si / a2a.time.si} : BytesPerSecond{};
    }
    if (p.pp > 1) {
        const Bytes send{activation.si / tp};
        const CollectiveCost c = comm.run(CollectiveKind::PointToPoint, send, groups.pp);
        e.stage.p2p = c.time;
        AxisComm& a = e.axis(CommAxis::Pp);
        a.tier = c.spannedTier;
        const double sends = 2.0 * microbatches * vpp;
        a.time = c.time * sends;
        a.exposed = a.time;
        a.bytes = send * sends;
        a.perGpuBandwidth = c.algorithmBandwidth(send);
    }
    {
        AxisComm& t = e.axis(CommAxis::Tp);
        t.time = t.exposed = (e.stage.tpForward + e.stage.tpBackward) * static_cast<double>(microbatches);
        const double passes = s.training.recompute == Recompute::Full ? 3.0 : 2.0; // forward, backward, recompute
        t.bytes = p.tp > 1 ? activation * (4.0 * stageLayers * microbatches * passes) : Bytes{};
        AxisComm& c = e.axis(CommAxis::Cp);
        c.exposed = (e.stage.cpForwardExposed + e.stage.cpBackwardExposed) * static_cast<double>(microbatches);
        AxisComm& x = e.axis(CommAxis::Ep);
        x.time = x.exposed = (e.stage.epForward + e.stage.epBackward) * static_cast<double>(microbatches);
        if (p.ep > 1 && m.moe) {
            const double destinations = std::min(double(m.moe->topK.value), ep) * (ep - 1) / ep;
            x.bytes = Bytes{4.0 * stageMoe * microbatches * tokensPerGpu * h * kActivationBytes * destinations};
        }
    }

    // --- pipeline ---------------------------------------------------------------
    const PipelineTimes pipe = pipelineTimes(p, microbatches, e.stage.forward(), e.stage.backward(), e.stage.p2p);
    e.bubbleTime = pipe.bubble;

    // --- data parallelism and the optimizer --------------------------------------
    const MemoryPerGpu memory = memoryPerGpu(ctx, p, microbatches);
    e.memory = memory;
    const ParamsPerGpu params = paramsPerGpu(ctx, p);
    const GroupPlacement &dpGroup = groups.dp, &expertDpGroup = groups.expertDp;
    const Bytes denseGrads{params.dense * kGradientBytes}, expertGrads{params.expert * kGradientBytes};
    Seconds dpTime{}, dpExposed{};
    Bytes dpBytes{};
    if (dpGroup.size > 1 || expertDpGroup.size > 1) {
        auto cost = [&](CollectiveKind k, Bytes b, const GroupPlacement& g) { return g.size > 1 ? comm.run(k, b, g).time : Seconds{}; };
        const bool zero3 = s.training.zeroStage >= 3;
        if (s.training.zeroStage == 0) {
            const Seconds ar = cost(CollectiveKind::AllReduce, denseGrads, dpGroup) + cost(CollectiveKind::AllReduce, expertGrads, expertDpGroup);
            dpTime = ar;
            dpExposed = std::max(Seconds{}, ar - e.stage.backward() * vpp);
            dpBytes = (denseGrads + expertGrads) * 2.0;
        } else {
            const Seconds rs = cost(CollectiveKind::ReduceScatter, denseGrads, dpGroup) + cost(CollectiveKind::ReduceScatter, expertGrads, expertDpGroup);
            const Seconds ag = cost(CollectiveKind::AllGather, denseGrads, dpGroup) + cost(CollectiveKind::AllGather, expertGrads, expertDpGroup);
            if (zero3) {
                // FSDP: parameters gathered for every micro-batch, forward and backward.
                const double mb = microbatches;
                dpTime = (ag * 2.0 + rs) * mb;
                const Seconds perMbExposed = std::max(Seconds{}, ag - e.stage.forward()) + std::max(Seconds{}, ag + rs - e.stage.backward());
                dpExposed = perMbExposed * mb;
                dpBytes = (denseGrads + expertGrads) * (3.0 * mb);
            } else {
                // RS overlaps the last backward(s), AG the next step's first forward.
                dpTime = rs + ag;
                dpExposed = std::max(Seconds{}, rs - e.stage.backward() * vpp) + std::max(Seconds{}, ag - e.stage.forward());
                dpBytes = (denseGrads + expertGrads) * 2.0;
            }
        }
        AxisComm& a = e.axis(CommAxis::Dp);
        a.time = dpTime;
        a.exposed = dpExposed;
        a.bytes = dpBytes;
        a.tier = std::max(dpGroup.spannedTier, params.expert > 0 ? expertDpGroup.spannedTier : -1);
        if (dpTime.si > 0) a.perGpuBandwidth = BytesPerSecond{dpBytes.si / dpTime.si};
    }
    // Adam update: read and write weights, master weights, moments; read grads (memory-bound).
    e.optimizerTime = Bytes{(memory.weights.si + memory.optimizer.si) * 2 + memory.grads.si} / ctx.gpu.hbm.bandwidth.value;

    // --- the step -----------------------------------------------------------------
    const double mb = microbatches;
    e.microbatches = microbatches;
    e.computeTime = (e.stage.forwardCompute + e.stage.backwardCompute + e.stage.recompute) * mb;
    const Seconds stepComm = (e.stage.tpForward + e.stage.tpBackward + e.stage.cpForwardExposed + e.stage.cpBackwardExposed +
                              e.stage.epForward + e.stage.epBackward) * mb + pipe.p2pExposed + dpExposed;
    e.exposedComm = stepComm;
    e.stepTime = e.computeTime + stepComm + e.bubbleTime + e.optimizerTime + memory.spillTime;
    e.bubbleFraction = e.stepTime.si > 0 ? e.bubbleTime.si / e.stepTime.si : 0;
    e.tokensPerStep = static_cast<double>(s.training.globalBatch) * seq;
    e.tokensPerS = e.tokensPerStep / e.stepTime.si;
    e.tokensPerSPerGpu = e.tokensPerS / static_cast<double>(s.gpus);
    e.tokensPerGpu = e.tokensPerStep / static_cast<double>(s.gpus);
    e.flopsPerStep = Flops{3.0 * mc.forwardFlopsPerToken() * e.tokensPerStep};
    const double recomputeShare = e.stage.forwardCompute.si > 0 ? e.stage.recompute.si / e.stage.forwardCompute.si : 0;
    e.hardwareFlopsPerStep = Flops{e.flopsPerStep.si * (3.0 + recomputeShare) / 3.0};
    e.mfu = e.flopsPerStep.si / (e.stepTime.si * static_cast<double>(s.gpus) * ctx.peak.si);
    if (s.training.tokensTotal > 0) e.timeToTrain = e.stepTime * (s.training.tokensTotal / e.tokensPerStep);
    e.ok = std::isfinite(e.stepTime.si) && e.stepTime.si > 0;
    if (!e.ok) e.error = "the step time is not finite: check sizes and bandwidths";
    addVerdicts(ctx, p, groups, e);
    return e;
}

} // namespace scalescope

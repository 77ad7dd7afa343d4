// One training step of a transformer on a parallel layout (seed 004, "LLM
// 在 GPU 上的屋顶线"; Megatron-LM's TP with sequence parallelism, CP ring
// attention, EP AllToAll, PP send/recv, DP/ZeRO gradient collectives).
// Everything is per GPU of the slowest pipeline stage.

#include "model/training/evaluation_context.h"
#include "model/training/layout_check.h"
#include "model/training/overlap_contention.h"
#include "model/training/memory_per_gpu.h"
#include "model/training/pipeline_schedule.h"
#include "model/training/stage_operations.h"
#include "model/training/step_communication.h"
#include "model/training/step_operations.h"
#include "model/training/verdicts.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

namespace {

// The stage's per-micro-batch times, summed from the table's rows.
void summarise(const OperationTable& t, StageTimes& st) noexcept
{
    st.forwardCompute = t.streamTotal(OpStream::Compute, Phase::Forward);
    st.backwardCompute = t.streamTotal(OpStream::Compute, Phase::Backward);
    st.recompute = t.streamTotal(OpStream::Compute, Phase::Recompute);
    auto comm = [&](OpStream s, Seconds& fwd, Seconds& bwd, Seconds& fwdHidden, Seconds& bwdHidden) {
        fwd = t.streamTotal(s, Phase::Forward, true);
        bwd = t.streamTotal(s, Phase::Backward, true) + t.streamTotal(s, Phase::Recompute, true);
        fwdHidden = t.streamTotal(s, Phase::Forward) - fwd;
        bwdHidden = t.streamTotal(s, Phase::Backward) + t.streamTotal(s, Phase::Recompute) - bwd;
    };
    comm(OpStream::Tp, st.tpForward, st.tpBackward, st.tpForwardHidden, st.tpBackwardHidden);
    comm(OpStream::Cp, st.cpForwardExposed, st.cpBackwardExposed, st.cpForwardHidden, st.cpBackwardHidden);
    comm(OpStream::Ep, st.epForward, st.epBackward, st.epForwardHidden, st.epBackwardHidden);
}

// Per-step time, exposure and bytes of each axis from the table's running sums.
void axisTotals(const OperationTable& t, double microbatches, Evaluation& e) noexcept
{
    constexpr OpStream streams[kCommAxes] = {OpStream::Tp, OpStream::Cp, OpStream::Ep, OpStream::Pp, OpStream::Dp};
    for (int i = 0; i < kCommAxes; ++i) {
        const OpStream s = streams[i];
        const double per = s == OpStream::Pp || s == OpStream::Dp ? 1.0 : microbatches; // step rows vs micro-batch rows
        AxisComm& a = e.comm[static_cast<size_t>(i)];
        for (Phase ph : {Phase::Forward, Phase::Backward, Phase::Recompute, Phase::Step}) {
            a.time += t.streamTotal(s, ph) * per;
            a.exposed += t.streamTotal(s, ph, true) * per;
        }
        a.bytes = t.streamBytes(s) * per;
    }
    AxisComm& dp = e.axis(CommAxis::Dp);
    if (dp.time.si > 0 && dp.perGpuBandwidth.si == 0) dp.perGpuBandwidth = BytesPerSecond{dp.bytes.si / dp.time.si};
}

Evaluation evaluateWithZero(const EvaluationContext& ctx, const ParallelLayout& p, int zeroStage);

// ZeRO-3 under a pipeline gathers the weights for every micro-batch (seed
// 004). Advise ZeRO-1 only when, by this model, it fits and is faster: the
// same layout evaluated again with ZeRO-1 (rare: ZeRO-3 with a pipeline).
void adviseZero1(const EvaluationContext& ctx, const ParallelLayout& p, Evaluation& e) noexcept
{
    const Evaluation alt = evaluateWithZero(ctx, p, 1);
    if (alt.ok && alt.memory.fits && alt.stepTime < e.stepTime) e.warn(WarningCode::Zero3WithPipeline, e.stepTime / alt.stepTime - 1);
}

} // namespace

Evaluation evaluate(const EvaluationContext& ctx, const ParallelLayout& p)
{
    return evaluateWithZero(ctx, p, ctx.scenario.training.zeroStage);
}

namespace {

Evaluation evaluateWithZero(const EvaluationContext& ctx, const ParallelLayout& p, int zeroStage)
{
    Evaluation e;
    if (ctx.scenario.mode == Mode::Inference) {
        e.error = "expected mode \"training\": the planner, search and trace evaluate training steps; "
                  "evaluate an inference scenario with scalescope-cli evaluate";
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
    const ModelCost& mc = ctx.cost;
    const StageGeometry g = stageGeometry(ctx, p);
    const int microbatches = g.microbatches;
    const double mb = microbatches;
    e.stage.layers = static_cast<int>(g.denseLayers + g.moeLayers + 0.5);

    // --- one micro-batch through the bottleneck stage: the operation table ---
    addStageOperations(ctx, p, g, e);
    addLayerContention(ctx, e.ops);
    summarise(e.ops, e.stage);

    // --- pipeline -----------------------------------------------------------------
    const PipelineSend send = pipelineSend(ctx, p, g, e);
    const double v = p.schedule == Schedule::Interleaved ? p.vpp : 1;
    // Overlapped sends: only fill and drain (2·(pp − 1) sends) wait on the
    // network; spread over the schedule's ops so that the closed form and the
    // timeline simulation place them alike.
    const double opsPerStage = p.schedule == Schedule::Interleaved ? mb * v + p.pp - 1 : mb + p.pp - 1;
    e.stage.p2p = s.overlap.pp && p.pp > 1 ? send.time * ((p.pp - 1.0) / opsPerStage) : send.time;
    PipelineTimes pipe = pipelineTimes(p, microbatches, e.stage.forward(), e.stage.backward(), e.stage.p2p);
    e.bubbleTime = pipe.bubble;
    addPipelineSends(p, g, send, e.stage.p2p, e); // every send pays stage.p2p on the critical path

    // --- data parallelism, optimizer, spill ----------------------------------------
    e.memory = memoryPerGpu(ctx, p, microbatches, zeroStage, g.params);
    const MemoryPerGpu& memory = e.memory;
    addStepOperations(ctx, g, e.stage.forward(), e.stage.backward(), memory, zeroStage, e);
    axisTotals(e.ops, mb, e);
    // Data-parallel traffic hidden behind the backward passes slows them too:
    // spread over the micro-batches, then the pipeline is timed again.
    if (const AxisComm& dp = e.axis(CommAxis::Dp); dp.time.si > dp.exposed.si) {
        const int before = e.ops.size();
        addDataParallelContention(ctx, e.ops, (dp.time - dp.exposed) / mb);
        if (e.ops.size() != before) {
            summarise(e.ops, e.stage);
            pipe = pipelineTimes(p, microbatches, e.stage.forward(), e.stage.backward(), e.stage.p2p);
            e.bubbleTime = pipe.bubble;
        }
    }
    e.optimizerTime = e.ops.streamTotal(OpStream::Compute, Phase::Step) - memory.spillTime;
    const Seconds dpExposed = e.axis(CommAxis::Dp).exposed;

    // --- the step -----------------------------------------------------------------
    e.microbatches = microbatches;
    e.computeTime = (e.stage.forwardCompute + e.stage.backwardCompute + e.stage.recompute) * mb;
    const Seconds layerComm = (e.stage.tpForward + e.stage.tpBackward + e.stage.cpForwardExposed + e.stage.cpBackwardExposed +
                               e.stage.epForward + e.stage.epBackward) * mb;
    e.exposedComm = layerComm + pipe.p2pExposed + dpExposed;
    e.stepTime = pipe.total + dpExposed + e.optimizerTime + memory.spillTime;
    e.bubbleFraction = e.stepTime.si > 0 ? e.bubbleTime.si / e.stepTime.si : 0;
    e.tokensPerStep = static_cast<double>(s.training.globalBatch) * s.training.seqLen;
    e.tokensPerS = e.tokensPerStep / e.stepTime.si;
    e.tokensPerSPerGpu = e.tokensPerS / static_cast<double>(s.gpus);
    e.tokensPerGpu = e.tokensPerStep / static_cast<double>(s.gpus);
    e.flopsPerStep = Flops{3.0 * mc.forwardFlopsPerToken() * e.tokensPerStep};
    const double recomputeShare = e.stage.forwardCompute.si > 0 ? e.stage.recompute.si / e.stage.forwardCompute.si : 0;
    e.hardwareFlopsPerStep = Flops{e.flopsPerStep.si * (3.0 + recomputeShare) / 3.0};
    const double gpuSeconds = e.stepTime.si * static_cast<double>(s.gpus);
    e.mfu = e.flopsPerStep.si / (gpuSeconds * ctx.peakBf16.si);
    e.mfuAtPrecision = e.flopsPerStep.si / (gpuSeconds * ctx.peak.si);
    e.hfu = e.hardwareFlopsPerStep.si / (gpuSeconds * ctx.peakBf16.si);
    if (s.training.tokensTotal > 0) e.timeToTrain = e.stepTime * (s.training.tokensTotal / e.tokensPerStep);
    e.ok = std::isfinite(e.stepTime.si) && e.stepTime.si > 0 && e.ops.dropped() == 0;
    if (!e.ok) e.error = e.ops.dropped() ? "the operation table overflowed (a bug: please report the scenario)"
                                         : "the step time is not finite: check sizes and bandwidths";
    addVerdicts(ctx, p, g.groups(), e);
    if (e.ok && zeroStage >= 3 && p.pp > 1) adviseZero1(ctx, p, e);
    return e;
}

} // namespace

} // namespace scalescope

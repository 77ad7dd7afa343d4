#include "model/inference/inference_step.h"

#include "model/compute/kernel_costs.h"
#include "model/core/transformer_cost.h"
#include "model/inference/inference_memory.h"
#include "model/inference/inference_passes.h"
#include "model/inference/kv_cache.h"
#include "model/inference/serving_allreduce.h"
#include "model/inference/serving_work.h"
#include "model/network/axis_groups.h"
#include "model/network/collectives.h"
#include "model/power/energy_model.h"
#include "model/power/power_model.h"

#include <cmath>
#include <utility>

namespace scalescope {

const std::string& decodeCollectiveAssumption() noexcept
{
    static const std::string s =
        "assumption: decode messages lie far below the NCCL sizes measured (nccl-measured: 58 MB and up); costed at "
        "link rate plus the cited per-step latency (nvlink_step_latency, scale_out_step_latency)";
    return s;
}

namespace {

// Why the layout cannot serve the model, at its JSON path; empty if it can.
bool layoutProblem(const ResolvedSystem& sys, const ParallelLayout& p, InferenceEvaluation& e)
{
    const ModelSpec& m = sys.model;
    auto fail = [&](const char* path, std::string message) {
        e.errorPath = path;
        e.error = std::move(message);
        return true;
    };
    if (p.cp != 1)
        return fail("/parallel/cp", "expected cp = 1 when serving (context parallelism is not modelled for inference)");
    const long long ranks = static_cast<long long>(p.tp) * p.pp * p.dp;
    if (ranks != sys.scenario.gpus)
        return fail("/parallel", "expected tp · pp · dp = gpus (" + std::to_string(sys.scenario.gpus) + "), found " +
                                     std::to_string(ranks));
    if (m.heads.value % p.tp != 0)
        return fail("/parallel/tp",
                    "expected tp to divide the model's " + std::to_string(m.heads.value) + " attention heads");
    if (p.pp > m.layers.value)
        return fail("/parallel/pp", "expected at most one stage per layer (" + std::to_string(m.layers.value) + ")");
    if (p.ep > 1 && !m.moe) return fail("/parallel/ep", "expected ep = 1: the model has no experts");
    if (p.dp % p.ep != 0)
        return fail("/parallel/ep", "expected ep to divide dp (experts are sharded over data-parallel ranks)");
    if (!sys.gpu.peak(sys.scenario.inference.precision))
        return fail("/inference/precision", "expected a precision the " + sys.gpu.name +
                                                " has Tensor Cores for, found \"" +
                                                std::string(precisionKey(sys.scenario.inference.precision)) + "\"");
    return false;
}

// The tp, ep and pp collective rows of one pass of T tokens (per GPU: T·h 16-bit activations).
Seconds addCollectives(const ResolvedSystem& sys, const ParallelLayout& p, const AxisGroups& groups, Phase phase,
                       double tokens, OperationTable& t)
{
    const bool decode = phase == Phase::Decode;
    const CollectiveOptions measured{sys.scenario.efficiency, sys.scenario.network.sharp, 0, &sys.calibration};
    CollectiveOptions o = measured;
    if (decode) o.mode = EfficiencyMode::Theoretical;
    const std::string* source = decode ? &decodeCollectiveAssumption() : nullptr; // swapped for the custom AllReduce
    const ModelSpec& m = sys.model;
    const StageLayers layers = bottleneckStageLayers(m, p.pp);
    const double h = m.hidden.value;
    auto row = [&](OpKind op, OpStream stream, OpScope scope, double count, Bytes bytes, const CollectiveCost& c) {
        if (count <= 0 || c.time.si <= 0) return;
        const double eff =
            c.tierCount > 0 && c.bottleneckTier >= 0 ? c.tiers[static_cast<size_t>(c.bottleneckTier)].efficiency : 1.0;
        t.add({op, phase, stream, scope, OpBound::Collective, count, Flops{}, bytes, eff, source, c.time, Seconds{}});
    };
    const Bytes activations{tokens * h * kActivationBytes};
    CollectiveCost allReduce = collectiveCost(sys.tiers, CollectiveKind::AllReduce, activations, groups.tp, o);
    const std::string* tpSource = source;
    if (const auto custom = customAllReduce(sys.tiers, p.tp, groups.tp.spannedTier <= 0, activations,
                                            sys.scenario.efficiency, sys.calibration)) {
        allReduce.time = *custom;
        allReduce.bottleneckTier = -1;
        tpSource = &customAllReduceAssumption();
    }
    std::swap(source, tpSource);
    row(OpKind::TpCollective, OpStream::Tp, OpScope::DenseLayer, 2 * layers.dense, activations, allReduce);
    row(OpKind::TpCollective, OpStream::Tp, OpScope::MoeLayer, 2 * layers.moe, activations, allReduce);
    std::swap(source, tpSource);
    if (p.ep > 1 && m.moe) {
        CollectiveOptions sparse = o;
        sparse.topK = m.moe->topK.value;
        const double ep = p.ep;
        const Bytes group{ep * ep * tokens / p.tp * h * kActivationBytes}; // the AllToAll input over all members
        const CollectiveCost a2a = collectiveCost(sys.tiers, CollectiveKind::AllToAll, group, groups.ep, sparse);
        row(OpKind::EpDispatch, OpStream::Ep, OpScope::MoeLayer, layers.moe, group, a2a);
        row(OpKind::EpCombine, OpStream::Ep, OpScope::MoeLayer, layers.moe, group, a2a);
    }
    if (p.pp <= 1) return Seconds{};
    const Bytes send{tokens / p.tp * h * kActivationBytes}; // each tp rank sends its slice
    const CollectiveCost s = collectiveCost(sys.tiers, CollectiveKind::PointToPoint, send, groups.pp, o);
    row(OpKind::PpSend, OpStream::Pp, OpScope::Stage, p.pp - 1.0, send, s);
    return s.time;
}

// One stage's pass: every row of `phase` but the sends.
Seconds stagePass(const OperationTable& t, Phase phase) noexcept
{
    Seconds sum{};
    for (OpStream s : {OpStream::Compute, OpStream::Tp, OpStream::Ep})
        sum += t.streamTotal(s, phase);
    return sum;
}

} // namespace

std::optional<ServingLayoutProblem> servingLayoutProblem(const ResolvedSystem& sys, const ParallelLayout& p)
{
    InferenceEvaluation e;
    if (!layoutProblem(sys, p, e)) return std::nullopt;
    return ServingLayoutProblem{e.errorPath, e.error};
}

InferenceEvaluation evaluateInference(const ResolvedSystem& sys, const ParallelLayout& p, int batchOverride)
{
    InferenceEvaluation e;
    const Scenario& s = sys.scenario;
    const InferenceSettings& in = s.inference;
    if (layoutProblem(sys, p, e)) return e;

    const InferenceMemoryShape shape = inferenceMemoryShape(sys, p);
    e.maxBatch = maxBatch(shape);
    e.batch = batchOverride > 0 ? batchOverride : in.batchMax ? e.maxBatch : in.batch;
    if (e.batch < 1) {
        e.errorPath = "/inference/batch";
        e.error = "expected room for at least one sequence: the weights and one sequence's KV cache and activations "
                  "exceed usable HBM on this layout";
        return e;
    }
    e.memory = inferenceMemory(shape, e.batch);
    e.replicas = p.dp;
    e.gpus = static_cast<int>(s.gpus);
    e.stages = p.pp;
    const double B = e.batch, P = in.promptTokens, O = in.outputTokens;
    e.meanKvTokens = P + O / 2;

    // --- the passes' rows -------------------------------------------------------
    const KernelCosts kc(inferenceKernelSetup(sys));
    const PassAssumptions prefill = addPassRows(sys, p, kc, {Phase::Prefill, B, P, P}, e.ops);
    const PassAssumptions decode = addPassRows(sys, p, kc, {Phase::Decode, B, 1, e.meanKvTokens}, e.ops);
    const AxisGroups groups = axisGroups(sys.tiers, p);
    const Seconds prefillSend = addCollectives(sys, p, groups, Phase::Prefill, B * P, e.ops);
    const Seconds decodeSend = addCollectives(sys, p, groups, Phase::Decode, B, e.ops);

    // --- latency and throughput ---------------------------------------------------
    const double stages = p.pp;
    e.prefillTime = stagePass(e.ops, Phase::Prefill) * stages + prefillSend * (stages - 1);
    e.decodeStep = stagePass(e.ops, Phase::Decode) * stages + decodeSend * (stages - 1);
    e.ttft = e.prefillTime;
    e.tpot = e.decodeStep;
    const Seconds cycle = e.ttft + e.tpot * (O - 1);
    e.tokensPerSPerUser = 1 / e.tpot.si;
    e.outputTokensPerS = p.dp * B * O / cycle.si;
    e.tokensPerSPerGpu = e.outputTokensPerS / static_cast<double>(s.gpus);

    // --- KV cache -------------------------------------------------------------------
    e.kvCachePerGpu = e.memory.kvCache;
    e.kvCache = Bytes{B * pagedTokens(P + O, in.kvBlockTokens) * sys.model.layers.value *
                      kvBytesPerTokenPerLayerPerGpu(sys.model, in.kv(), p.tp) * p.tp};

    // --- energy: the power model at the compute utilisation of one cycle -----------
    const Flops gpuFlops = passFlops(e.ops, Phase::Prefill) + passFlops(e.ops, Phase::Decode) * (O - 1);
    e.decodeMfu = passFlops(e.ops, Phase::Decode).si / (e.decodeStep.si * sys.peakBf16.si);
    const double mfu = gpuFlops.si / (cycle.si * sys.peakBf16.si);
    const StepWork work{s.gpus, cycle, p.dp * B * O, mfu, 0.0};
    const EnergyReport energy = energyReport(powerBudget(sys.system, sys.gpu), sys.facility.load, s.facility, work);
    e.energyPerToken = Joules{energy.energyPerStep.si / work.tokensPerStep};

    // --- what to tell ---------------------------------------------------------------
    if (!e.memory.fits) e.warn(InferenceWarning::DoesNotFit, e.memory.total.si, e.memory.capacity.si);
    if (prefill.gemmBelowMeasured || decode.gemmBelowMeasured)
        e.warn(InferenceWarning::DecodeGemmBelowMeasured, B, gemmSmallestMeasuredTokens(sys.compute, in.precision));
    if (decode.attentionBound) e.warn(InferenceWarning::DecodeAttentionBound);
    if (p.tp > 1 || p.ep > 1 || p.pp > 1) e.warn(InferenceWarning::DecodeCollectiveLatency);
    e.warn(InferenceWarning::PowerFromComputeUse, mfu);

    e.ok =
        std::isfinite(e.ttft.si) && std::isfinite(e.tpot.si) && e.ttft.si > 0 && e.tpot.si > 0 && e.ops.dropped() == 0;
    if (!e.ok) {
        e.errorPath = "/inference";
        e.error = e.ops.dropped() ? "the operation table overflowed (a bug: please report the scenario)"
                                  : "the time per token is not finite: check sizes and bandwidths";
    }
    return e;
}

} // namespace scalescope

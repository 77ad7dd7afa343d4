#include "model/inference/inference_step.h"

#include "model/chip/superchip_fit.h"
#include "model/compute/kernel_costs.h"
#include "model/core/transformer_cost.h"
#include "model/inference/inference_memory.h"
#include "model/inference/inference_pass_time.h"
#include "model/inference/inference_passes.h"
#include "model/inference/kv_cache.h"
#include "model/inference/serving_allreduce.h"
#include "model/network/axis_groups.h"
#include "model/network/group_placement.h"
#include "model/network/collectives.h"
#include "model/power/energy_model.h"
#include "model/power/power_model.h"

#include <algorithm>
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

double layoutGpus(const ParallelLayout& p) noexcept { return static_cast<double>(p.tp) * p.pp * p.dp; }

// Why the layout cannot serve the model, at its JSON path; false if it can.
// `ranks` is the GPUs the layout must fill, `path` its block.
bool layoutProblem(const ResolvedSystem& sys, const ParallelLayout& p, long long ranks, const std::string& path,
                   InferenceEvaluation& e)
{
    const ModelSpec& m = sys.model;
    auto fail = [&](const std::string& at, std::string message) {
        e.errorPath = at;
        e.error = std::move(message);
        return true;
    };
    if (p.cp != 1)
        return fail(path + "/cp", "expected cp = 1 when serving (context parallelism is not modelled for inference)");
    const double found = layoutGpus(p); // in double: three degrees up to 2^30 each
    if (found != static_cast<double>(ranks)) {
        const std::string pool = sys.scenario.inference.prefillPool ? " less the prefill pool's GPUs" : "";
        return fail(path, "expected tp · pp · dp = gpus" + pool + " (" + std::to_string(ranks) + "), found " +
                              std::to_string(static_cast<long long>(std::min(found, 9e18))));
    }
    if (m.heads.value % p.tp != 0)
        return fail(path + "/tp",
                    "expected tp to divide the model's " + std::to_string(m.heads.value) + " attention heads");
    if (p.pp > m.layers.value)
        return fail(path + "/pp", "expected at most one stage per layer (" + std::to_string(m.layers.value) + ")");
    if (p.ep > 1 && !m.moe) return fail(path + "/ep", "expected ep = 1: the model has no experts");
    if (p.folded())
        return fail(path + "/etp", "expected no etp when serving (expert tensor parallelism is modelled for training only)");
    if (p.dp % p.ep != 0)
        return fail(path + "/ep", "expected ep to divide dp (experts are sharded over data-parallel ranks)");
    if (!sys.gpu.peak(sys.scenario.inference.precision))
        return fail("/inference/precision", "expected a precision the " + sys.gpu.name +
                                                " has Tensor Cores for, found \"" +
                                                std::string(precisionKey(sys.scenario.inference.precision)) + "\"");
    return false;
}


// Bytes per second one GPU reads its spilled KV at: its NVLink-C2C link per
// direction, or its share of the LPDDR5X bandwidth, whichever is lower.
BytesPerSecond kvSpillBandwidth(const ResolvedSystem& sys) noexcept
{
    if (!sys.superchip) return BytesPerSecond{};
    const SuperchipMemory m = superchipMemory(*sys.superchip, sys.gpu);
    return std::min(m.c2cPerGpuPerDirection, m.lpddrBandwidth / static_cast<double>(m.gpus));
}

// Disaggregated serving: the KV of one batch's prompts leaves each prefill
// GPU for a decode GPU, all pairs at once. The pools lie side by side (the
// prefill pool on the first GPUs), so the pairs are (i, i + s) with s the
// prefill pool's size (the decode pool's where it is the smaller): the
// collective model places them on the tiers and costs a point-to-point send
// of each GPU's share on the highest tier they cross.
void kvTransfer(const ResolvedSystem& sys, const ParallelLayout& prefill, double batch, InferenceEvaluation& e)
{
    const InferenceSettings& in = sys.scenario.inference;
    const long long pool = static_cast<long long>(layoutGpus(prefill)), total = sys.scenario.gpus;
    const long long stride = 2 * pool <= total ? pool : total - pool;
    const double layers = std::ceil(static_cast<double>(sys.model.layers.value) / prefill.pp);
    e.kvTransferPerGpu = Bytes{batch * pagedTokens(in.promptTokens, in.kvBlockTokens) * layers *
                               kvBytesPerTokenPerLayerPerGpu(sys.model, in.kv(), prefill.tp)};
    const GroupPlacement pairs = placeGroups(sys.tiers, GroupShape{2, stride}, 2 * stride);
    const CollectiveOptions o{sys.scenario.efficiency, false, 0, &sys.calibration};
    const CollectiveCost c = collectiveCost(sys.tiers, CollectiveKind::PointToPoint, e.kvTransferPerGpu, pairs, o);
    e.kvTransfer = c.time;
    e.kvTransferTier = c.spannedTier;
}

} // namespace

std::optional<ServingLayoutProblem> servingLayoutProblem(const ResolvedSystem& sys, const ParallelLayout& p)
{
    InferenceEvaluation e;
    const InferenceSettings& in = sys.scenario.inference;
    const long long prefillGpus = in.prefillPool ? static_cast<long long>(layoutGpus(*in.prefillPool)) : 0;
    if (!layoutProblem(sys, p, sys.scenario.gpus - prefillGpus, "/parallel", e)) return std::nullopt;
    return ServingLayoutProblem{e.errorPath, e.error};
}

InferenceEvaluation evaluateInference(const ResolvedSystem& sys, const ParallelLayout& p, int batchOverride)
{
    InferenceEvaluation e;
    const Scenario& s = sys.scenario;
    const InferenceSettings& in = s.inference;
    const ParallelLayout& prefillLayout = in.prefillPool ? *in.prefillPool : p;
    const double poolGpus = in.prefillPool ? layoutGpus(*in.prefillPool) : 0;
    if (poolGpus >= static_cast<double>(s.gpus)) {
        e.errorPath = "/inference/disaggregated/prefill";
        e.error = "expected the prefill pool (tp · pp · dp = " +
                  std::to_string(static_cast<long long>(std::min(poolGpus, 9e18))) +
                  " GPUs) to leave GPUs for the decode pool out of gpus (" + std::to_string(s.gpus) + ")";
        return e;
    }
    e.prefillGpus = static_cast<int>(poolGpus);
    if (layoutProblem(sys, p, s.gpus - e.prefillGpus, "/parallel", e)) return e;
    if (in.prefillPool && layoutProblem(sys, prefillLayout, e.prefillGpus, "/inference/disaggregated/prefill", e))
        return e;

    const InferenceMemoryShape shape =
        inferenceMemoryShape(sys, p, in.prefillPool ? ServingRole::DecodePool : ServingRole::PrefillAndDecode);
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
    const SpeculativeSettings* spec = in.speculative ? &*in.speculative : nullptr;
    const double verified = spec ? spec->draftTokens + 1.0 : 1.0; // positions per sequence in a decode pass

    // --- the passes' rows -------------------------------------------------------
    const KernelCosts kc(inferenceKernelSetup(sys));
    const PrefillTime prefill = addPrefill(sys, prefillLayout, kc, B, P, in.prefillChunk, e.ops);
    e.prefillChunks = prefill.chunks;
    InferencePass decodePass{Phase::Decode, B, verified, e.meanKvTokens};
    decodePass.logitsPerSequence = verified;
    if (e.memory.kvSpilled.si > 0 && e.memory.kvCache.si > 0) {
        decodePass.spilledKv = e.memory.kvSpilled.si / e.memory.kvCache.si;
        decodePass.spillBandwidth = kvSpillBandwidth(sys);
    }
    const AxisGroups groups = axisGroups(sys.tiers, p);
    PassAssumptions decode;
    Seconds decodeStage{}, decodeSend{};
    if (!spec) {
        decode = addPassRows(sys, p, kc, decodePass, e.ops);
        decodeSend = addPassCollectives(sys, p, groups, Phase::Decode, B, e.ops);
        decodeStage = stagePass(e.ops, Phase::Decode);
    } else {
        // The verify pass over k + 1 positions, then k draft passes of the
        // MTP module (draft_layers layers, the shared output head) on the
        // last stage, merged into the decode rows.
        OperationTable verify, draft;
        decode = addPassRows(sys, p, kc, decodePass, verify);
        decodeSend = addPassCollectives(sys, p, groups, Phase::Decode, B * verified, verify);
        decodeStage = stagePass(verify, Phase::Decode);
        InferencePass draftPass = decodePass;
        draftPass.tokensPerSequence = 1;
        draftPass.logitsPerSequence = 1;
        draftPass.layers = spec->draftLayers;
        const PassAssumptions d = addPassRows(sys, p, kc, draftPass, draft);
        decode.gemmBelowMeasured = decode.gemmBelowMeasured || d.gemmBelowMeasured;
        ParallelLayout oneStage = p;
        oneStage.pp = 1; // the draft module's collectives; no stage boundary inside it
        addPassCollectives(sys, oneStage, groups, Phase::Decode, B, draft, spec->draftLayers);
        e.draftTime = stagePass(draft, Phase::Decode) * static_cast<double>(spec->draftTokens);
        e.acceptedPerStep = acceptedTokensPerStep(spec->draftTokens, spec->acceptanceRate);
        RowMerger merged;
        merged.add(verify, 1);
        merged.add(draft, spec->draftTokens);
        merged.flushInto(e.ops);
    }

    // --- latency and throughput ---------------------------------------------------
    const double stages = p.pp;
    e.prefillTime = prefill.ttft;
    e.decodeStep = decodeStage * stages + decodeSend * (stages - 1) + e.draftTime;
    if (in.prefillPool) kvTransfer(sys, prefillLayout, B, e);
    e.ttft = e.prefillTime + e.kvTransfer;
    e.tpot = e.decodeStep / e.acceptedPerStep;
    e.tokensPerSPerUser = 1 / e.tpot.si;
    Seconds cycle = e.ttft + e.tpot * (O - 1);
    double gpuFlops = 0; // FLOPs per cycle of one GPU of each pool's bottleneck stage, weighted by the pool's GPUs
    const double prefillFlops = passFlops(e.ops, Phase::Prefill).si, decodeFlops = passFlops(e.ops, Phase::Decode).si;
    const double steps = (O - 1) / e.acceptedPerStep;
    const double cycleTokens = p.dp * B * O; // one batch per (decode) replica
    if (!in.prefillPool) {
        e.outputTokensPerS = cycleTokens / cycle.si;
        gpuFlops = prefillFlops + decodeFlops * steps;
    } else {
        // Steady state: each pool works through batches back to back; the
        // slower pool sets the request rate.
        e.prefillRequestsPerS = prefillLayout.dp * B / e.prefillTime.si;
        e.decodeRequestsPerS = O > 1 ? p.dp * B / (e.tpot.si * (O - 1)) : e.prefillRequestsPerS;
        const double requests = std::min(e.prefillRequestsPerS, e.decodeRequestsPerS);
        e.outputTokensPerS = requests * O;
        cycle = Seconds{cycleTokens / e.outputTokensPerS}; // one batch per decode replica
        const double decodeGpus = static_cast<double>(s.gpus - e.prefillGpus);
        const double prefillBatches = requests * cycle.si / (prefillLayout.dp * B); // per prefill replica and cycle
        gpuFlops = (e.prefillGpus * prefillFlops * prefillBatches + decodeGpus * decodeFlops * steps) /
                   static_cast<double>(s.gpus);
        const InferenceMemoryShape prefillShape = inferenceMemoryShape(sys, prefillLayout, ServingRole::PrefillPool);
        const InferenceMemory pm = inferenceMemory(prefillShape, e.batch);
        if (!pm.fits) e.warn(InferenceWarning::PrefillPoolDoesNotFit, pm.total.si, pm.capacity.si);
    }
    e.tokensPerSPerGpu = e.outputTokensPerS / static_cast<double>(s.gpus);

    // --- KV cache -------------------------------------------------------------------
    e.kvCachePerGpu = e.memory.kvCache;
    e.kvCache = Bytes{B * pagedTokens(P + O, in.kvBlockTokens) * sys.model.layers.value *
                      kvBytesPerTokenPerLayerPerGpu(sys.model, in.kv(), p.tp) * p.tp};

    // --- energy and cost: the power model at the compute utilisation of one cycle ----
    e.decodeMfu = decodeFlops / (e.decodeStep.si * sys.peakBf16.si);
    const double mfu = gpuFlops / (cycle.si * sys.peakBf16.si);
    e.cycleMfu = mfu;
    const StepWork work{s.gpus, cycle, cycleTokens, mfu, 0.0};
    const EnergyReport energy = energyReport(powerBudget(sys.system, sys.gpu), sys.facility.load, s.facility, work);
    e.energyPerToken = Joules{energy.energyPerStep.si / work.tokensPerStep};
    e.costPerMillionTokens = energy.costPerMillionTokens;

    // --- what to tell ---------------------------------------------------------------
    if (!e.memory.fits) e.warn(InferenceWarning::DoesNotFit, e.memory.total.si, e.memory.capacity.si);
    if (prefill.flags.gemmBelowMeasured || decode.gemmBelowMeasured)
        e.warn(InferenceWarning::DecodeGemmBelowMeasured, B, gemmSmallestMeasuredTokens(sys.compute, in.precision));
    if (decode.attentionBound) e.warn(InferenceWarning::DecodeAttentionBound);
    if (p.tp > 1 || p.ep > 1 || p.pp > 1) e.warn(InferenceWarning::DecodeCollectiveLatency);
    if (e.memory.kvSpilled.si > 0) e.warn(InferenceWarning::KvSpilled, e.memory.kvSpilled.si, kvSpillBandwidth(sys).si);
    if (in.kvOffload && !sys.superchip) e.warn(InferenceWarning::KvOffloadWithoutSuperchip);
    if (in.tpotMax && e.tpot > *in.tpotMax) e.warn(InferenceWarning::TpotOverLimit, e.tpot.si, in.tpotMax->si);
    if (in.ttftMax && e.ttft > *in.ttftMax) e.warn(InferenceWarning::TtftOverLimit, e.ttft.si, in.ttftMax->si);
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

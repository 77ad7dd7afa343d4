#include "model/training/memory_per_gpu.h"

#include "model/core/recompute_policy.h"

#include "model/memory/activation_memory.h"
#include "model/memory/usable_memory.h"
#include "model/training/context_parallel_attention.h"
#include "model/training/layout_check.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

ParamsPerGpu paramsPerGpu(const EvaluationContext& ctx, const ParallelLayout& p) noexcept
{
    return paramsPerGpu(ctx.cost, ctx.model, p, ctx.scenario.training.mtpLayers);
}

double adamBytesPerParam(const TrainingSettings& t) noexcept
{
    return t.optimizerState == OptimizerState::Bf16Moments ? kAdamBf16MomentsBytesPerParam : kAdamBytesPerParam;
}

double gradBytesPerParam(const TrainingSettings& t) noexcept
{
    return t.fp32MainGrads ? 4.0 : kGradBytesPerParam;
}

double weightBytesPerParam(const TrainingSettings& t) noexcept
{
    return t.fp8Params ? 1.0 : kWeightBytesPerParam;
}

Bytes moeRoutedBuffers(const ModelSpec& m, const ParallelLayout& p, const TrainingSettings& t) noexcept
{
    if (!m.moe) return {};
    const double experts = m.moe->experts.value, k = m.moe->topK.value, ep = p.ep;
    // The tokens a rank's experts see: a micro-batch's T, gathered over etp when folded (T·etp/tp).
    const double T = static_cast<double>(p.microbatchSize) * t.seqLen / p.cp;
    const double tokens = p.folded() ? T * p.expertTp() / p.tp : T;
    const double perExpert = ep * tokens * k / experts;
    const double local = std::max(1.0, std::floor(experts / ep));
    constexpr double kBuffers = 4; // dispatch receive, permuted, expert output, combine receive
    return Bytes{kBuffers * perExpert * local * m.hidden.value * 2};
}

MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches) noexcept
{
    return memoryPerGpu(ctx, p, microbatches, ctx.scenario.training.zeroStage);
}

MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches, int zeroStage) noexcept
{
    return memoryPerGpu(ctx, p, microbatches, zeroStage, paramsPerGpu(ctx, p));
}

MemoryPerGpu memoryPerGpu(const EvaluationContext& ctx, const ParallelLayout& p, int microbatches, int zeroStage,
                          const ParamsPerGpu& params) noexcept
{
    const Scenario& s = ctx.scenario;
    const ModelSpec& m = ctx.model;
    const ModelCost& mc = ctx.cost;
    const double dpDense = static_cast<double>(p.dp) * p.cp;
    const double dpExpert = std::max(1.0, p.expertDataParallel());
    const int zero = zeroStage;
    auto sharded = [&](double bytesPerParam, bool shard) {
        return shard ? params.dense * bytesPerParam / dpDense + params.expert * bytesPerParam / dpExpert
                     : (params.dense + params.expert) * bytesPerParam;
    };
    MemoryPerGpu out;
    out.grads = Bytes{sharded(gradBytesPerParam(s.training), zero >= 2)};
    out.optimizerParams = sharded(1, zero >= 1);
    if (zero >= 3 && s.training.zero3Style == Zero3Style::Fsdp) {
        // PyTorch FSDP: the sharded parameter is the fp32 master the optimizer
        // steps (shown as the weights); the optimizer adds its moments only.
        out.weights = Bytes{sharded(kFp32MasterBytesPerParam, true)};
        out.optimizer = Bytes{sharded(adamBytesPerParam(s.training) - kFp32MasterBytesPerParam, true)};
    } else {
        out.weights = Bytes{sharded(weightBytesPerParam(s.training), zero >= 3)};
        out.optimizer = Bytes{sharded(adamBytesPerParam(s.training), zero >= 1)};
    }

    // Activations (activation_memory.h): per token of one layer, over tp (SP) and cp.
    const double tokens =
        static_cast<double>(p.microbatchSize) * s.training.seqLen / (static_cast<double>(p.tp) * p.cp);
    ActivationOptions o{s.training.recompute, s.training.recomputeModules, s.training.precision == Precision::Fp8};
    const int seq = s.training.seqLen;
    const double layers = m.layers.value;
    const double moeShare = mc.moeLayers / layers;
    auto perLayer = [&](const ActivationOptions& opt) {
        return (1 - moeShare) * layerActivationBytesPerToken(m, seq, false, opt) +
               (mc.moeLayers ? moeShare * layerActivationBytesPerToken(m, seq, true, opt) : 0.0);
    };
    // A stage's blocks: the model's layers at its MoE/dense mix, and the
    // multi-token-prediction blocks (MoE where the model has MoE layers).
    auto perBlock = [&](const ActivationOptions& opt, const StageBlocks& b) {
        const double main = perLayer(opt);
        if (b.mtp <= 0) return main;
        return (b.main * main + b.mtp * layerActivationBytesPerToken(m, seq, mc.moeLayers > 0, opt)) / b.total();
    };
    // Full recompute re-runs one layer at a time: its whole working set lives
    // once. Block recompute (recompute_layers) keeps the layers it does not
    // recompute whole.
    ActivationOptions working = o;
    working.recompute = Recompute::None;
    struct StageBytes {
        double layers = 0, workingSet = 0;
    };
    auto stageBytes = [&](const StageBlocks& b) {
        const double stageLayers = b.total();
        const double recomputed = stageLayers * fullRecomputeShare(s.training, stageLayers);
        StageBytes bytes;
        if (s.training.recompute == Recompute::Full) {
            const double whole = perBlock(working, b); // asked once: it walks every tensor of both layer kinds
            bytes.layers = tokens * (recomputed * perBlock(o, b) + (stageLayers - recomputed) * whole);
            if (recomputed > 0) bytes.workingSet = tokens * whole;
        } else {
            bytes.layers = tokens * stageLayers * perBlock(o, b);
        }
        if (o.modules.moe && mc.moeLayers > 0) {
            // recompute_modules moe: one MoE block's activations live again
            // while it is recomputed in backward.
            ActivationOptions stored = o;
            stored.modules.moe = false;
            const double block = layerActivationBytesPerToken(m, seq, true, stored) - layerActivationBytesPerToken(m, seq, true, o);
            bytes.workingSet = std::max(bytes.workingSet, tokens * block);
        }
        return bytes;
    };
    // The first stage holds ceil(layers / pp) of the model's layers; the last
    // also the multi-token-prediction blocks (params_per_gpu.h), one stage when pp = 1.
    const int mtp = s.training.mtpLayers;
    const StageBlocks firstBlocks = p.pp == 1 ? largestStageBlocks(m.layers.value, mtp, 1)
                                              : StageBlocks{std::ceil(layers / p.pp), 0};
    const StageBytes first = stageBytes(firstBlocks);
    const StageBytes last = mtp > 0 && p.pp > 1 ? stageBytes(largestStageBlocks(m.layers.value, mtp, p.pp)) : first;
    const double inFlight = inFlightMicrobatches(p.schedule, p.pp, p.vpp, microbatches);
    const double firstStage = first.layers * inFlight + first.workingSet;
    // The last stage also holds fp32 logits of one micro-batch (4 bytes per
    // vocabulary entry, over tp), once per output head (the model's and each
    // multi-token-prediction module's).
    const double logits = tokens * 4.0 * m.vocab.value * (1 + mtp);
    const double lastStage = last.layers + last.workingSet + logits;
    out.activations = Bytes{std::max(firstStage, p.pp == 1 ? firstStage + logits : lastStage)};

    // Buffers (ScaleScope assumption): two layers' gathered weights under
    // ZeRO-3, four activation-sized communication buffers, in a MoE layer
    // the routed rows' working buffers (moeRoutedBuffers) and, with context
    // parallelism, the K/V exchange buffers (context_parallel_attention.h).
    const double layerWeights = std::max(mc.dense.params, mc.moe.params) / p.tp * weightBytesPerParam(s.training);
    out.buffers = Bytes{(zero >= 3 ? 2 * layerWeights : 0) + 4 * tokens * m.hidden.value * 2 +
                        (mc.moeLayers > 0 ? moeRoutedBuffers(m, p, s.training).si : 0.0) +
                        cpBufferBytes(m, p, s.training.seqLen, s.training.cpComm)};

    out.total = out.weights + out.grads + out.optimizer + out.activations + out.buffers;
    const UsableHbm hbm = usableHbm(ctx.gpu.hbm.capacityUsable.value, ctx.memoryReserve ? &*ctx.memoryReserve : nullptr,
                                    ncclCommunicators(p));
    out.capacity = hbm.usable;
    out.reserved = hbm.capacity - hbm.usable;
    out.fits = out.total <= out.capacity;
    if (ctx.superchip) {
        out.spillCapacity = ctx.superchip->lpddr5xCapacity.value / static_cast<double>(ctx.superchip->gpus.value);
        out.spill = out.fits ? Bytes{} : out.total - out.capacity;
        out.fitsWithSpill = out.spill <= out.spillCapacity;
        // C2C is shared by the superchip's GPUs; bidirectional figure, one direction each way.
        const BytesPerSecond perGpu = ctx.superchip->c2cBandwidth.value / (2.0 * ctx.superchip->gpus.value);
        out.spillTime = out.spill.si > 0 ? Bytes{out.spill.si * 2} / perGpu : Seconds{};
    } else {
        out.spill = out.fits ? Bytes{} : out.total - out.capacity;
        out.fitsWithSpill = out.fits;
    }
    return out;
}

} // namespace scalescope

#include "model/training/layer_kernels.h"

#include "model/compute/kernel_costs.h"
#include "model/core/model_citations.h"
#include "model/training/context_parallel_attention.h"
#include "model/core/recompute_policy.h"
#include "model/spec/compute_calibration.h"
#include "model/training/moe_kernels.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cmath>

namespace scalescope {

KernelSetup trainingKernelSetup(const EvaluationContext& ctx) noexcept
{
    return {&ctx.compute,
            ctx.scenario.efficiency == EfficiencyMode::Measured,
            ctx.scenario.training.precision,
            ctx.peak,
            ctx.peakBf16,
            ctx.gpu.hbm.bandwidth.value,
            ctx.attentionKernel};
}

namespace {

// Rows of the MoE block a MoE layer runs after its pre-MLP norm (Megatron-Core
// moe_layer.py custom_forward): router, top-k, balancing, permutation, routed
// experts and their wait, and the shared experts (MlpUp, MlpDown) with the
// activation of both. The layer's FP8 casts stay one memory-bound row.
bool inMoeBlock(const OpRow& r) noexcept
{
    switch (r.op) {
    case OpKind::Router:
    case OpKind::RouterTopK:
    case OpKind::RouterBalancing:
    case OpKind::Permute:
    case OpKind::PermuteFused:
    case OpKind::ExpertGemms:
    case OpKind::MoeImbalance: return true;
    case OpKind::MlpUp:
    case OpKind::MlpDown:
    case OpKind::Activation: return r.scope == OpScope::MoeLayer;
    default: return false;
    }
}

} // namespace

RecomputedWork recomputedWork(const OpRow& r) noexcept
{
    const bool gemm = r.bound == OpBound::Gemm || r.bound == OpBound::GroupedGemm;
    if (inMoeBlock(r))
        return gemm ? RecomputedWork::MoeMatmuls
             : r.op == OpKind::Activation ? RecomputedWork::MoeActivation
                                          : RecomputedWork::MoeMemoryBound;
    if (gemm) return RecomputedWork::Matmuls;
    if (r.bound == OpBound::Attention || r.op == OpKind::CpMerge) return RecomputedWork::Attention;
    if (r.op == OpKind::AttentionNorm || r.op == OpKind::MlpNorm) return RecomputedWork::Norm;
    return r.op == OpKind::Activation ? RecomputedWork::Activation : RecomputedWork::MemoryBound;
}

namespace {

using Acc = KernelCosts::Acc;

// One linear layer (or a set of them) in the forward and backward passes.
using Linear = GemmShape;

template <class Table>
void addLinear(const KernelCosts& kc, Table& t, OpKind op, OpScope scope, double count, std::span<const Linear> shapes,
               bool recompute)
{
    Acc f, b;
    for (const Linear& l : shapes) {
        kc.gemm(f, GemmPass::Forward, l.m, l.n, l.k);
        kc.gemm(b, GemmPass::DataGrad, l.m, l.n, l.k);
        kc.gemm(b, GemmPass::WeightGrad, l.m, l.n, l.k);
    }
    t.add(kc.row(f, op, Phase::Forward, scope, OpBound::Gemm, count));
    t.add(kc.row(b, op, Phase::Backward, scope, OpBound::Gemm, count));
    if (recompute) t.add(kc.row(f, op, Phase::Recompute, scope, OpBound::Gemm, count));
}

template <class Table>
void addLinear(const KernelCosts& kc, Table& t, OpKind op, OpScope scope, double count,
               std::initializer_list<Linear> shapes, bool recompute)
{
    addLinear(kc, t, op, scope, count, std::span<const Linear>(shapes.begin(), shapes.size()), recompute);
}

// A memory-bound kernel: forward bytes, backward bytes.
template <class Table>
void addMemoryOp(const KernelCosts& kc, Table& t, OpKind op, MemoryOp kind, OpScope scope, double count,
                 double forwardBytes, double backwardBytes, bool recompute)
{
    Acc f, b;
    kc.memory(f, kind, forwardBytes);
    kc.memory(b, kind, backwardBytes);
    if (f.kernels) t.add(kc.row(f, op, Phase::Forward, scope, OpBound::Memory, count));
    if (b.kernels) t.add(kc.row(b, op, Phase::Backward, scope, OpBound::Memory, count));
    if (recompute && f.kernels) t.add(kc.row(f, op, Phase::Recompute, scope, OpBound::Memory, count));
}


// The first stage's embedding and the last stage's final norm, logits and
// vocabulary-parallel cross-entropy (fused or eager), once per output head
// (with the multi-token-prediction modules' norms and projections), no recompute rows.
void stageEndKernels(const EvaluationContext& ctx, const ParallelLayout& p, const KernelCosts& kc, const StageGeometry& g,
                     KernelSet set, LayerKernels& t)
{
    const ModelSpec& m = ctx.model;
    const double tp = p.tp, T = g.tokens, h = m.hidden.value, v = m.vocab.value;
    if (set == KernelSet::Embedding) {
        // Gather of T rows; backward scatters them into the dense table gradient (the measured kernel's count).
        addMemoryOp(kc, t, OpKind::Embedding, MemoryOp::Embedding, OpScope::Stage, 1, 2 * T * h * kActivationBytes,
                    2 * T * h * kActivationBytes + v / tp * h * kActivationBytes, false);
        return;
    }
    // One output head per loss: the model's and each multi-token-prediction
    // module's (DeepSeek-V3 report §2.2), which first normalises the hidden
    // state and the next token's embedding (two RMSNorms) and projects the
    // two, concatenated, back to h (M_k: a column-parallel linear, N = h / tp, K = 2h).
    const double heads = 1 + g.mtpModules;
    if (g.mtpModules > 0) {
        addMemoryOp(kc, t, OpKind::MtpNorm, MemoryOp::Norm, OpScope::Stage, 2 * g.mtpModules,
                    2 * T / tp * h * kActivationBytes, 3 * T / tp * h * kActivationBytes, false);
        addLinear(kc, t, OpKind::MtpProjection, OpScope::Stage, g.mtpModules, {{T, h / tp, 2 * h}}, false);
    }
    addMemoryOp(kc, t, OpKind::FinalNorm, MemoryOp::Norm, OpScope::Stage, heads, 2 * T / tp * h * kActivationBytes,
                3 * T / tp * h * kActivationBytes, false);
    addLinear(kc, t, OpKind::Logits, OpScope::Stage, heads, {{T, v / tp, h}}, false);
    // Vocabulary-parallel cross-entropy: reads the logits, writes their gradient
    // (counted so for the eager chain too; its measured bandwidth holds its extra passes).
    const MemoryOp loss = ctx.scenario.training.crossEntropy == CrossEntropyKernel::Eager ? MemoryOp::CrossEntropyEager
                                                                                          : MemoryOp::CrossEntropy;
    addMemoryOp(kc, t, OpKind::CrossEntropy, loss, OpScope::Stage, heads, 2 * T * v / tp * kActivationBytes, 0, false);
}

// The compute operations of one transformer layer (dense or MoE), count 1,
// with a recompute row for every forward row (the caller keeps those its
// recompute mode runs). Depends on the layout only through tp, cp, ep, the
// expert tp and T.
void layerKernels(const EvaluationContext& ctx, const ParallelLayout& p, const KernelCosts& kc, const StageGeometry& g,
                  bool moe, LayerKernels& t)
{
    const ModelSpec& m = ctx.model;
    const LayerCost& lc = moe ? ctx.cost.moe : ctx.cost.dense;
    const OpScope scope = moe ? OpScope::MoeLayer : OpScope::DenseLayer;
    constexpr double layers = 1;
    constexpr bool full = true;
    const double tp = p.tp, T = g.tokens, Tsp = T / tp; // sequence-parallel tokens for the memory-bound kernels
    const double h = m.hidden.value, a = m.heads.value;
    const double act = kActivationBytes;

    // Attention block.
    addMemoryOp(kc, t, OpKind::AttentionNorm, MemoryOp::Norm, scope, layers, 2 * Tsp * h * act, 3 * Tsp * h * act, full);
    // QKV (MLA: query down and up, joint KV down with the shared rotary key, KV up).
    const AttentionProjection ap = attentionProjection(m, T, p.tp);
    const double qkWidth = ap.qkWidth, vWidth = ap.vWidth, ropeWidth = ap.ropeWidth;
    addLinear(kc, t, OpKind::QkvProjection, scope, layers,
              std::span<const Linear>(ap.qkv.data(), static_cast<size_t>(ap.qkvCount)), full);
    addMemoryOp(kc, t, OpKind::Rotary, MemoryOp::Rotary, scope, layers, 2 * T * ropeWidth / tp * act,
                2 * T * ropeWidth / tp * act, full);
    {
        // Fused attention: scores and values over the causal half, in the
        // calls context parallelism splits it into (context_parallel_attention.h).
        CpAttentionShape cpa;
        cpa.flops = T * lc.scoreFlopsPerToken / tp;
        cpa.bytes = T * (2 * qkWidth + 2 * vWidth) / tp * act;
        cpa.headDim = qkWidth / a;
        cpa.heads = a / tp;
        cpa.seqLen = ctx.scenario.training.seqLen;
        cpa.cp = p.cp;
        cpa.comm = ctx.scenario.training.cpComm;
        cpa.outputElements = T * vWidth / tp;
        cpa.queryElements = T * qkWidth / tp;
        cpa.kvElements = T * cpKvWidth(m, p.tp);
        cpa.lseElements = T * a / tp;
        addContextParallelAttention(kc, cpa, scope, t);
    }
    addLinear(kc, t, OpKind::OutProjection, scope, layers, {{T, h, vWidth / tp}}, full);
    addMemoryOp(kc, t, OpKind::Residual, MemoryOp::Residual, scope, 2 * layers, 3 * Tsp * h * act, 0, full);

    // MLP block.
    addMemoryOp(kc, t, OpKind::MlpNorm, MemoryOp::Norm, scope, layers, 2 * Tsp * h * act, 3 * Tsp * h * act, full);
    const double gates = m.ffnType == FfnType::SwiGlu ? 2 : 1;
    double activationWidth = 0; // elements per token entering the activation, per GPU
    double gemmInputs = T * (h + vWidth / tp + h) + T * h; // QKV, out, up and down inputs (elements) for FP8 casts
    if (moe && m.moe) {
        const MoeSpec& moeSpec = *m.moe;
        const double experts = moeSpec.experts.value, k = moeSpec.topK.value, fe = moeSpec.expertFfn.value, ep = p.ep;
        const int local = std::max(1, static_cast<int>(experts / ep));
        // Expert tensor parallelism (Liu et al. 2025, "MoE Parallel Folding"):
        // each rank dispatches its T/tp sequence-parallel tokens and the
        // expert GEMMs see them gathered over etp (etp = tp unless folded).
        const double etp = p.expertTp(), Te = p.folded() ? T * etp / tp : T;
        const double perExpert = ep * Te * k / experts;
        // The expert GEMMs at the mean tokens per expert; every expert then
        // waits for the busiest one (max / mean tokens per expert), its own row.
        // Forced uniform routing: the busiest EP rank's rows over the mean
        // (forced_routing_imbalance.h), each rank holding `local` experts.
        const MoeBalancing balancing = ctx.scenario.training.moeBalancing;
        Factor imbalance = kc.measured() ? moeLoadImbalance(ctx.compute, balancing, local * perExpert, ep) : Factor{};
        // Expert capacity (training.moe_capacity_factor): padded, every expert
        // runs capacity rows and the permutation moves cf × the routed rows;
        // unpadded, no expert runs more than capacity.
        const double capacityFactor = ctx.scenario.training.moeCapacityFactor;
        const bool padded = padsToCapacity(ctx.scenario.training);
        if (padded || (capacityFactor > 0 && imbalance.value > capacityFactor))
            imbalance = {capacityFactor, &modelSourceKey(ModelSource::MoeCapacity)};
        const double routed = padded ? k * capacityFactor : k; // rows per token through permutation and experts
        constexpr double balance = 1;
        addLinear(kc, t, OpKind::Router, scope, layers, {{Tsp, experts, h}}, full);
        // Softmax scoring and top-k as measured: the forward cites the measurement.
        addMoeWorkRows(kc, t, OpKind::RouterTopK, routerTopKWork(Tsp, experts, k, moeSpec.scoring),
                       modelSourceKey(ModelSource::MoeRouter), scope, layers,
                       routerTopKMeasured(kc, ctx.compute, moeSpec.scoring));
        addMoeWorkRows(kc, t, OpKind::RouterBalancing, routerBalancingWork(Tsp, experts, k, balancing),
                       modelSourceKey(ModelSource::MoeBalancing), scope, layers);
        const bool fusedPermute = ctx.scenario.training.moePermuteFusion;
        addMoeWorkRows(kc, t, fusedPermute ? OpKind::PermuteFused : OpKind::Permute,
                       permutationWork(Te, routed, h, fusedPermute),
                       modelSourceKey(fusedPermute ? ModelSource::MoePermuteFused : ModelSource::MoePermute), scope, layers);
        Acc f, b;
        kc.groupedGemm(f, GemmPass::Forward, perExpert, gates * fe / etp, h, local, balance);
        kc.groupedGemm(f, GemmPass::Forward, perExpert, h, fe / etp, local, balance);
        for (auto [n, kk] : {std::pair{gates * fe / etp, h}, std::pair{h, fe / etp}}) {
            kc.groupedGemm(b, GemmPass::DataGrad, perExpert, n, kk, local, balance);
            kc.groupedGemm(b, GemmPass::WeightGrad, perExpert, n, kk, local, balance);
        }
        t.add(kc.row(f, OpKind::ExpertGemms, Phase::Forward, scope, OpBound::GroupedGemm, layers));
        t.add(kc.row(b, OpKind::ExpertGemms, Phase::Backward, scope, OpBound::GroupedGemm, layers));
        t.add(kc.row(f, OpKind::ExpertGemms, Phase::Recompute, scope, OpBound::GroupedGemm, layers));
        addMoeImbalanceRows(kc, t, f, b, imbalance, scope, layers);
        activationWidth = Te * routed * fe / etp;
        gemmInputs = T * (h + vWidth / tp) + Te * routed * (h + fe / etp);
        if (moeSpec.sharedExperts.value > 0) {
            const double fs = fe * moeSpec.sharedExperts.value;
            addLinear(kc, t, OpKind::MlpUp, scope, layers, {{T, gates * fs / tp, h}}, full);
            addLinear(kc, t, OpKind::MlpDown, scope, layers, {{T, h, fs / tp}}, full);
            activationWidth += T * fs / tp;
            gemmInputs += T * (h + fs / tp);
        }
    } else {
        const double f = m.ffn.value;
        addLinear(kc, t, OpKind::MlpUp, scope, layers, {{T, gates * f / tp, h}}, full);
        addLinear(kc, t, OpKind::MlpDown, scope, layers, {{T, h, f / tp}}, full);
        activationWidth = T * f / tp;
        gemmInputs += T * f / tp;
    }
    // SwiGLU reads gate and up, writes one; backward reads three, writes two.
    const double actIn = gates * activationWidth;
    addMemoryOp(kc, t, OpKind::Activation, MemoryOp::Activation, scope, layers, (actIn + activationWidth) * act,
                (actIn + activationWidth + actIn) * act, full);
    if (ctx.scenario.training.precision == Precision::Fp8 || ctx.scenario.training.precision == Precision::Fp4) {
        // Every GEMM input is cast (BF16 read, low-precision write), forward
        // activations and backward output gradients alike; tensorwise (current)
        // scaling first reads the tensor for its amax (the calibration's "fp8
        // cast with amax": 2 + 2 + 1 = 5 B per element). Where FP8 GEMMs take
        // K-major operands only (Hopper), the weight-gradient GEMM reads
        // transposed copies of the input and of the output gradient: one
        // low-precision read and write per element each. Weight casts are left
        // out: frameworks cache them across micro-batches or not.
        const double amaxPass = ctx.scenario.training.fp8Scaling == Fp8Scaling::Tensorwise ? act : 0;
        const double castBytes = gemmInputs * (amaxPass + act + kc.inputBytes());
        const double transposeBytes = ctx.compute.fp8TransposedCopies ? 2 * gemmInputs * 2 * kc.inputBytes() : 0;
        addMemoryOp(kc, t, OpKind::Fp8Cast, MemoryOp::Fp8Cast, scope, layers, castBytes, castBytes + transposeBytes, full);
    }
}

// Per-thread memo of layerKernels and stageEndKernels: a layout search and
// the slider revisit the same (tp, cp, ep, micro-batch) many times. The key
// names the context instance and its address (rows point at its
// calibration's source keys; the model and its costs come with the
// instance), the kernel setup, and every training setting and layout
// field the builders read, so a hit returns exactly what they would compute.
struct LayerKey {
    const EvaluationContext* ctx = nullptr;
    std::uint64_t instance = 0;
    KernelSetup setup;
    Fp8Scaling fp8Scaling = Fp8Scaling::Delayed;
    MoeBalancing moeBalancing = MoeBalancing::AuxiliaryLoss;
    CrossEntropyKernel crossEntropy = CrossEntropyKernel::Fused;
    CpComm cpComm = CpComm::P2p;
    double moeCapacityFactor = 0;
    bool moePadToCapacity = false;
    int seqLen = 0, tp = 0, cp = 0, ep = 0, etp = 0, microbatch = 0;
    int mtpModules = 0; // the head set's multi-token-prediction modules
    KernelSet set = KernelSet::DenseLayer;
    bool operator==(const LayerKey&) const = default;
};

struct LayerEntry {
    LayerKey key;
    LayerKernels rows;
};

const LayerKernels& cachedKernelRows(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                                     KernelSet set)
{
    constexpr size_t kEntries = 64;
    thread_local std::array<LayerEntry, kEntries> cache{};
    const int ep = set == KernelSet::MoeLayer ? p.ep : 1, etp = set == KernelSet::MoeLayer ? p.expertTp() : 0;
    const TrainingSettings& training = ctx.scenario.training;
    const LayerKey key{&ctx,
                       ctx.instance,
                       trainingKernelSetup(ctx),
                       training.fp8Scaling,
                       training.moeBalancing,
                       training.crossEntropy,
                       training.cpComm,
                       training.moeCapacityFactor,
                       padsToCapacity(training),
                       training.seqLen,
                       p.tp,
                       p.cp,
                       ep,
                       etp,
                       p.microbatchSize,
                       set == KernelSet::Head ? g.mtpModules : 0,
                       set};
    const size_t slot = (static_cast<size_t>(p.tp) * 131 + static_cast<size_t>(p.cp) * 31 + static_cast<size_t>(ep) * 7 +
                         static_cast<size_t>(etp) * 11 + static_cast<size_t>(p.microbatchSize) * 3 + static_cast<size_t>(set) * 17) %
                        kEntries;
    LayerEntry& entry = cache[slot];
    if (!(entry.key == key)) {
        entry.rows = LayerKernels{};
        const KernelCosts kc(key.setup);
        if (set == KernelSet::DenseLayer || set == KernelSet::MoeLayer) layerKernels(ctx, p, kc, g, set == KernelSet::MoeLayer, entry.rows);
        else stageEndKernels(ctx, p, kc, g, set, entry.rows);
        entry.key = key;
    }
    return entry.rows;
}

} // namespace

const LayerKernels& cachedKernels(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, KernelSet set)
{
    return cachedKernelRows(ctx, p, g, set);
}

const LayerKernels::Stacked& LayerKernels::stacked(double layers, const Shares& share) const noexcept
{
    if (share != m_share) {
        m_stacked.sums = passes;
        for (size_t w = 0; w < share.size(); ++w)
            if (share[w] > 0) m_stacked.sums.addScaled(recomputed[w], share[w]);
    }
    if (share != m_share || layers != m_layers) {
        size_t n = 0;
        for (size_t i = 0; i < static_cast<size_t>(size); ++i) {
            const double w = work[i] == kPass ? 1.0 : share[work[i]];
            if (w <= 0) continue;
            OpRow& r = m_stacked.rows[n++];
            r = rows[i];
            r.count = rows[i].count * layers * w;
        }
        m_stacked.size = static_cast<int>(n);
        m_share = share;
        m_layers = layers;
    }
    return m_stacked;
}

void appendKernels(const LayerKernels& k, OperationTable& t) noexcept
{
    t.addRows({k.begin(), k.end()});
    t.addSums(k.passes, 1.0);
}

} // namespace scalescope

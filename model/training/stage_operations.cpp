#include "model/training/stage_operations.h"

#include "model/training/layer_kernels.h"
#include "model/training/layout_check.h"
#include "model/core/recompute_policy.h"
#include "model/training/step_communication.h"

#include <array>
#include <cstdint>
#include <cmath>

namespace scalescope {

namespace {

// The operations of the stage's dense or MoE layers: the layer's kernels
// times the layer count, the recompute rows its mode runs, then its collectives.
void addLayers(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g, bool moe, Evaluation& e)
{
    const double layers = moe ? g.moeLayers : g.denseLayers;
    if (layers <= 0) return;
    const LayerKernels& k = cachedKernels(ctx, p, g, moe ? KernelSet::MoeLayer : KernelSet::DenseLayer);
    const LayerKernels::Stacked& stacked = k.stacked(layers, g.recomputed);
    e.ops.addRows(stacked.kept());
    e.ops.addSums(stacked.sums, layers);
    addLayerCommunication(ctx, p, g, moe, layers, k.tpPartners, e);
}

// Per-thread memo of the placed groups: they depend on the layout's axis
// sizes and order only, which a search revisits for every micro-batch size,
// schedule, recompute mode and ZeRO stage, and a slider for every other control.
struct GroupsKey {
    const EvaluationContext* ctx = nullptr;
    std::uint64_t instance = 0;
    int tp = 0, cp = 0, ep = 0, etp = 0, dp = 0, pp = 0;
    AxisOrder order{};
    bool operator==(const GroupsKey&) const = default;
};

struct PlacedGroups {
    GroupsKey key;
    AxisGroups groups;
    CollectiveMemo collectives; // of these groups only: cleared with them
};

PlacedGroups& cachedAxisGroups(const EvaluationContext& ctx, const ParallelLayout& p) noexcept
{
    constexpr size_t kEntries = 64;
    thread_local std::array<PlacedGroups, kEntries> cache{};
    const GroupsKey key{&ctx, ctx.instance, p.tp, p.cp, p.ep, p.etp, p.dp, p.pp, p.order};
    size_t hash = static_cast<size_t>(p.tp) * 131 + static_cast<size_t>(p.cp) * 31 + static_cast<size_t>(p.ep) * 7 +
                  static_cast<size_t>(p.dp) * 17 + static_cast<size_t>(p.pp) * 3 + static_cast<size_t>(p.etp) * 37;
    for (Axis a : p.order) hash = hash * 5 + static_cast<size_t>(a);
    PlacedGroups& entry = cache[hash % kEntries];
    if (!(entry.key == key)) {
        entry.groups = axisGroups(ctx.tiers, p);
        entry.collectives.clear();
        entry.key = key;
    }
    return entry;
}

} // namespace

StageGeometry stageGeometry(const EvaluationContext& ctx, const ParallelLayout& p) noexcept
{
    StageGeometry g;
    const double seq = ctx.scenario.training.seqLen;
    g.tokens = static_cast<double>(p.microbatchSize) * seq / p.cp;
    const int layers = ctx.model.layers.value;
    // The bottleneck stage: with one stage it holds everything; with more,
    // the last (logits and loss) is the heaviest of equal layer counts. It
    // holds the multi-token-prediction blocks too, of the model's kind (MoE
    // where it has MoE layers), ceil((layers + D) / pp) blocks in all.
    const int mtp = ctx.scenario.training.mtpLayers;
    const StageBlocks blocks = largestStageBlocks(layers, mtp, p.pp);
    const double moeShare = layers > 0 ? static_cast<double>(ctx.cost.moeLayers) / layers : 0;
    g.moeLayers = blocks.main * moeShare + (ctx.cost.moeLayers > 0 ? blocks.mtp : 0.0);
    g.denseLayers = blocks.total() - g.moeLayers;
    g.mtpModules = mtp;
    g.firstStage = p.pp == 1;
    g.lastStage = true;
    g.microbatches = microbatchCount(ctx.scenario, p);
    g.recomputed = recomputedShares(ctx.scenario.training, g.denseLayers + g.moeLayers);
    g.params = paramsPerGpu(ctx, p);
    PlacedGroups& placed = cachedAxisGroups(ctx, p);
    g.placed = &placed.groups;
    g.collectives = &placed.collectives;
    return g;
}

void addStageOperations(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                        Evaluation& e) noexcept
{
    if (g.firstStage) appendKernels(cachedKernels(ctx, p, g, KernelSet::Embedding), e.ops);
    addLayers(ctx, p, g, false, e);
    addLayers(ctx, p, g, true, e);
    if (g.lastStage) appendKernels(cachedKernels(ctx, p, g, KernelSet::Head), e.ops);
}

} // namespace scalescope

// recompute_modules "moe": Megatron-Core's --recompute-modules moe
// (megatron/core/transformer/moe/moe_layer.py: with "moe" in
// recompute_modules, moe_layer_recompute checkpoints custom_forward — shared
// experts, route, dispatch, routed experts, combine — from the MoE layer's
// input; the pre-MLP layernorm is the "layernorm" module). Worked example:
// Qwen3-235B-A22B (hidden 4,096, 128 experts, top-8, expert FFN 1,536, no
// shared experts) on 256 H100, seq 4,096, micro-batch 1, theoretical mode:
// a recompute row repeats its forward row exactly.

#include "model_test_support.h"

#include "model/memory/activation_memory.h"
#include "model/training/memory_per_gpu.h"

#include <algorithm>
#include <initializer_list>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

constexpr double kHidden = 4096, kExperts = 128, kTopK = 8, kExpertFfn = 1536;

// Qwen3-235B-A22B on 256 H100: tp 4, pp 8, dp 8, ep 8, no recompute.
Scenario qwen3(int etp = 0)
{
    Scenario s = makeScenario("dgx-h100-superpod", 256, "qwen3-235b-a22b", 4, 8, 8, 256, 4096);
    s.parallel.ep = 8;
    s.parallel.etp = etp;
    s.training.zeroStage = 1;
    s.training.recompute = Recompute::None;
    return s;
}

template <class Keep>
double rowSum(const Evaluation& e, Keep keep, bool bytes = false)
{
    double sum = 0;
    for (const OpRow& r : e.ops)
        if (keep(r)) sum += bytes ? r.bytes.si * r.count : r.total().si;
    return sum;
}

bool isOneOf(OpKind op, std::initializer_list<OpKind> kinds)
{
    return std::find(kinds.begin(), kinds.end(), op) != kinds.end();
}

const std::initializer_list<OpKind> kMoeBlock = {OpKind::Router,      OpKind::RouterTopK,   OpKind::RouterBalancing,
                                                 OpKind::Permute,     OpKind::PermuteFused, OpKind::ExpertGemms,
                                                 OpKind::MoeImbalance, OpKind::MlpUp,       OpKind::Activation,
                                                 OpKind::MlpDown};

bool moeBlockCompute(const OpRow& r, Phase phase)
{
    return r.phase == phase && r.scope == OpScope::MoeLayer && isOneOf(r.op, kMoeBlock);
}

} // namespace

TEST_CASE("Megatron-Core moe_layer.py moe_layer_recompute: recompute_modules moe reruns the MoE block's forward — "
          "router, top-k, balancing, permutation, expert GEMMs, activation — and nothing outside it",
          "[recompute][moe]")
{
    Scenario s = qwen3();
    const EvaluationContext plainCtx = contextFor(s);
    const Evaluation plain = evaluate(plainCtx);
    REQUIRE(plain.ok);
    CHECK(rowSum(plain, [](const OpRow& r) { return r.phase == Phase::Recompute; }) == 0);

    s.training.recomputeModules.moe = true;
    const EvaluationContext moeCtx = contextFor(s);
    const Evaluation moe = evaluate(moeCtx);
    REQUIRE(moe.ok);
    for (OpKind op : {OpKind::Router, OpKind::RouterTopK, OpKind::RouterBalancing, OpKind::Permute, OpKind::ExpertGemms,
                      OpKind::Activation}) {
        INFO("op " << static_cast<int>(op));
        const double forward = rowSum(moe, [&](const OpRow& r) { return r.op == op && r.phase == Phase::Forward; });
        REQUIRE(forward > 0);
        CHECK(rowSum(moe, [&](const OpRow& r) { return r.op == op && r.phase == Phase::Recompute; }) ==
              Approx(forward).epsilon(1e-12));
    }
    const double blockForward = rowSum(moe, [](const OpRow& r) { return moeBlockCompute(r, Phase::Forward); });
    CHECK(rowSum(moe, [](const OpRow& r) { return moeBlockCompute(r, Phase::Recompute); }) == Approx(blockForward).epsilon(1e-12));
    // The attention block and the norms are not part of it.
    for (OpKind op : {OpKind::AttentionNorm, OpKind::QkvProjection, OpKind::AttentionCore, OpKind::OutProjection,
                      OpKind::Residual, OpKind::MlpNorm})
        CHECK(rowSum(moe, [&](const OpRow& r) { return r.op == op && r.phase == Phase::Recompute; }) == 0);
    CHECK(moe.stepTime.si > plain.stepTime.si);

    // With selective recompute (Korthikanti's attention core) the two add up.
    s.training.recompute = Recompute::Selective;
    const EvaluationContext bothCtx = contextFor(s);
    const Evaluation both = evaluate(bothCtx);
    CHECK(rowSum(both, [](const OpRow& r) { return r.phase == Phase::Recompute && r.op == OpKind::AttentionCore; }) > 0);
    CHECK(rowSum(both, [](const OpRow& r) { return moeBlockCompute(r, Phase::Recompute); }) == Approx(blockForward).epsilon(1e-12));
}

TEST_CASE("recompute_modules moe reruns the MoE block's communication: the EP dispatch and combine and, with the experts "
          "on the TP group, the MLP's two TP collectives; the attention's stay unrecomputed",
          "[recompute][moe][ep]")
{
    Scenario s = qwen3(); // unfolded: the expert GEMMs pair with the tp group's MLP collectives
    auto recomputeRows = [](const Evaluation& e, OpKind op) {
        return rowSum(e, [&](const OpRow& r) { return r.op == op && r.phase == Phase::Recompute; }, true);
    };
    const EvaluationContext plainCtx = contextFor(s);
    const Evaluation plain = evaluate(plainCtx);
    for (OpKind op : {OpKind::EpDispatch, OpKind::EpCombine, OpKind::TpCollective}) CHECK(recomputeRows(plain, op) == 0);

    s.training.recomputeModules.moe = true;
    const EvaluationContext moeCtx = contextFor(s);
    const Evaluation moe = evaluate(moeCtx);
    for (OpKind op : {OpKind::EpDispatch, OpKind::EpCombine}) {
        const double forward = rowSum(moe, [&](const OpRow& r) { return r.op == op && r.phase == Phase::Forward; }, true);
        REQUIRE(forward > 0);
        CHECK(recomputeRows(moe, op) == Approx(forward).epsilon(1e-12));
    }
    // Forward: AllGather and ReduceScatter around attention and around the MLP,
    // 4 × T·h·2 B per layer; the recompute repeats the MLP's two.
    const double forwardTp =
        rowSum(moe, [](const OpRow& r) { return r.op == OpKind::TpCollective && r.phase == Phase::Forward; }, true);
    REQUIRE(forwardTp > 0);
    CHECK(recomputeRows(moe, OpKind::TpCollective) == Approx(forwardTp / 2).epsilon(1e-12));
}

TEST_CASE("recompute_modules moe with folded expert TP (etp 2 under tp 4): the expert-TP AllGather and ReduceScatter "
          "of the routed tokens, T·etp/tp·k·h·2 B = 4,096·2/4·8·4,096·2 = 134,217,728 B each, run again",
          "[recompute][moe][folding]")
{
    Scenario s = qwen3(2);
    s.training.recomputeModules.moe = true;
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const double routed = 4096.0 * 2 / 4 * kTopK * kHidden * 2;
    CHECK(routed == 134217728.0);
    int rows = 0;
    for (const OpRow& r : e.ops)
        if (r.op == OpKind::TpCollective && r.phase == Phase::Recompute) {
            ++rows;
            CHECK(r.bytes.si == Approx(2 * routed).epsilon(1e-12)); // the attention's tp collectives are not recomputed
            CHECK(r.scope == OpScope::MoeLayer);
        }
    CHECK(rows == 1);
}

TEST_CASE("recompute_modules moe keeps of the MoE block only its input, the pre-MLP norm's 16-bit output: "
          "Qwen3-235B-A22B drops k·(2h + 4F_e + 2F_e) + 4E − 2h = 131,584 B per token and layer",
          "[recompute][moe][memory]")
{
    const Scenario s = qwen3();
    const EvaluationContext ctx = contextFor(s);
    const ModelSpec& m = ctx.model;
    ActivationOptions stored{Recompute::None, {}, false};
    ActivationOptions moe = stored;
    moe.modules.moe = true;
    const double drop = kTopK * (2 * kHidden + 4 * kExpertFfn + 2 * kExpertFfn) + 4 * kExperts - 2 * kHidden;
    CHECK(drop == 131584.0);
    CHECK(layerActivationBytesPerToken(m, 4096, true, stored) - layerActivationBytesPerToken(m, 4096, true, moe) == drop);
    // With `norm` the norm output the checkpoint holds is freed too
    // (transformer_layer.py: discard_output_and_register_recompute): 2h more.
    ActivationOptions normOnly = stored, normAndMoe = moe;
    normOnly.modules.norm = normAndMoe.modules.norm = true;
    CHECK(layerActivationBytesPerToken(m, 4096, true, normOnly) - layerActivationBytesPerToken(m, 4096, true, normAndMoe) ==
          drop + 2 * kHidden);
    // Dense layers are untouched.
    CHECK(layerActivationBytesPerToken(m, 4096, false, moe) == layerActivationBytesPerToken(m, 4096, false, stored));

    // The first stage (ceil(94 / 8) = 12 layers, 8 micro-batches in flight under
    // 1F1B) holds 1,024 tokens per GPU (4,096 / tp 4) of each; one block's
    // activations come back while it is recomputed: 1,024 × 131,584 × (12 × 8 − 1).
    const int microbatches = s.training.globalBatch / s.parallel.dp;
    const MemoryPerGpu without = memoryPerGpu(ctx, s.parallel, microbatches);
    Scenario withMoe = s;
    withMoe.training.recomputeModules.moe = true;
    const EvaluationContext moeCtx = contextFor(withMoe);
    const MemoryPerGpu with = memoryPerGpu(moeCtx, withMoe.parallel, microbatches);
    CHECK(without.activations.si - with.activations.si == Approx(1024.0 * drop * (12 * 8 - 1)).epsilon(1e-12));
}

TEST_CASE("recompute_modules moe leaves a dense model's step and memory exactly as they are", "[recompute][moe]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-8b", 2, 2, 16, 256, 8192);
    s.training.recompute = Recompute::Selective;
    const EvaluationContext plainCtx = contextFor(s);
    const Evaluation plain = evaluate(plainCtx);
    s.training.recomputeModules.moe = true;
    const EvaluationContext moeCtx = contextFor(s);
    const Evaluation moe = evaluate(moeCtx);
    REQUIRE((plain.ok && moe.ok));
    CHECK(moe.stepTime.si == plain.stepTime.si);
    CHECK(moe.memory.activations.si == plain.memory.activations.si);
    CHECK(moe.ops.size() == plain.ops.size());
}

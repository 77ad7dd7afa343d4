// MoE Parallel Folding (Liu et al. 2025, "MoE Parallel Folding: Heterogeneous
// Parallelism Mappings for Efficient Large-Scale MoE Model Training with
// Megatron Core", arXiv 2504.14960; Megatron-Core --expert-tensor-parallel-size):
// the expert layers lay each pipeline stage's tp·cp·dp ranks out again as
// etp × ep × edp, etp innermost. Worked example: Qwen3-235B-A22B (128
// experts, top-8, expert FFN 1,536, hidden 4,096) on 256 H100 as the
// Megatron-MoE-ModelZoo rows run it. Theoretical mode: exact products,
// tolerance 1e-12 unless stated.

#include "model_test_support.h"

#include "model/network/axis_groups.h"
#include "model/network/mesh_placement.h"
#include "model/training/layout_check.h"
#include "model/training/layout_fit.h"
#include "model/training/memory_per_gpu.h"
#include "model/training/moe_kernels.h"

#include <algorithm>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

constexpr double kHidden = 4096, kExperts = 128, kTopK = 8, kExpertFfn = 1536, kSeq = 4096;

// Qwen3-235B-A22B on 256 H100, pp 8, seq 4,096, micro-batch 1.
Scenario qwen3(int tp, int dp, int ep, int etp)
{
    Scenario s = makeScenario("dgx-h100-superpod", 256, "qwen3-235b-a22b", tp, 8, dp, 2048, static_cast<int>(kSeq));
    s.parallel.ep = ep;
    s.parallel.etp = etp;
    s.training.zeroStage = 1; // the distributed optimizer, as the zoo's runs
    return s;
}

// The MoE layer's row of `op` in `phase` (one per layer kind and phase).
const OpRow& moeRow(const Evaluation& e, OpKind op, Phase phase)
{
    const OpRow* found = std::find_if(e.ops.begin(), e.ops.end(), [&](const OpRow& r) {
        return r.op == op && r.phase == phase && r.scope == OpScope::MoeLayer;
    });
    REQUIRE(found != e.ops.end());
    return *found;
}

// Liu et al.'s mapping at seq 4,096, micro-batch 1 (T = 4,096): tokens per
// expert ep·T·etp·k/(tp·E) and the SwiGLU expert GEMMs N = 2F_e/etp, K = F_e/etp.
double tokensPerExpert(double tp, double etp, double ep)
{
    return ep * kSeq * etp * kTopK / (tp * kExperts);
}

double expertForwardFlops(double tp, double etp, double ep)
{
    const double local = kExperts / ep, n = 2 * kExpertFfn / etp, k = kExpertFfn / etp;
    return 2 * local * tokensPerExpert(tp, etp, ep) * (n * kHidden + kHidden * k);
}

} // namespace

TEST_CASE("Liu et al. 2025 folding: TP 2, EP 32, ETP 1 gives 4,096 tokens per expert, 4 local experts of width 3,072 × "
          "1,536, and EP groups of 32 consecutive ranks over 4 nodes",
          "[folding][liu2025]")
{
    const EvaluationContext ctx = contextFor(qwen3(2, 16, 32, 1));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    // T = 4,096 tokens per micro-batch; each rank dispatches T/tp = 2,048, gathered over etp 1: 2,048.
    const double T = kSeq, tokens = T * 1 / 2;
    CHECK(tokensPerExpert(2, 1, 32) == 4096); // 32·4096·8/256
    // 4 local experts, up 3,072 × 4,096 and down 4,096 × 1,536: 2·4·4,096·(3,072 + 1,536)·4,096
    const double forward = expertForwardFlops(2, 1, 32);
    CHECK(forward == 618475290624.0);
    CHECK(moeRow(e, OpKind::ExpertGemms, Phase::Forward).flops.si == Approx(forward).epsilon(1e-12));
    // Permutation moves the 2,048 × top-8 routed copies of h (BF16) a rank dispatches, not the tp group's 4,096.
    CHECK(moeRow(e, OpKind::Permute, Phase::Forward).bytes.si ==
          Approx(permutationWork(tokens, kTopK, kHidden).forward.bytes).epsilon(1e-12));
    CHECK(permutationWork(tokens, kTopK, kHidden).forward.bytes < permutationWork(T, kTopK, kHidden).forward.bytes);

    // Groups: a stage's 32 ranks (tp 2 × dp 16) are consecutive; ep 32 at stride etp = 1 fills them:
    // 4 nodes of 8, so the all-to-all leaves NVLink; etp and edp are single ranks.
    const AxisGroups g = axisGroups(ctx.tiers, ctx.scenario.parallel);
    CHECK(g.ep.size == 32);
    CHECK(g.ep.spannedTier >= 1);
    CHECK(g.ep.maxDomains == 4);
    CHECK(g.etp.size == 1);
    CHECK(g.expertDp.size == 1);
    CHECK(e.axis(CommAxis::Ep).tier >= 1);
    // The ETP 1 expert GEMMs need no expert tensor-parallel collective: the
    // MoE layer's TP rows are the attention's two (forward).
    CHECK(moeRow(e, OpKind::TpCollective, Phase::Forward).bytes.si == Approx(2 * T * kHidden * 2).epsilon(1e-12));
}

TEST_CASE("Liu et al. 2025 folding: TP 4, EP 8, ETP 1 keeps each EP group inside one node, where EP 8 over dp (ETP = TP) "
          "spans four",
          "[folding][liu2025]")
{
    const EvaluationContext folded = contextFor(qwen3(4, 8, 8, 1));
    const EvaluationContext unfolded = contextFor(qwen3(4, 8, 8, 0));
    const AxisGroups f = axisGroups(folded.tiers, folded.scenario.parallel);
    const AxisGroups u = axisGroups(unfolded.tiers, unfolded.scenario.parallel);
    CHECK(f.ep.size == 8);
    CHECK(f.ep.spannedTier == 0); // ranks 0..7 of a stage: one NVLink node
    CHECK(f.ep.maxDomains == 1);
    CHECK(f.expertDp.size == 4); // tp·cp·dp / (etp·ep) = 32 / 8
    CHECK(u.ep.maxDomains == 4); // 8 ranks at the dp stride 4: ranks 0, 4, ..., 28
    CHECK(u.ep.spannedTier >= 1);
    // Mesh coordinates agree: rank 13 of stage 0 is ep 5 of edp 1; its EP group is ranks 8..15.
    const ParallelLayout& p = folded.scenario.parallel;
    const MeshCoordinates c = meshCoordinates(p, 13);
    CHECK(c.etp == 0);
    CHECK(c.ep == 5);
    CHECK(c.edp == 1);
    for (long long r = 0; r < 32; ++r)
        CHECK((groupIndex(p, meshCoordinates(p, r), Axis::Ep) == groupIndex(p, c, Axis::Ep)) == (r >= 8 && r < 16));
}

TEST_CASE("Liu et al. 2025 folding with ETP 2 under TP 4: the expert GEMMs see T·etp/tp tokens at width F_e/etp, and "
          "the routed copies are gathered over the etp group",
          "[folding][liu2025]")
{
    const EvaluationContext ctx = contextFor(qwen3(4, 8, 8, 2));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const double T = kSeq, tp = 4, etp = 2;
    CHECK(tokensPerExpert(4, 2, 8) == 1024); // 8·4096·2·8/512; 16 local experts, up 1,536 and down K = 768 wide
    CHECK(moeRow(e, OpKind::ExpertGemms, Phase::Forward).flops.si == Approx(expertForwardFlops(4, 2, 8)).epsilon(1e-12));
    const AxisGroups g = axisGroups(ctx.tiers, ctx.scenario.parallel);
    CHECK(g.etp.size == 2);
    CHECK(g.ep.size == 8);
    CHECK(g.expertDp.size == 2); // 32 / (2·8)
    // The expert AllGather + ReduceScatter move the T·etp/tp·top_k routed copies of h per call.
    const double routed = T * etp / tp * kTopK * kHidden * 2;
    int expertRows = 0;
    for (const OpRow& r : e.ops)
        if (r.op == OpKind::TpCollective && r.scope == OpScope::MoeLayer && r.phase == Phase::Forward &&
            r.bytes.si == Approx(2 * routed).epsilon(1e-12))
            ++expertRows;
    CHECK(expertRows == 1);
}

TEST_CASE("Folded layouts that coincide with the unfolded one (tp 1: ETP = TP = 1, EP inside dp) evaluate to the same "
          "numbers, and etp absent is written back absent",
          "[folding][liu2025]")
{
    for (const char* preset : {"deepseek-v3-2048-h800"}) {
        INFO(preset);
        Scenario absent = presetScenario(preset);
        REQUIRE(absent.parallel.tp == 1);
        REQUIRE(!absent.parallel.folded());
        Scenario one = absent;
        one.parallel.etp = 1;
        const EvaluationContext a = contextFor(absent), b = contextFor(one);
        const Evaluation ea = evaluate(a), eb = evaluate(b);
        REQUIRE(ea.ok);
        REQUIRE(eb.ok);
        CHECK(eb.stepTime.si == Approx(ea.stepTime.si).epsilon(1e-12));
        CHECK(eb.memory.total.si == Approx(ea.memory.total.si).epsilon(1e-12));
        CHECK(eb.exposedComm.si == Approx(ea.exposedComm.si).epsilon(1e-12));
        REQUIRE(ea.ops.size() == eb.ops.size());
        for (int i = 0; i < ea.ops.size(); ++i)
            CHECK(eb.ops.begin()[i].time.si == Approx(ea.ops.begin()[i].time.si).epsilon(1e-12));
        CHECK(!scenarioToJson(absent)["parallel"].contains("etp"));
        CHECK(scenarioToJson(one)["parallel"]["etp"] == 1);
    }
}

TEST_CASE("Folded memory: expert weights, gradients and optimizer state per GPU are the stage's expert parameters / "
          "(ep·etp), the optimizer's sharded over edp = tp·cp·dp / (etp·ep)",
          "[folding][liu2025][memory]")
{
    const Scenario s = qwen3(4, 8, 8, 2);
    const EvaluationContext ctx = contextFor(s);
    const ParallelLayout& p = ctx.scenario.parallel;
    const ParamsPerGpu unsplit = paramsPerGpu(ctx.cost, ctx.model, [&] {
        ParallelLayout one = p; // the stage's expert parameters: ep = etp = 1
        one.ep = 1;
        one.etp = 1;
        return one;
    }());
    const ParamsPerGpu params = paramsPerGpu(ctx, p);
    CHECK(params.expert == Approx(unsplit.expert / (8 * 2)).epsilon(1e-12));
    CHECK(p.expertDataParallel() == 2);
    const MemoryPerGpu m = memoryPerGpu(ctx, p, 256);
    // ZeRO-1 (distributed optimizer): Adam's 12 B per parameter over dp·cp (dense) and edp (experts).
    const double adam = kAdamBytesPerParam; // fp32 master and both moments
    CHECK(m.optimizer.si == Approx(params.dense * adam / 8 + params.expert * adam / 2).epsilon(1e-12));
    CHECK(m.weights.si == Approx((params.dense + params.expert) * 2).epsilon(1e-12));
}

TEST_CASE("parallel.etp: reader and layout check name the path and what was expected", "[folding][scenario]")
{
    nlohmann::json doc = scenarioToJson(qwen3(2, 16, 32, 1));
    CHECK(doc["parallel"]["etp"] == 1);
    CHECK(scenarioErrorPaths(doc).empty());
    doc["parallel"]["etp"] = 0;
    CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/parallel/etp"});
    doc["parallel"]["etp"] = "one";
    CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/parallel/etp"});
    doc["parallel"].erase("etp");
    doc["parallel"]["etpp"] = 1;
    SpecErrors errors;
    CHECK(!parseScenario(doc, "bad.scalescope.json", errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].path == "/parallel/etpp");
    CHECK(errors[0].message.find("etp") != std::string::npos);

    // etp·ep must divide the stage's tp·cp·dp ranks: 3·32 does not divide 32.
    EvaluationContext ctx = contextFor(qwen3(2, 16, 32, 1));
    ctx.scenario.parallel.etp = 3;
    const std::optional<LayoutProblem> bad = layoutProblem(ctx, ctx.scenario.parallel);
    REQUIRE(bad);
    CHECK(bad->path == "/parallel/etp");
    CHECK(bad->message.find("expected etp·ep to divide tp·cp·dp = 32") != std::string::npos);
    // Unfolded, ep must divide dp, and the message points at etp.
    ctx.scenario.parallel.etp = 0;
    const std::optional<LayoutProblem> unfolded = layoutProblem(ctx, ctx.scenario.parallel);
    REQUIRE(unfolded);
    CHECK(unfolded->path == "/parallel/ep");
    CHECK(unfolded->message.find("parallel.etp") != std::string::npos);
    // A dense model has no expert layers to fold.
    EvaluationContext denseCtx = contextFor(makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 64));
    denseCtx.scenario.parallel.etp = 1;
    const std::optional<LayoutProblem> noExperts = layoutProblem(denseCtx, denseCtx.scenario.parallel);
    REQUIRE(noExperts);
    CHECK(noExperts->path == "/parallel/etp");
}

TEST_CASE("Folded layouts follow a change of GPU count or tp: etp·ep keeps dividing the stage's tp·cp·dp ranks",
          "[folding][liu2025][layout]")
{
    ParallelLayout p = qwen3(2, 16, 32, 1).parallel;
    // 128 GPUs: tp 2, pp 8 leave dp 8, a stage of 16 ranks: ep 32 falls to 16.
    const ParallelLayout fewer = fitLayout(p, 128);
    CHECK(fewer.dp == 8);
    CHECK(fewer.etp == 1);
    CHECK(fewer.ep == 16);
    CHECK(fitLayout(p, 256) == p); // the user's own GPU count gives the layout back
    // tp 4 on 256 GPUs: dp 8, still 32 ranks per stage; ep 32 stays (unfolded it would fall to 8).
    p.tp = 4;
    CHECK(rebalanceLayout(p, 256).ep == 32);
    ParallelLayout unfolded = p;
    unfolded.etp = 0;
    CHECK(rebalanceLayout(unfolded, 256).ep == 8);
}

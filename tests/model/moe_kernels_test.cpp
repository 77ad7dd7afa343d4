// A MoE layer costed op by op (model/training/moe_kernels.h): the router's
// scoring and top-k, the balancing work, the permutation, the grouped expert
// GEMMs at the mean tokens per expert and the busiest expert's extra time,
// each a row with its source.

#include "model_test_support.h"

#include "model/core/model_citations.h"
#include "model/core/row_provenance.h"
#include "model/training/layer_kernels.h"
#include "model/training/memory_per_gpu.h"
#include "model/training/moe_kernels.h"

#include <set>
#include <tuple>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

// Qwen3-30B-A3B's MoE layer (Hugging Face config: 128 experts, top-8,
// hidden 2048) on one micro-batch of 8 × 4,096 tokens.
constexpr double kTokens = 8 * 4096, kExperts = 128, kTopK = 8, kHidden = 2048;

} // namespace

TEST_CASE("moe-router: softmax and top-k over 32,768 tokens x 128 experts move 19.9 MB forward in 2 kernels (the "
          "measured pair's bytes), 61.9 MB backward; sigmoid (DeepSeek-V3) adds the biased selection and the top-k "
          "normalisation",
          "[moe]")
{
    // Forward, as tools/calibrate timed it: fp32 scores read once (T·E·4),
    // fp32 weights and int64 ids written (T·k·12), at router_top_k's rate.
    const MoeWork softmax = routerTopKWork(kTokens, kExperts, kTopK, MoeScoring::Softmax);
    CHECK(softmax.forward.bytes == 4194304.0 * 4 + 262144.0 * 12); // 19,922,944 B
    CHECK(softmax.forward.kernels == 2);
    REQUIRE(softmax.forward.partCount == 1);
    CHECK(softmax.forward.parts[0].op == MemoryOp::RouterTopK);
    // Backward: zeroed T x E gradient (4 B), top-k scatter (12 B per pick),
    // scoring backward (gradient and scores in, 2 B out).
    CHECK(softmax.backward.bytes == 4194304.0 * 14 + 262144.0 * 12); // 61,865,984 B
    CHECK(softmax.backward.kernels == 2);
    const MoeWork sigmoid = routerTopKWork(kTokens, kExperts, kTopK, MoeScoring::Sigmoid);
    CHECK(sigmoid.forward.bytes == 19922944.0 + 4194304.0 * 8 + 262144.0 * 12 + 262144.0 * 8); // 58,720,256 B
    REQUIRE(sigmoid.forward.partCount == 2);
    CHECK(sigmoid.forward.parts[1].op == MemoryOp::Permute); // the extra kernels: the copy-rate assumption
    CHECK(sigmoid.forward.kernels == 4);
    CHECK(sigmoid.backward.bytes == 61865984.0 + 262144.0 * 12);
    CHECK(sigmoid.backward.kernels == 3);
}

TEST_CASE("moe-balancing: the auxiliary loss reads the 32,768 x 128 fp32 scores once more forward and adds its "
          "gradient backward; loss-free balancing is the histogram of the 262,144 expert ids only",
          "[moe]")
{
    const MoeWork aux = routerBalancingWork(kTokens, kExperts, kTopK, MoeBalancing::AuxiliaryLoss);
    CHECK(aux.forward.bytes == 262144.0 * 8 + 128 * 4 + 4194304.0 * 4 + 3 * 128 * 4); // 18,876,416 B
    CHECK(aux.forward.kernels == 3);
    CHECK(aux.backward.bytes == 2 * 4194304.0 * 4);
    CHECK(aux.backward.kernels == 1);
    const MoeWork lossFree = routerBalancingWork(kTokens, kExperts, kTopK, MoeBalancing::LossFree);
    CHECK(lossFree.forward.bytes == 262144.0 * 8 + 128 * 4); // 2,097,664 B
    CHECK(lossFree.forward.kernels == 1);
    CHECK(lossFree.backward.kernels == 0);
}

TEST_CASE("moe-permute: dispatch and combine of 262,144 rows of 2,048 bf16 move 4.44 GB forward (5 kernels) and "
          "4.43 GB backward (3 kernels)",
          "[moe]")
{
    const MoeWork w = permutationWork(kTokens, kTopK, kHidden);
    const double rows = 262144.0 * 2048 * 2, output = 32768.0 * 2048 * 2, ids = 262144.0 * 8;
    // Sort (ids in; sorted ids and order out), indices (order in, indices out),
    // gather (rows in and out, indices in), zero-fill, scatter-add (rows in and out, indices in).
    CHECK(w.forward.bytes == 3 * ids + 2 * ids + (2 * rows + ids) + output + (2 * rows + ids)); // 4,443,865,088 B
    CHECK(w.forward.kernels == 5);
    CHECK(w.backward.bytes == (2 * rows + ids) + output + (2 * rows + ids)); // 4,433,379,328 B
    CHECK(w.backward.kernels == 3);
}

TEST_CASE("MoE rows on H800 (compute-hopper): router_top_k forward at the measured router rate 85 GB/s "
          "(h100-sxm-2026-11-26-quick-moe), citing it; the backward at the measured copy bandwidth 2,809 GB/s, citing "
          "the labelled assumption moe-router; 0.99 us launch per kernel",
          "[moe]")
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    const EvaluationContext ctx = contextFor(s);
    const KernelCosts kc(trainingKernelSetup(ctx));
    LayerKernels t;
    const MoeWork w = routerTopKWork(kTokens, kExperts, kTopK, MoeScoring::Softmax);
    addMoeWorkRows(kc, t, OpKind::RouterTopK, w, modelSourceKey(ModelSource::MoeRouter), OpScope::MoeLayer, 1, true);
    REQUIRE(t.size == 3); // forward, backward, recompute
    const double hbm = ctx.gpu.hbm.bandwidth.value.si;
    const double router = 85e9 / 3.35e12 * hbm, copy = 2809e9 / 3.35e12 * hbm; // H100 fractions at the H800's HBM
    CHECK(t.rows[0].time.si == Approx(19922944.0 / router + 2 * 0.99e-6).epsilon(1e-9));
    CHECK(t.rows[1].time.si == Approx(61865984.0 / copy + 2 * 0.99e-6).epsilon(1e-9));
    CHECK(t.rows[2].time.si == t.rows[0].time.si);
    CHECK(*t.rows[0].source == "h100moe");
    CHECK(rowProvenance(ctx, t.rows[0]).kind == SourceKind::ShippedMeasurement);
    CHECK(t.rows[1].source == &modelSourceKey(ModelSource::MoeRouter));
    CHECK(rowProvenance(ctx, t.rows[1]).kind == SourceKind::Assumption);
    CHECK(sourceCitation(ctx, t.rows[1]).find("ScaleScope assumption for the rest") != std::string::npos);
}

TEST_CASE("moe_imbalance = (max/mean - 1) x the balanced expert GEMMs, per phase: DeepSeek-V3 on 2,048 H800 with "
          "loss-free balancing, 1.04 (Wang et al. 2024, MaxVio_global 0.04)",
          "[moe]")
{
    const EvaluationContext ctx = contextFor(presetScenario("deepseek-v3-2048-h800"));
    REQUIRE(ctx.scenario.training.moeBalancing == MoeBalancing::LossFree);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    for (Phase ph : {Phase::Forward, Phase::Backward}) {
        const OpRow* gemms = findRow(e, OpKind::ExpertGemms, ph);
        const OpRow* extra = findRow(e, OpKind::MoeImbalance, ph);
        REQUIRE(gemms);
        REQUIRE(extra);
        CHECK(extra->time.si == Approx((1.04 - 1) * gemms->time.si).epsilon(1e-12));
        CHECK(extra->count == gemms->count);
        CHECK(extra->flops.si == 0);
        CHECK(*extra->source == "lossfree");
    }
}

TEST_CASE("The DeepSeek-V3 preset's breakdown has router, scoring, balancing, permutation, expert GEMM, imbalance and "
          "all-to-all rows, each with a source",
          "[moe]")
{
    const EvaluationContext ctx = contextFor(presetScenario("deepseek-v3-2048-h800"));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    std::set<OpKind> seen;
    for (const OpRow& r : e.ops) {
        seen.insert(r.op);
        if (r.scope == OpScope::MoeLayer || r.op == OpKind::EpDispatch || r.op == OpKind::EpCombine) {
            INFO(opKindKey(r.op) << " " << phaseKey(r.phase));
            REQUIRE(r.source);
            CHECK(!sourceCitation(ctx, r).empty());
        }
    }
    for (OpKind k : {OpKind::Router, OpKind::RouterTopK, OpKind::RouterBalancing, OpKind::Permute, OpKind::ExpertGemms,
                     OpKind::MoeImbalance, OpKind::EpDispatch, OpKind::EpCombine}) {
        INFO(opKindKey(k));
        CHECK(seen.count(k) == 1);
    }
    // The recipe is FP8: its grouped GEMMs carry the BF16 grouped/dense ratio, labelled.
    const OpRow* gemms = findRow(e, OpKind::ExpertGemms, Phase::Forward);
    REQUIRE(gemms);
    CHECK(*gemms->source == "grouped-low-precision");
    CHECK(rowProvenance(ctx, *gemms).kind == SourceKind::Assumption);
}

TEST_CASE("Grouped GEMMs beyond the measured 128-16,384 tokens per expert are a labelled extrapolation: Qwen3-30B-A3B "
          "with EP 8 runs 32,768 tokens per expert at micro-batch 16, the measured 16,384 at 8",
          "[moe]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 8, "qwen3-30b-a3b", 1, 1, 8, 128, 4096);
    s.efficiency = EfficiencyMode::Measured;
    s.training.recompute = Recompute::Full;
    // The forward expert GEMMs' source key, its kind and citation at a layout.
    const auto expertSource = [&](int ep, int microbatch) {
        s.parallel.ep = ep;
        s.parallel.microbatchSize = microbatch;
        const EvaluationContext ctx = contextFor(s);
        const Evaluation e = evaluate(ctx);
        REQUIRE(e.ok);
        const OpRow* gemms = findRow(e, OpKind::ExpertGemms, Phase::Forward);
        REQUIRE(gemms);
        return std::tuple{*gemms->source, rowProvenance(ctx, *gemms).kind, sourceCitation(ctx, *gemms)};
    };
    const auto [key, kind, citation] = expertSource(8, 16); // 8 · 65,536 · 8 / 128 = 32,768 tokens per expert
    CHECK(key == "grouped-extrapolated");
    CHECK(kind == SourceKind::Extrapolated);
    CHECK(sourceKindKey(kind) == "extrapolated");
    CHECK(citation.starts_with("ScaleScope extrapolation: grouped GEMM at a token count per expert outside the "
                               "measured 128-16384"));
    // Inside the measured range the grouped measurement is cited.
    for (const auto& [ep, microbatch] : {std::pair{4, 1}, std::pair{8, 8}}) { // 1,024 and 16,384 tokens per expert
        const auto measured = expertSource(ep, microbatch);
        CHECK(std::get<0>(measured) == "h100groupedshapes");
        CHECK(std::get<1>(measured) == SourceKind::ShippedMeasurement);
    }
}

TEST_CASE("Dense layers carry no MoE rows", "[moe]")
{
    const Evaluation e = evaluate(contextFor(presetScenario("llama3-70b-4096-h100")));
    REQUIRE(e.ok);
    for (const OpRow& r : e.ops)
        for (OpKind k : {OpKind::Router, OpKind::RouterTopK, OpKind::RouterBalancing, OpKind::Permute,
                         OpKind::PermuteFused, OpKind::ExpertGemms, OpKind::MoeImbalance})
            CHECK(r.op != k);
}

TEST_CASE("MoE routed buffers: Qwen3-30B-A3B, EP 8, micro-batch 8 x 4,096: 16 local experts x 16,384 tokens x 2,048 "
          "x 2 B, four buffers = 4 GiB",
          "[moe][memory]")
{
    const SpecCatalog& c = catalog();
    const ModelSpec* m = c.model("qwen3-30b-a3b");
    REQUIRE(m);
    ParallelLayout p;
    p.ep = 8;
    p.microbatchSize = 8;
    TrainingSettings t;
    t.seqLen = 4096;
    CHECK(moeRoutedBuffers(*m, p, t).si == 4.0 * 16 * 16384 * 2048 * 2);
    p.ep = 1; // all 128 experts local: 2,048 tokens each, the same rows
    CHECK(moeRoutedBuffers(*m, p, t).si == 4.0 * 128 * 2048 * 2048 * 2);
    const ModelSpec* dense = c.model("llama3-70b");
    REQUIRE(dense);
    CHECK(moeRoutedBuffers(*dense, p, t).si == 0);
}

TEST_CASE("overlap.moe_shared_expert (Megatron-Core --moe-shared-expert-overlap): DeepSeek-V3's shared expert hides "
          "up to its up-projection's time of each dispatch and its down-projection's of each combine",
          "[moe]")
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    REQUIRE_FALSE(s.overlap.moeSharedExpert); // the default: shared experts before the router
    s.overlap.ep = EpOverlap::None;           // DualPipe would already hide every AllToAll
    const EvaluationContext plainCtx = contextFor(s);
    const Evaluation plain = evaluate(plainCtx);
    s.overlap.moeSharedExpert = true;
    const EvaluationContext sharedCtx = contextFor(s);
    const Evaluation shared = evaluate(sharedCtx);
    REQUIRE(plain.ok);
    REQUIRE(shared.ok);
    const auto moeRow = [](const Evaluation& e, OpKind op) -> const OpRow* {
        for (const OpRow& r : e.ops)
            if (r.op == op && r.phase == Phase::Forward && r.scope == OpScope::MoeLayer) return &r;
        return nullptr;
    };
    const OpRow* up = moeRow(plain, OpKind::MlpUp);
    const OpRow* down = moeRow(plain, OpKind::MlpDown);
    REQUIRE(up);
    REQUIRE(down);
    // Rows hold one layer's time per instance (count: the stage's layers).
    for (auto [op, partner] : {std::pair{OpKind::EpDispatch, up}, std::pair{OpKind::EpCombine, down}}) {
        const OpRow* before = moeRow(plain, op);
        const OpRow* after = moeRow(shared, op);
        REQUIRE(before);
        REQUIRE(after);
        CHECK(after->time.si == before->time.si);
        CHECK(after->hidden.si ==
              Approx(std::min(before->time.si, before->hidden.si + partner->time.si)).epsilon(1e-12));
        CHECK(after->hidden.si > before->hidden.si);
    }
    CHECK(shared.stepTime < plain.stepTime);
}

TEST_CASE("moe.score_function: DeepSeek-V3 scores with a sigmoid (report eqs. 13-16), Qwen3 with a softmax (the default)",
          "[moe]")
{
    CHECK(catalog().model("deepseek-v3")->moe->scoring == MoeScoring::Sigmoid);
    CHECK(catalog().model("qwen3-30b-a3b")->moe->scoring == MoeScoring::Softmax);
}

// MoE routing kernels at the rates compute-hopper.json takes from the H100
// recording tools/calibrate/recordings/h100-sxm-2026-11-26-quick-moe.recording.json
// (section moe_routing, CUDA-graph timed; memory_bandwidth/router_top_k,
// permute_gather, unpermute_scatter_add, each pooled over the three shapes),
// and the fused / unfused permutation setting (training.moe_permute_fusion).

#include "model_test_support.h"

#include "model/core/model_citations.h"
#include "model/core/row_provenance.h"
#include "model/spec/compute_calibration.h"
#include "model/spec/spec_reader.h"
#include "model/training/evaluation_json.h"
#include "model/training/layer_kernels.h"
#include "model/training/moe_kernels.h"

#include <cmath>
#include <fstream>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

// One routing shape of the recording and its three measured times (ms).
struct RoutingShape {
    double tokens, experts, topK, hidden;
    double routerMs, permuteMs, unpermuteMs;
};
constexpr RoutingShape kRecorded[] = {
    {8192, 64, 8, 4096, 0.037726425733722625, 0.2489567995071411, 2.8265440464019775},
    {16384, 128, 8, 2048, 0.11298678642095522, 0.24259047281174434, 2.8218560218811035},
    {8192, 256, 8, 7168, 0.10925745964050293, 0.45789670944213867, 4.770639896392822},
};

// A measured-mode H100 scenario's kernel costs (compute-hopper.json).
EvaluationContext h100Context()
{
    Scenario s = makeScenario("dgx-h100-superpod", 8, "qwen3-30b-a3b", 1, 1, 8, 64, 4096);
    s.efficiency = EfficiencyMode::Measured;
    return contextFor(s);
}

// Seconds of one memory-bound kernel of `op` moving `bytes`, without its launch.
double kernelSeconds(const EvaluationContext& ctx, MemoryOp op, double bytes)
{
    const KernelCosts kc(trainingKernelSetup(ctx));
    KernelCosts::Acc a;
    kc.memoryKernels(a, op, bytes, 1);
    return a.time.si - kernelLaunchCost(ctx.compute).si;
}

} // namespace

TEST_CASE("h100-sxm-2026-11-26-quick-moe: the weighted un-permute (index_add) of 8,192 tokens x top-8 x hidden 4,096 "
          "costs 2.78 ms at the calibration's 386 GB/s, within 3 % of the measured 2.827 ms, and every recorded shape "
          "within 3 %",
          "[moe][routing]")
{
    const EvaluationContext ctx = h100Context();
    const Efficiency e = memoryBandwidthFraction(ctx.compute, MemoryOp::UnpermuteScatterAdd);
    CHECK(*e.source == "h100moe");
    CHECK(e.fraction * 3.35e12 == Approx(386e9).epsilon(1e-12));
    // The row the model costs: each routed row read and written once (plus the indices).
    const MoeWork w = permutationWork(8192, 8, 4096);
    const KernelPass::Part& scatter = w.forward.parts[2];
    REQUIRE(scatter.op == MemoryOp::UnpermuteScatterAdd);
    CHECK(kernelSeconds(ctx, scatter.op, scatter.bytes) * 1e3 == Approx(2.78).epsilon(0.005));
    for (const RoutingShape& r : kRecorded) {
        const double rows = r.tokens * r.topK * r.hidden * 2;
        INFO(r.tokens << " tokens, hidden " << r.hidden);
        CHECK(kernelSeconds(ctx, MemoryOp::UnpermuteScatterAdd, 2 * rows) * 1e3 == Approx(r.unpermuteMs).epsilon(0.03));
    }
}

TEST_CASE(
    "h100-sxm-2026-11-26-quick-moe: the gather (index_select) runs at 2,385 GB/s over the HBM bytes the timed "
    "kernel moves (each distinct source row read once, each routed row written); every recorded shape within 5 %, "
    "and the atomic scatter-add is 6.2x slower per byte",
    "[moe][routing]")
{
    const EvaluationContext ctx = h100Context();
    const Efficiency gather = memoryBandwidthFraction(ctx.compute, MemoryOp::PermuteGather);
    CHECK(*gather.source == "h100moe");
    CHECK(gather.fraction * 3.35e12 == Approx(2385e9).epsilon(1e-12));
    for (const RoutingShape& r : kRecorded) {
        // Sorted random token ids with repeats: T·(1 − (1 − 1/T)^(T·k)) distinct rows.
        const double picked = r.tokens * r.topK;
        const double distinct = r.tokens * (1 - std::pow(1 - 1 / r.tokens, picked));
        const double hbmBytes = 2 * r.hidden * (distinct + picked);
        INFO(r.tokens << " tokens, hidden " << r.hidden);
        CHECK(kernelSeconds(ctx, MemoryOp::PermuteGather, hbmBytes) * 1e3 == Approx(r.permuteMs).epsilon(0.05));
    }
    const Efficiency scatter = memoryBandwidthFraction(ctx.compute, MemoryOp::UnpermuteScatterAdd);
    CHECK(gather.fraction / scatter.fraction == Approx(6.18).epsilon(0.002));
}

TEST_CASE("h100-sxm-2026-11-26-quick-moe: router softmax + top-k at 85 GB/s over the fp32 scores read and the weights "
          "and ids written: 0.108 ms at 8,192 tokens x 256 experts, top-8 (measured 0.109 ms); every shape within 11 %",
          "[moe][routing]")
{
    const EvaluationContext ctx = h100Context();
    CHECK(*memoryBandwidthFraction(ctx.compute, MemoryOp::RouterTopK).source == "h100moe");
    for (const RoutingShape& r : kRecorded) {
        const MoeWork w = routerTopKWork(r.tokens, r.experts, r.topK, MoeScoring::Softmax);
        INFO(r.tokens << " tokens x " << r.experts << " experts");
        CHECK(w.forward.bytes == 4 * r.tokens * r.experts + 12 * r.tokens * r.topK); // the recording's bytes_min
        CHECK(kernelSeconds(ctx, MemoryOp::RouterTopK, w.forward.bytes) * 1e3 == Approx(r.routerMs).epsilon(0.11));
    }
    const MoeWork deepSeek = routerTopKWork(8192, 256, 8, MoeScoring::Softmax);
    CHECK(kernelSeconds(ctx, MemoryOp::RouterTopK, deepSeek.forward.bytes) * 1e3 == Approx(0.108).epsilon(0.005));
}

TEST_CASE("moe-permute-fused: dispatch and combine of 8,192 tokens x top-8 x 4,096 bf16 as fused kernels move "
          "1.68 GB forward in 3 kernels at the copy rate, 0.601 ms; unfused, the gather and the atomic scatter-add at "
          "their measured rates take 5.4x longer, 3.26 ms",
          "[moe][routing]")
{
    const double copies = 8192.0 * 8, rows = copies * 4096 * 2, output = 8192.0 * 4096 * 2, ids = copies * 8;
    const MoeWork fused = permutationWork(8192, 8, 4096, true);
    // Row-id map, permute (each routed row read and written), unpermute
    // (each routed row read once, each token row written, map and probabilities read).
    CHECK(fused.forward.bytes == 2 * ids + (2 * rows + ids) + (rows + output + copies * 12)); // 1,680,080,896 B
    CHECK(fused.forward.kernels == 3);
    CHECK(fused.backward.kernels == 2);
    REQUIRE(fused.forward.partCount == 1);
    CHECK(fused.forward.parts[0].op == MemoryOp::Permute);
    const MoeWork unfused = permutationWork(8192, 8, 4096, false);
    CHECK(unfused.forward.kernels == 5);

    const EvaluationContext ctx = h100Context();
    const KernelCosts kc(trainingKernelSetup(ctx));
    const auto seconds = [&](const KernelPass& pass) {
        KernelCosts::Acc a;
        for (int i = 0; i < pass.partCount; ++i)
            kc.memoryKernels(a, pass.parts[static_cast<size_t>(i)].op, pass.parts[static_cast<size_t>(i)].bytes,
                             pass.parts[static_cast<size_t>(i)].kernels);
        return a.time.si;
    };
    const double copy = 2809e9, launch = kernelLaunchCost(ctx.compute).si;
    CHECK(seconds(fused.forward) == Approx(fused.forward.bytes / copy + 3 * launch).epsilon(1e-9));
    const double unfusedSeconds =
        (5 * ids + output) / copy + (2 * rows + ids) / 2385e9 + (2 * rows + ids) / 386e9 + 5 * launch;
    CHECK(seconds(unfused.forward) == Approx(unfusedSeconds).epsilon(1e-9));
    CHECK(seconds(fused.forward) * 1e3 == Approx(0.601).epsilon(0.001));
    CHECK(seconds(unfused.forward) * 1e3 == Approx(3.263).epsilon(0.001));
}

TEST_CASE("training.moe_permute_fusion: the breakdown's permutation row says which path it costs, fused citing the "
          "labelled assumption moe-permute-fused, unfused citing moe-permute",
          "[moe][routing]")
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    REQUIRE_FALSE(s.training.moePermuteFusion); // Megatron-Core's default
    const EvaluationContext unfusedCtx = contextFor(s);
    const Evaluation unfused = evaluate(unfusedCtx);
    REQUIRE(unfused.ok);
    s.training.moePermuteFusion = true;
    const EvaluationContext fusedCtx = contextFor(s);
    const Evaluation fused = evaluate(fusedCtx);
    REQUIRE(fused.ok);
    for (Phase ph : {Phase::Forward, Phase::Backward}) {
        const OpRow* plain = findRow(unfused, OpKind::Permute, ph);
        const OpRow* joined = findRow(fused, OpKind::PermuteFused, ph);
        REQUIRE(plain);
        REQUIRE(joined);
        CHECK_FALSE(findRow(unfused, OpKind::PermuteFused, ph));
        CHECK_FALSE(findRow(fused, OpKind::Permute, ph));
        CHECK(plain->source == &modelSourceKey(ModelSource::MoePermute));
        CHECK(joined->source == &modelSourceKey(ModelSource::MoePermuteFused));
        CHECK(joined->time.si < plain->time.si);
    }
    CHECK(opKindKey(OpKind::PermuteFused) == "permute_fused");
    CHECK(sourceCitation(fusedCtx, *findRow(fused, OpKind::PermuteFused, Phase::Forward))
              .starts_with("ScaleScope assumption: no fused permutation kernel was measured"));
    CHECK(rowProvenance(fusedCtx, *findRow(fused, OpKind::PermuteFused, Phase::Forward)).kind ==
          SourceKind::Assumption);
    CHECK(fused.stepTime.si < unfused.stepTime.si);
    // The evaluate JSON names the path; a dense model has none.
    CHECK(evaluationToJson(fusedCtx, fused)["moe_permutation"] == "fused");
    CHECK(evaluationToJson(unfusedCtx, unfused)["moe_permutation"] == "unfused");
    const EvaluationContext dense = contextFor(presetScenario("llama3-70b-4096-h100"));
    CHECK_FALSE(evaluationToJson(dense, evaluate(dense)).contains("moe_permutation"));
}

TEST_CASE("training.moe_permute_fusion: read as a boolean, written only when true, and a bad value names its JSON "
          "path",
          "[moe][routing][scenario]")
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    CHECK_FALSE(scenarioToJson(s)["training"].contains("moe_permute_fusion"));
    s.training.moePermuteFusion = true;
    const nlohmann::json j = scenarioToJson(s);
    CHECK(j["training"]["moe_permute_fusion"] == true);
    SpecErrors errors;
    const auto again = parseScenario(j, "fused.scalescope.json", errors);
    REQUIRE(again);
    CHECK(errors.empty());
    CHECK(again->training.moePermuteFusion);
    for (const nlohmann::json& bad : {nlohmann::json("true"), nlohmann::json(1), nlohmann::json::array()}) {
        nlohmann::json b = j;
        b["training"]["moe_permute_fusion"] = bad;
        SpecErrors e;
        (void)parseScenario(b, "bad.scalescope.json", e);
        REQUIRE(e.size() == 1);
        CHECK(e[0].path == "/training/moe_permute_fusion");
        CHECK(e[0].file == "bad.scalescope.json");
        CHECK(e[0].message.find("expected true or false") != std::string::npos);
    }
}

TEST_CASE("A compute calibration without the MoE routing rates costs them at memory_bandwidth/permute's and says "
          "they were not measured; the Hopper calibration measures all three",
          "[moe][routing][calibration]")
{
    nlohmann::json j =
        nlohmann::json::parse(std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/calibration/compute-hopper.json"));
    const auto read = [](const nlohmann::json& doc, SpecErrors& errors) {
        SpecReader r("compute-hopper.json", doc, errors);
        ComputeCalibration c = readComputeCalibration(r);
        r.reportUnreadKeys();
        return c;
    };
    SpecErrors errors;
    const ComputeCalibration full = read(j, errors);
    CHECK(errors.empty());
    for (MemoryOp op : {MemoryOp::PermuteGather, MemoryOp::UnpermuteScatterAdd, MemoryOp::RouterTopK})
        CHECK(memoryOpMeasured(full, op));
    for (const char* key : {"permute_gather", "unpermute_scatter_add", "router_top_k"})
        j["memory_bandwidth"].erase(key);
    const ComputeCalibration lacking = read(j, errors);
    CHECK(errors.empty());
    const Efficiency copy = memoryBandwidthFraction(lacking, MemoryOp::Permute);
    for (MemoryOp op : {MemoryOp::PermuteGather, MemoryOp::UnpermuteScatterAdd, MemoryOp::RouterTopK}) {
        CHECK_FALSE(memoryOpMeasured(lacking, op));
        CHECK(memoryBandwidthFraction(lacking, op).fraction == copy.fraction);
        CHECK(*memoryBandwidthFraction(lacking, op).source == *copy.source);
    }
    j["memory_bandwidth"]["unpermute_scatter_add"] = {{"value", "386 GB"}, {"source", "h100moe"}};
    (void)read(j, errors);
    REQUIRE_FALSE(errors.empty());
    CHECK(errors[0].path.starts_with("/memory_bandwidth/unpermute_scatter_add"));
}

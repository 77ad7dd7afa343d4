// Multi-token prediction in training (DeepSeek-V3 report, arXiv 2412.19437,
// §2.2; training.mtp_layers): D sequential modules on the last pipeline
// stage, each two RMSNorms, a projection M_k from 2h to h, one transformer
// block of the model's kind and the shared output head once more.

#include "model_test_support.h"

#include "model/core/params_per_gpu.h"
#include "model/memory/activation_memory.h"
#include "model/training/memory_per_gpu.h"
#include "model/training/stage_operations.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <vector>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

std::vector<OpRow> layerRows(const Evaluation& e)
{
    std::vector<OpRow> rows;
    for (const OpRow& r : e.ops)
        if (r.scope == OpScope::DenseLayer || r.scope == OpScope::MoeLayer) rows.push_back(r);
    return rows;
}

// The layer rows of `with` are those of `without`, each at `layers` times its count.
void checkLayerRows(const Evaluation& without, const Evaluation& with, double layers)
{
    const std::vector<OpRow> a = layerRows(without), b = layerRows(with);
    REQUIRE(a.size() == b.size());
    REQUIRE(!a.empty());
    for (size_t i = 0; i < a.size(); ++i) {
        INFO(opKindKey(a[i].op) << " " << phaseKey(a[i].phase));
        CHECK(b[i].op == a[i].op);
        CHECK(b[i].time.si == Approx(a[i].time.si).epsilon(1e-12));
        CHECK(b[i].count == Approx(a[i].count * layers).epsilon(1e-12));
    }
}

// Seconds per micro-batch of the rows of these kinds.
double rowsTime(const Evaluation& e, std::initializer_list<OpKind> kinds)
{
    double t = 0;
    for (const OpRow& r : e.ops)
        if (std::find(kinds.begin(), kinds.end(), r.op) != kinds.end()) t += r.total().si;
    return t;
}

Evaluation evaluateWith(Scenario s, int mtp)
{
    s.training.mtpLayers = mtp;
    const EvaluationContext ctx = contextFor(s);
    Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    return e;
}

// Llama 3 70B (80 layers, h 8192) on H100, TP 8, 8,192-token sequences.
Scenario llama70b(int pp)
{
    return makeScenario("dgx-h100-superpod", 8LL * pp, "llama3-70b", 8, pp, 1, 64);
}

} // namespace

TEST_CASE("DeepSeek-V3 report §2.2, D = 0: every shipped training scenario keeps ceil(L / pp) layers, one output head, "
          "no MTP rows and the parameters of the shared (inference) count",
          "[mtp]")
{
    for (const char* name : {"default", "deepseek-v3-2048-h800", "gb200-nvl72-llama3-405b", "llama3-405b-16k-h100",
                             "llama3-70b-4096-h100"}) {
        INFO(name);
        Scenario s = presetScenario(name);
        s.training.mtpLayers = 0;
        const EvaluationContext ctx = contextFor(s);
        const StageGeometry g = stageGeometry(ctx, s.parallel);
        CHECK(g.denseLayers + g.moeLayers == Approx(std::ceil(static_cast<double>(ctx.model.layers.value) / s.parallel.pp))
                                                 .epsilon(1e-12));
        CHECK(g.mtpModules == 0);
        const ParamsPerGpu shared = paramsPerGpu(ctx.cost, ctx.model, s.parallel);
        CHECK(g.params.dense == shared.dense);
        CHECK(g.params.expert == shared.expert);
        const Evaluation e = evaluate(ctx);
        REQUIRE(e.ok);
        CHECK(!findRow(e, OpKind::MtpProjection, Phase::Forward));
        CHECK(!findRow(e, OpKind::MtpNorm, Phase::Forward));
        const OpRow* logits = findRow(e, OpKind::Logits, Phase::Forward);
        REQUIRE(logits);
        CHECK(logits->count == 1);
        CHECK(!scenarioToJson(s)["training"].contains("mtp_layers"));
    }
}

TEST_CASE("DeepSeek-V3 report §2.2, D = 1 with ceil((L + 1) / pp) > ceil(L / pp): Llama 3 70B at PP 8 runs 11 layers "
          "on the last stage instead of 10, two output heads, one projection and two norms",
          "[mtp]")
{
    const Evaluation without = evaluateWith(llama70b(8), 0), with = evaluateWith(llama70b(8), 1);
    checkLayerRows(without, with, 11.0 / 10.0);
    for (OpKind head : {OpKind::FinalNorm, OpKind::Logits, OpKind::CrossEntropy}) {
        const OpRow* one = findRow(without, head, Phase::Forward);
        const OpRow* two = findRow(with, head, Phase::Forward);
        REQUIRE(one);
        REQUIRE(two);
        CHECK(one->count == 1);
        CHECK(two->count == 2);
        CHECK(two->time.si == Approx(one->time.si).epsilon(1e-12));
    }
    const OpRow* norms = findRow(with, OpKind::MtpNorm, Phase::Forward);
    REQUIRE(norms);
    CHECK(norms->count == 2);
    const OpRow* projection = findRow(with, OpKind::MtpProjection, Phase::Backward);
    REQUIRE(projection);
    CHECK(projection->count == 1);
    CHECK(with.stepTime > without.stepTime);
}

TEST_CASE("DeepSeek-V3 report §2.2, D = 1 with ceil((L + 1) / pp) = ceil(L / pp): Llama 3 70B at PP 3 keeps 27 blocks "
          "on the last stage (26 layers and the MTP block) and adds only the projection, the norms and one head",
          "[mtp]")
{
    const Evaluation without = evaluateWith(llama70b(3), 0), with = evaluateWith(llama70b(3), 1);
    checkLayerRows(without, with, 1);
    CHECK(rowsTime(without, {OpKind::MtpNorm, OpKind::MtpProjection}) == 0);
    CHECK(rowsTime(with, {OpKind::MtpNorm, OpKind::MtpProjection}) > 0);
    const auto head = {OpKind::FinalNorm, OpKind::Logits, OpKind::CrossEntropy};
    CHECK(rowsTime(with, head) == Approx(2 * rowsTime(without, head)).epsilon(1e-12));
}

TEST_CASE("DeepSeek-V3 report §2.2: the projection M_k is 2·T·2h·h/tp FLOPs forward, twice that backward: "
          "2^38 for Llama 3 70B (T 8,192, h 8,192, TP 8), 841,813,590,016 for DeepSeek-V3 (T 4,096, h 7,168, TP 1)",
          "[mtp]")
{
    const Evaluation llama = evaluateWith(llama70b(8), 1);
    const OpRow* forward = findRow(llama, OpKind::MtpProjection, Phase::Forward);
    const OpRow* backward = findRow(llama, OpKind::MtpProjection, Phase::Backward);
    REQUIRE(forward);
    REQUIRE(backward);
    CHECK(forward->flops.si == Approx(std::ldexp(1.0, 38)).epsilon(1e-12)); // 2 · 8192 · 16384 · 8192 / 8
    CHECK(backward->flops.si == Approx(2 * std::ldexp(1.0, 38)).epsilon(1e-12));

    const Scenario preset = presetScenario("deepseek-v3-2048-h800");
    REQUIRE(preset.training.mtpLayers == 1);
    const EvaluationContext ctx = contextFor(preset);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* dsv3 = findRow(e, OpKind::MtpProjection, Phase::Forward);
    REQUIRE(dsv3);
    CHECK(dsv3->flops.si == Approx(841813590016.0).epsilon(1e-12)); // 2 · 4096 · 14336 · 7168
    // 61 layers and the MTP block over 16 stages: the last holds 4 blocks,
    // 3 of the model's (at its 58 / 61 MoE share) and the MTP block (MoE).
    const StageGeometry g = stageGeometry(ctx, preset.parallel);
    CHECK(g.denseLayers + g.moeLayers == Approx(4).epsilon(1e-12));
    CHECK(g.moeLayers == Approx(3 * 58.0 / 61 + 1).epsilon(1e-12));
}

TEST_CASE("DeepSeek-V3 report §2.2: the last stage holds the MTP module's block, projection (2h x h) and norms; "
          "embedding and output head are shared",
          "[mtp]")
{
    // PP 8: 11 blocks, 10 of them Llama 3 70B layers as without MTP, plus the module.
    Scenario s = llama70b(8);
    const EvaluationContext without = contextFor(s);
    s.training.mtpLayers = 1;
    const EvaluationContext with = contextFor(s);
    const ParamsPerGpu a = stageGeometry(without, s.parallel).params, b = stageGeometry(with, s.parallel).params;
    const double h = 8192;
    CHECK(mtpProjectionParams(h) == 2 * h * h + 2 * h);
    CHECK(b.dense - a.dense == Approx((with.cost.dense.params + 2 * h * h + 2 * h) / 8).epsilon(1e-9));
    CHECK(b.expert == 0);
}

TEST_CASE("DeepSeek-V3 report §2.2: with one stage, D = 1 adds one layer's activations and one micro-batch's fp32 "
          "logits (Llama 3 8B, 8,192 tokens, TP 1)",
          "[mtp]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
    const EvaluationContext without = contextFor(s);
    const MemoryPerGpu a = memoryPerGpu(without, s.parallel, 1);
    s.training.mtpLayers = 1;
    const EvaluationContext with = contextFor(s);
    const MemoryPerGpu b = memoryPerGpu(with, s.parallel, 1);
    const double tokens = 8192;
    const ActivationOptions o{s.training.recompute, s.training.recomputeModules, false};
    const double layer = tokens * layerActivationBytesPerToken(with.model, 8192, false, o);
    const double logits = tokens * 4.0 * with.model.vocab.value;
    CHECK((b.activations - a.activations).si == Approx(layer + logits).epsilon(1e-9));
    CHECK(b.weights > a.weights);
}

TEST_CASE("training.mtp_layers: read, written only when > 0, and a bad value named by its JSON path", "[mtp][scenario]")
{
    Scenario s = presetScenario("default");
    s.training.mtpLayers = 2;
    const nlohmann::json j = scenarioToJson(s);
    CHECK(j["training"]["mtp_layers"] == 2);
    SpecErrors errors;
    const auto again = parseScenario(j, "roundtrip.scalescope.json", errors);
    REQUIRE(again);
    CHECK(errors.empty());
    CHECK(again->training.mtpLayers == 2);
    CHECK(scenarioToJson(*again) == j);

    for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(kMaxMtpModules + 1), nlohmann::json("one"),
                                      nlohmann::json(1.5)}) {
        INFO(bad.dump());
        nlohmann::json doc = j;
        doc["training"]["mtp_layers"] = bad;
        CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/training/mtp_layers"});
    }
}

// Forced uniform routing (training.moe_balancing "forced", Megatron-Core
// --moe-router-force-load-balancing): the busiest EP rank from the
// balls-into-bins maximum of Raab & Steger 1998 (model/compute/
// forced_routing_imbalance.h), the random logits and the auxiliary loss the
// router still computes (model/compute/moe_kernel_work.h).

#include "model_test_support.h"

#include "model/compute/forced_routing_imbalance.h"
#include "model/compute/moe_kernel_work.h"
#include "model/core/model_citations.h"
#include "model/training/evaluation_json.h"

#include <cmath>

using namespace scalescope;
using namespace scalescope::testing;

TEST_CASE("Raab & Steger 1998, m >> n ln n: the fullest of n bins holds m/n + sqrt(2 (m/n) ln n); Qwen3-235B-A22B on "
          "GB200 at EP 8 routes 4,096 tokens x top-8 = 32,768 rows to each rank, so the busiest runs 33,137.2 rows, "
          "1.01127 x the mean",
          "[moe]")
{
    // 32,768 + sqrt(2 x 32,768 x ln 8) = 32,768 + 369.16 = 33,137.16 rows.
    const Factor ep8 = forcedRoutingImbalance(32768, 8);
    CHECK(ep8.value * 32768 == Approx(33137.159).epsilon(1e-6));
    CHECK(ep8.value == Approx(1.0112658).epsilon(1e-7));
    REQUIRE(ep8.source);
    CHECK(*ep8.source == "moe-forced-balance");
    CHECK(modelCitation(*ep8.source).find("Raab and A. Steger") != std::string_view::npos);
    // DeepSeek-V3 on GB200 at EP 32, the same 32,768 rows per rank:
    // 1 + sqrt(2 ln 32 / 32,768) = 1.01454. More ranks, a fuller busiest one.
    CHECK(forcedRoutingImbalance(32768, 32).value == Approx(1.0145441).epsilon(1e-7));
    // Four times the rows halve the relative excess (1 / sqrt(m/n)).
    CHECK(forcedRoutingImbalance(4 * 32768, 8).value - 1 == Approx((ep8.value - 1) / 2).epsilon(1e-12));
    // One rank runs every routed row whatever the draws; no rows, no wait.
    CHECK(forcedRoutingImbalance(32768, 1).value == 1);
    CHECK(forcedRoutingImbalance(0, 8).value == 1);
}

TEST_CASE("moe-balancing, forced: the 32,768 x 128 fp32 logits cloned and refilled with normal draws (50.3 MB, 2 "
          "kernels) before the histogram and the auxiliary loss Megatron still computes from them; no backward of "
          "their own",
          "[moe]")
{
    constexpr double tokens = 8 * 4096, experts = 128, k = 8, scores = tokens * experts;
    const MoeWork aux = routerBalancingWork(tokens, experts, k, MoeBalancing::AuxiliaryLoss);
    const MoeWork forced = routerBalancingWork(tokens, experts, k, MoeBalancing::Forced);
    CHECK(forced.forward.bytes == aux.forward.bytes + 3 * scores * 4); // + 50,331,648 B
    CHECK(forced.forward.kernels == aux.forward.kernels + 2);
    CHECK(forced.backward.bytes == aux.backward.bytes); // the straight-through gradient costs nothing more
    CHECK(forced.backward.kernels == aux.backward.kernels);
}

TEST_CASE("moe_imbalance under forced routing: the DeepSeek-V3 preset at EP 64 (4 experts per rank, 8,192 rows each, "
          "32,768 per rank) waits 1 + sqrt(2 ln 64 / 32,768) = 1.01593 x its expert GEMMs, citing moe-forced-balance",
          "[moe]")
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    REQUIRE(s.parallel.ep == 64);
    REQUIRE(s.training.seqLen == 4096);
    REQUIRE(s.parallel.microbatchSize == 1);
    s.training.moeBalancing = MoeBalancing::Forced;
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const double factor = 1 + std::sqrt(2 * std::log(64.0) / 32768);
    CHECK(factor == Approx(1.0159323).epsilon(1e-7));
    for (Phase ph : {Phase::Forward, Phase::Backward}) {
        const OpRow* gemms = findRow(e, OpKind::ExpertGemms, ph);
        const OpRow* extra = findRow(e, OpKind::MoeImbalance, ph);
        REQUIRE(gemms);
        REQUIRE(extra);
        CHECK(extra->time.si == Approx((factor - 1) * gemms->time.si).epsilon(1e-12));
        CHECK(extra->efficiency == Approx(1 / factor).epsilon(1e-12));
        CHECK(*extra->source == "moe-forced-balance");
    }
    // evaluate's JSON names the setting and the factor its rows charge.
    const nlohmann::json j = evaluationToJson(ctx, e)["moe_balancing"];
    CHECK(j["setting"] == "forced");
    CHECK(j["max_over_mean"].get<double>() == Approx(factor).epsilon(1e-12));
    CHECK(j["source"] == "moe-forced-balance");
    // Against the measured loss-free 1.04 of the preset itself, forced routing waits less.
    const Evaluation lossFree = evaluate(contextFor(presetScenario("deepseek-v3-2048-h800")));
    CHECK(findRow(e, OpKind::MoeImbalance, Phase::Forward)->time.si <
          findRow(lossFree, OpKind::MoeImbalance, Phase::Forward)->time.si);
}

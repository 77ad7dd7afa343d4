// Expert capacity (training.moe_capacity_factor): token dropping as Switch
// Transformer (Fedus et al. 2021, arXiv 2101.03961 §2.2) and Megatron-Core
// (--moe-expert-capacity-factor, --moe-pad-expert-input-to-capacity) run it.

#include "model_test_support.h"

#include "model/core/model_citations.h"
#include "model/core/row_provenance.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

const OpRow* moeRow(const Evaluation& e, OpKind op, Phase phase)
{
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase && (r.scope == OpScope::MoeLayer || op == OpKind::MoeImbalance)) return &r;
    return nullptr;
}

// A scenario's evaluation beside the context its rows' sources point into.
struct Evaluated {
    EvaluationContext ctx;
    Evaluation e;
    explicit Evaluated(const Scenario& s) : ctx(contextFor(s)), e(evaluate(ctx)) {}
};

// `s` dropless beside `s` with capacity factor `factor` and padding `pad`.
struct CapacityRuns {
    Evaluated dropless, capped;
    CapacityRuns(const Scenario& s, double factor, std::optional<bool> pad)
        : dropless(s), capped(withCapacity(s, factor, pad))
    {
    }
    static Scenario withCapacity(Scenario s, double factor, std::optional<bool> pad)
    {
        s.training.moeCapacityFactor = factor;
        s.training.moePadToCapacity = pad;
        return s;
    }
};

// Checks, forward and backward, that the moe_imbalance row of `e` is
// `extra` x its expert GEMMs, cited to the expert capacity.
void checkCapacityImbalance(const Evaluation& e, double extra)
{
    for (Phase ph : {Phase::Forward, Phase::Backward}) {
        INFO(phaseKey(ph));
        const OpRow* gemms = moeRow(e, OpKind::ExpertGemms, ph);
        const OpRow* imbalance = moeRow(e, OpKind::MoeImbalance, ph);
        REQUIRE(gemms);
        REQUIRE(imbalance);
        CHECK(imbalance->time.si == Approx(extra * gemms->time.si).epsilon(1e-12));
        CHECK(imbalance->efficiency == Approx(1 / (1 + extra)).epsilon(1e-12));
        CHECK(imbalance->source == &modelSourceKey(ModelSource::MoeCapacity));
    }
}

// The DeepSeek-V3 preset (loss-free balancing, measured max/mean 1.04) on
// Megatron-Core's alltoall dispatcher, which pads to capacity.
Scenario deepSeekAllToAll()
{
    Scenario s = presetScenario("deepseek-v3-2048-h800");
    s.training.moeDispatcher = MoeDispatcher::AllToAll;
    return s;
}

} // namespace

TEST_CASE("Switch Transformer §2.2 without a capacity factor is dropless: an unpadded capacity above the measured "
          "max/mean (DeepSeek-V3, 1.04) leaves every row as it was",
          "[moe][capacity]")
{
    for (MoeDispatcher d : {MoeDispatcher::AllToAll, MoeDispatcher::DeepEpFp8}) {
        Scenario s = presetScenario("deepseek-v3-2048-h800");
        s.training.moeDispatcher = d;
        REQUIRE(s.training.moeCapacityFactor == 0);
        REQUIRE_FALSE(padsToCapacity(s.training));
        const CapacityRuns runs(s, 2, false);
        const Evaluation &dropless = runs.dropless.e, &capped = runs.capped.e;
        REQUIRE(dropless.ok);
        REQUIRE(capped.ok);
        CHECK(capped.stepTime.si == Approx(dropless.stepTime.si).epsilon(1e-12));
        CHECK(capped.ops.size() == dropless.ops.size());
        CHECK(*moeRow(capped, OpKind::MoeImbalance, Phase::Forward)->source == "lossfree");
    }
}

TEST_CASE("Megatron-Core drop-and-pad, capacity factor 1.25 (Switch Transformer's): moe_imbalance = 0.25 x the "
          "balanced expert GEMMs, the EP all-to-all moves 1.25 x the bytes, the permutation 1.25 x the rows",
          "[moe][capacity]")
{
    const CapacityRuns runs(deepSeekAllToAll(), 1.25, std::nullopt);
    REQUIRE(padsToCapacity(runs.capped.ctx.scenario.training)); // the alltoall dispatcher pads unless told otherwise
    const Evaluation &dropless = runs.dropless.e, &padded = runs.capped.e;
    REQUIRE(dropless.ok);
    REQUIRE(padded.ok);
    checkCapacityImbalance(padded, 0.25);
    CHECK(sourceCitation(runs.capped.ctx, *moeRow(padded, OpKind::MoeImbalance, Phase::Forward))
              .starts_with("Expert capacity (Fedus et al. 2021"));
    for (Phase ph : {Phase::Forward, Phase::Backward}) {
        // The expert GEMMs stay at the mean tokens per expert.
        CHECK(moeRow(padded, OpKind::ExpertGemms, ph)->time.si == moeRow(dropless, OpKind::ExpertGemms, ph)->time.si);
        const OpRow* dispatch = moeRow(padded, OpKind::EpDispatch, ph);
        REQUIRE(dispatch);
        CHECK(dispatch->bytes.si == Approx(1.25 * moeRow(dropless, OpKind::EpDispatch, ph)->bytes.si).epsilon(1e-12));
    }
    // The permutation's row copies scale with the padded rows; its index
    // kernels and the combine's zero-fill of the token outputs do not.
    const OpRow* permute = moeRow(padded, OpKind::Permute, Phase::Forward);
    REQUIRE(permute);
    CHECK(permute->bytes.si > 1.2 * moeRow(dropless, OpKind::Permute, Phase::Forward)->bytes.si);
    CHECK(padded.stepTime > dropless.stepTime);
}

TEST_CASE("Megatron-Core's default drop without padding: the busiest expert runs min(measured max/mean, capacity "
          "factor) x the mean, 1.02 below DeepSeek-V3's 1.04; the all-to-all moves the routed tokens only",
          "[moe][capacity]")
{
    const CapacityRuns runs(deepSeekAllToAll(), 1.02, false);
    const Evaluation &dropless = runs.dropless.e, &capped = runs.capped.e;
    REQUIRE(capped.ok);
    checkCapacityImbalance(capped, 0.02);
    for (Phase ph : {Phase::Forward, Phase::Backward})
        CHECK(moeRow(capped, OpKind::EpDispatch, ph)->bytes.si == moeRow(dropless, OpKind::EpDispatch, ph)->bytes.si);
    CHECK(capped.stepTime < dropless.stepTime);
}

TEST_CASE("Megatron-Core's flex dispatcher (DeepEP) does not pad to capacity: the padding is off unless asked, and "
          "asking is an error at /training/moe_pad_to_capacity",
          "[moe][capacity]")
{
    nlohmann::json j = scenarioToJson(presetScenario("deepseek-v3-2048-h800"));
    j["training"]["moe_capacity_factor"] = 1.25;
    SpecErrors errors;
    const auto read = parseScenario(j, "deepep.scalescope.json", errors);
    REQUIRE(read);
    CHECK(errors.empty());
    CHECK_FALSE(padsToCapacity(read->training));
    j["training"]["moe_pad_to_capacity"] = true;
    CHECK(scenarioErrorPaths(j) == std::vector<std::string>{"/training/moe_pad_to_capacity"});
}

TEST_CASE("moe_capacity_factor and moe_pad_to_capacity: the reader names the JSON path of a bad value",
          "[moe][capacity]")
{
    const nlohmann::json base = scenarioToJson(deepSeekAllToAll());
    const auto withTraining = [&](const nlohmann::json& keys) {
        nlohmann::json j = base;
        for (const auto& [k, v] : keys.items())
            j["training"][k] = v;
        return scenarioErrorPaths(j);
    };
    const std::vector<std::string> factor{"/training/moe_capacity_factor"}, pad{"/training/moe_pad_to_capacity"};
    CHECK(withTraining({{"moe_capacity_factor", 0.5}}) == factor); // below 1 drops tokens at balanced routing
    CHECK(withTraining({{"moe_capacity_factor", "1.25"}}) == factor);
    CHECK(withTraining({{"moe_pad_to_capacity", true}}) == pad); // no capacity to pad to
    CHECK(withTraining({{"moe_capacity_factor", 1.25}, {"moe_pad_to_capacity", "yes"}}) == pad);
    CHECK(withTraining({{"moe_capacity_factor", 1.0}, {"moe_pad_to_capacity", false}}).empty());
    SpecErrors errors;
    nlohmann::json j = base;
    j["training"]["moe_capacity_factor"] = 0.5;
    CHECK_FALSE(parseScenario(j, "bad.scalescope.json", errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message.find("expected a number >= 1") != std::string::npos);
}

TEST_CASE("moe_capacity_factor round-trips; dropless writes neither key", "[moe][capacity]")
{
    Scenario s = deepSeekAllToAll();
    CHECK_FALSE(scenarioToJson(s)["training"].contains("moe_capacity_factor"));
    s.training.moeCapacityFactor = 1.25;
    s.training.moePadToCapacity = false;
    const nlohmann::json j = scenarioToJson(s);
    CHECK(j["training"]["moe_capacity_factor"] == 1.25);
    CHECK(j["training"]["moe_pad_to_capacity"] == false);
    SpecErrors errors;
    const auto again = parseScenario(j, "roundtrip", errors);
    REQUIRE(again);
    CHECK(errors.empty());
    CHECK(again->training.moeCapacityFactor == 1.25);
    CHECK(again->training.moePadToCapacity == std::optional<bool>(false));
    CHECK(scenarioToJson(*again) == j);
    // Back to dropless: a stale padding choice is not written.
    s.training.moeCapacityFactor = 0;
    CHECK_FALSE(scenarioToJson(s)["training"].contains("moe_pad_to_capacity"));
}

// The scenario's "inference" block (model/spec/scenario.h): strict keys,
// "max" batches, KV precision and paged blocks, clear errors.

#include "model_test_support.h"

using namespace scalescope;
using testing::scenarioErrorPaths;

namespace {

nlohmann::json inferenceDoc(const nlohmann::json& block)
{
    return {{"format", "scalescope-scenario/1"},
            {"system", "dgx-h100-superpod"},
            {"gpus", 8},
            {"model", "llama3-70b"},
            {"mode", "inference"},
            {"parallel", {{"tp", 8}}},
            {"inference", block}};
}

std::string errorText(const nlohmann::json& doc)
{
    SpecErrors errors;
    (void)parseScenario(doc, "serve.json", errors);
    std::string all;
    for (const auto& e : errors)
        all += e.text() + "\n";
    return all;
}

} // namespace

TEST_CASE("Inference block: batch, prompt, output, precisions and paged block size read as written; kv_precision "
          "defaults to precision and kv_block_tokens to 16 (vLLM's default block_size)",
          "[inference][scenario]")
{
    SpecErrors errors;
    auto s = parseScenario(
        inferenceDoc({{"batch", 64}, {"prompt_tokens", 2048}, {"output_tokens", 128}, {"precision", "bf16"}}),
        "serve.json", errors);
    REQUIRE(s);
    CHECK(s->mode == Mode::Inference);
    CHECK(s->inference.batch == 64);
    CHECK_FALSE(s->inference.batchMax);
    CHECK(s->inference.promptTokens == 2048);
    CHECK(s->inference.outputTokens == 128);
    CHECK(s->inference.precision == Precision::Bf16);
    CHECK(s->inference.kv() == Precision::Bf16);
    CHECK(s->inference.kvBlockTokens == 16);

    auto t = parseScenario(inferenceDoc({{"batch", "max"},
                                         {"prompt_tokens", 1024},
                                         {"output_tokens", 256},
                                         {"precision", "fp8"},
                                         {"kv_precision", "fp4"},
                                         {"kv_block_tokens", 32}}),
                           "serve.json", errors);
    REQUIRE(t);
    CHECK(t->inference.batchMax);
    CHECK(t->inference.kv() == Precision::Fp4);
    CHECK(t->inference.kvBlockTokens == 32);

    // Saved and read again, nothing changes.
    auto again = parseScenario(scenarioToJson(*t), "saved.json", errors);
    REQUIRE(again);
    CHECK(again->inference.batchMax);
    CHECK(again->inference.kv() == Precision::Fp4);
    CHECK(again->inference.kvBlockTokens == 32);
    CHECK(errors.empty());
}

TEST_CASE("Inference block: invalid values are errors at their JSON path", "[inference][scenario]")
{
    CHECK(scenarioErrorPaths(inferenceDoc({{"batch", 0}})) == std::vector<std::string>{"/inference/batch"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"batch", "all"}})) == std::vector<std::string>{"/inference/batch"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"prompt_tokens", 0}})) ==
          std::vector<std::string>{"/inference/prompt_tokens"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"output_tokens", -3}})) ==
          std::vector<std::string>{"/inference/output_tokens"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"kv_precision", "int3"}})) ==
          std::vector<std::string>{"/inference/kv_precision"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"kv_block_tokens", 0}})) ==
          std::vector<std::string>{"/inference/kv_block_tokens"});
    CHECK_THAT(
        errorText(inferenceDoc({{"batch", "all"}})),
        Catch::Contains("serve.json: /inference/batch: expected a positive whole number or \"max\", found \"all\""));
    nlohmann::json noBlock = inferenceDoc({});
    noBlock.erase("inference");
    CHECK(scenarioErrorPaths(noBlock) == std::vector<std::string>{"/inference"});
}

TEST_CASE("Inference block: unknown keys are errors with a suggestion; a speculative or disaggregated block that is "
          "not an object is an error at its path",
          "[inference][scenario]")
{
    CHECK_THAT(errorText(inferenceDoc({{"promt_tokens", 100}})),
               Catch::Contains("serve.json: /inference/promt_tokens: unknown key; did you mean prompt_tokens?"));
    CHECK_THAT(errorText(inferenceDoc({{"kv_precison", "fp8"}})),
               Catch::Contains("serve.json: /inference/kv_precison: unknown key; did you mean kv_precision?"));
    for (const char* key : {"disaggregated", "prefill_gpus", "speculative", "draft_tokens"})
        CHECK(scenarioErrorPaths(inferenceDoc({{key, 1}})) ==
              std::vector<std::string>{std::string("/inference/") + key});
}

TEST_CASE("Inference block: prefill_chunk, kv_offload, speculative and disaggregated read as written and survive a save",
          "[inference][scenario]")
{
    nlohmann::json doc = inferenceDoc({{"batch", 4},
                                       {"prefill_chunk", 512},
                                       {"kv_offload", true},
                                       {"speculative", {{"method", "mtp"}, {"draft_tokens", 3}, {"acceptance_rate", 0.8}}},
                                       {"disaggregated", {{"prefill", {{"tp", 4}, {"dp", 1}}}}}});
    doc["gpus"] = 12;
    doc["facility"] = {{"currency", "EUR"}};
    SpecErrors errors;
    const auto s = parseScenario(doc, "serve.json", errors);
    for (const auto& e : errors) UNSCOPED_INFO(e.text());
    REQUIRE(s);
    const InferenceSettings& in = s->inference;
    CHECK(in.prefillChunk == 512);
    CHECK(in.kvOffload);
    REQUIRE(in.speculative);
    CHECK(in.speculative->draftTokens == 3);
    CHECK(in.speculative->acceptanceRate == 0.8);
    CHECK(in.speculative->draftLayers == 1);
    REQUIRE(in.prefillPool);
    CHECK(in.prefillPool->tp == 4);
    CHECK(in.prefillPool->pp == 1);
    CHECK(in.prefillPool->ep == 1);
    CHECK(in.prefillPool->dp == 1);
    CHECK(s->facility.currency == "EUR");
    CHECK(s->parallel.dp == 1); // omitted: the 12 GPUs less the prefill pool's 4, over tp 8

    const auto again = parseScenario(scenarioToJson(*s), "saved.json", errors);
    REQUIRE(again);
    CHECK(again->inference.prefillChunk == 512);
    CHECK(again->inference.kvOffload);
    CHECK(again->inference.speculative == in.speculative);
    CHECK(again->inference.prefillPool == in.prefillPool);
    CHECK(again->facility.currency == "EUR");
    // A scenario without them saves none of them.
    const auto plain = parseScenario(inferenceDoc({{"batch", 4}}), "plain.json", errors);
    REQUIRE(plain);
    const nlohmann::json saved = scenarioToJson(*plain);
    for (const char* key : {"prefill_chunk", "kv_offload", "speculative", "disaggregated"})
        CHECK_FALSE(saved["inference"].contains(key));
    CHECK_FALSE(saved["facility"].contains("currency"));
    CHECK(plain->facility.currency == "USD");
}

TEST_CASE("Inference block: invalid speculative, disaggregated, prefill_chunk, kv_offload and currency values are "
          "errors at their JSON path, misspelt nested keys get a suggestion",
          "[inference][scenario]")
{
    using Paths = std::vector<std::string>;
    const nlohmann::json mtp{{"draft_tokens", 2}, {"acceptance_rate", 0.7}};
    auto with = [&](const char* key, const nlohmann::json& value) {
        nlohmann::json sp = mtp;
        sp[key] = value;
        return inferenceDoc({{"speculative", sp}});
    };
    CHECK(scenarioErrorPaths(with("acceptance_rate", 1.5)) == Paths{"/inference/speculative/acceptance_rate"});
    CHECK(scenarioErrorPaths(with("acceptance_rate", -0.1)) == Paths{"/inference/speculative/acceptance_rate"});
    CHECK(scenarioErrorPaths(with("draft_tokens", 0)) == Paths{"/inference/speculative/draft_tokens"});
    CHECK(scenarioErrorPaths(with("draft_tokens", 65)) == Paths{"/inference/speculative/draft_tokens"});
    CHECK(scenarioErrorPaths(with("method", "eagle")) == Paths{"/inference/speculative/method"});
    CHECK(scenarioErrorPaths(with("draft_layers", 0)) == Paths{"/inference/speculative/draft_layers"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"speculative", {{"draft_tokens", 2}}}})) ==
          Paths{"/inference/speculative/acceptance_rate"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"speculative", {{"acceptance_rate", 0.5}}}})) ==
          Paths{"/inference/speculative/draft_tokens"});
    CHECK_THAT(errorText(with("draft_token", 2)),
               Catch::Contains("serve.json: /inference/speculative/draft_token: unknown key; did you mean draft_tokens?"));
    CHECK_THAT(errorText(with("aceptance_rate", 2)),
               Catch::Contains("/inference/speculative/aceptance_rate: unknown key; did you mean acceptance_rate?"));

    CHECK(scenarioErrorPaths(inferenceDoc({{"disaggregated", {{"decode", {{"tp", 8}}}}}})) ==
          Paths{"/inference/disaggregated", "/inference/disaggregated/decode"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"disaggregated", {{"prefill", {{"tp", 0}}}}}})) ==
          Paths{"/inference/disaggregated/prefill/tp"});
    CHECK_THAT(errorText(inferenceDoc({{"disaggregated", {{"prefill", {{"tp", 2}, {"ddp", 2}}}}}})),
               Catch::Contains("/inference/disaggregated/prefill/ddp: unknown key; did you mean dp?"));

    CHECK(scenarioErrorPaths(inferenceDoc({{"prefill_chunk", 0}})) == Paths{"/inference/prefill_chunk"});
    CHECK(scenarioErrorPaths(inferenceDoc({{"kv_offload", "yes"}})) == Paths{"/inference/kv_offload"});
    nlohmann::json money = inferenceDoc({});
    money["facility"] = {{"currency", "dollars"}};
    CHECK(scenarioErrorPaths(money) == Paths{"/facility/currency"});
    CHECK_THAT(errorText(money), Catch::Contains("/facility/currency: expected a three-letter ISO 4217 code"));
}

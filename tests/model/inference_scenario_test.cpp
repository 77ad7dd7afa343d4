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

TEST_CASE("Inference block: unknown keys are errors with a suggestion; disaggregated serving and speculative decoding "
          "are not modelled, so their keys are unknown too",
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

// `scalescope-cli evaluate` of an inference scenario: the evaluation keys
// (DESIGN.md, SI units), the breakdown's prefill and decode rows with their
// labelled assumptions, the serving options' keys, and misspelt keys refused.

#include "app/cli/commands.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope::cli;
namespace fs = std::filesystem;

namespace {

const std::string kFixture =
    std::string(SCALESCOPE_FIXTURES_DIR) + "/scenarios/inference_batch1_8xh100.scalescope.json";

} // namespace

TEST_CASE("evaluate prints an inference scenario's keys: batch-1 LLaMA-3 70B BF16 on 8 H100 (TP 8)", "[cli][inference]")
{
    std::ostringstream out, err;
    REQUIRE(runEvaluate({kFixture}, out, err) == 0);
    INFO(err.str());
    const auto j = nlohmann::json::parse(out.str());
    CHECK(j["mode"] == "inference");
    for (const char* key :
         {"ttft_s", "tpot_s", "kv_cache_B", "kv_cache_per_gpu_B", "max_batch", "tokens_per_s_per_user",
          "output_tokens_per_s", "tokens_per_s_per_gpu", "energy_per_token_J", "memory_per_gpu", "warnings"})
        CHECK(j.contains(key));
    // Weight reads: ~17.6 GB per GPU by the measured M = 1 GEMMs plus 160 small AllReduces.
    CHECK(j["tpot_s"].get<double>() > 5e-3);
    CHECK(j["tpot_s"].get<double>() < 9e-3);
    CHECK(j["tokens_per_s_per_user"].get<double>() == Approx(1 / j["tpot_s"].get<double>()));
    // One sequence at its last token: 2,176 tokens (whole blocks of 16) × 327,680 B, one KV head per GPU.
    CHECK(j["kv_cache_B"].get<double>() == 2176.0 * 327680);
    CHECK(j["kv_cache_per_gpu_B"].get<double>() == 2176.0 * 327680 / 8);
    CHECK(j["memory_per_gpu"]["kv_cache_B"] == j["kv_cache_per_gpu_B"]);
    CHECK(j["memory_per_gpu"]["fits"] == true);
    CHECK(j["max_batch"].get<int>() > 1);
    CHECK_FALSE(j.contains("breakdown"));
}

TEST_CASE("evaluate --breakdown of an inference scenario: prefill and decode rows, extrapolations labelled",
          "[cli][inference]")
{
    std::ostringstream out, err;
    REQUIRE(runEvaluate({kFixture, "--breakdown"}, out, err) == 0);
    const auto rows = nlohmann::json::parse(out.str())["breakdown"]["rows"];
    int prefill = 0, decode = 0, assumptions = 0, smallM = 0, extrapolated = 0;
    for (const auto& r : rows) {
        prefill += r["phase"] == "prefill";
        decode += r["phase"] == "decode";
        if (r["assumption"] == true) {
            ++assumptions;
            CHECK(r["phase"] == "decode");
            CHECK(r["op"] == "tp_collectives"); // vLLM's custom all-reduce
        }
        // Decode GEMMs and the prefill's logits (M = batch = 1): the measured small-M rows
        smallM += r["source"] == "h100smallm";
        // One KV head per GPU, one sequence: below the measured decode-attention streams
        if (r["source_kind"] == "extrapolated") {
            ++extrapolated;
            CHECK(r["op"] == "attention_core");
            CHECK(r["source"] == "decode-attention-extrapolated");
        }
    }
    CHECK(prefill > 10);
    CHECK(decode > 10);
    CHECK(assumptions == 1);
    CHECK(smallM == 6); // QKV, out, up, down, logits of the decode step and the prefill's logits
    CHECK(extrapolated == 1);

    std::ostringstream text, terr;
    REQUIRE(runEvaluate({kFixture, "--breakdown", "--text"}, text, terr) == 0);
    CHECK_THAT(text.str(), Catch::Contains("decode") && Catch::Contains("attention_core"));

    std::ostringstream tl, tlerr;
    CHECK(runEvaluate({kFixture, "--timeline"}, tl, tlerr) == 1);
    CHECK_THAT(tlerr.str(), Catch::Contains("--timeline: expected a training scenario"));
}

TEST_CASE("evaluate refuses a misspelt serving key with an unknown-key error naming its path and the nearest key",
          "[cli][inference]")
{
    nlohmann::json j = nlohmann::json::parse(std::ifstream(kFixture));
    j["inference"]["speculative"] = {{"draft_token", 4}, {"acceptance_rate", 0.7}};
    const fs::path file = fs::temp_directory_path() / "scalescope-inference-speculative.scalescope.json";
    std::ofstream(file) << j.dump(2);
    std::ostringstream out, err;
    CHECK(runEvaluate({file.string()}, out, err) == 1);
    CHECK_THAT(err.str(), Catch::Contains("/inference/speculative/draft_token: unknown key; did you mean draft_tokens?"));
    CHECK(out.str().empty());
}

TEST_CASE("evaluate of speculative decoding, chunked prefill and a disaggregated prefill pool prints their keys, the "
          "cost per million tokens and its currency",
          "[cli][inference]")
{
    nlohmann::json j = nlohmann::json::parse(std::ifstream(kFixture));
    j["gpus"] = 16;
    j["inference"]["prefill_chunk"] = 512;
    j["inference"]["speculative"] = {{"method", "mtp"}, {"draft_tokens", 3}, {"acceptance_rate", 0.8}};
    j["inference"]["disaggregated"] = {{"prefill", {{"tp", 8}}}};
    j["facility"] = {{"currency", "EUR"}};
    const fs::path file = fs::temp_directory_path() / "scalescope-inference-serving.scalescope.json";
    std::ofstream(file) << j.dump(2);
    std::ostringstream out, err;
    REQUIRE(runEvaluate({file.string()}, out, err) == 0);
    INFO(err.str());
    const auto e = nlohmann::json::parse(out.str());
    CHECK(e["currency"] == "EUR");
    CHECK(e["cost_per_million_tokens"].get<double>() > 0);
    CHECK(e["prefill_chunks"] == 4); // the fixture's prompt of 2,048 tokens
    CHECK(e["speculative"]["accepted_per_step"].get<double>() == Approx((1 - 0.8 * 0.8 * 0.8 * 0.8) / 0.2));
    CHECK(e["disaggregated"]["prefill_gpus"] == 8);
    CHECK(e["disaggregated"]["decode_gpus"] == 8);
    CHECK(e["disaggregated"]["kv_transfer_s"].get<double>() > 0);
    CHECK(e["disaggregated"]["kv_transfer_tier"].is_string());
}

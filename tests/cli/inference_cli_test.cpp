// `scalescope-cli evaluate` of an inference scenario: the evaluation keys
// (DESIGN.md, SI units), the breakdown's prefill and decode rows with their
// labelled assumptions, and keys the model does not build refused.

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
    // Weight-read bound: ~17.6 GB per GPU at 2.8 TB/s plus 160 small AllReduces.
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
    int prefill = 0, decode = 0, assumptions = 0;
    for (const auto& r : rows) {
        prefill += r["phase"] == "prefill";
        decode += r["phase"] == "decode";
        if (r["assumption"] == true) {
            ++assumptions;
            // Decode rows, and the prefill's logits (M = batch = 1 is below the measured M too).
            const bool prefillLogits = r["phase"] == "prefill" && r["op"] == "logits";
            CHECK((r["phase"] == "decode" || prefillLogits));
        }
    }
    CHECK(prefill > 10);
    CHECK(decode > 10);
    CHECK(assumptions >= 6); // QKV, out, up, down, logits, attention, AllReduce of the decode step

    std::ostringstream text, terr;
    REQUIRE(runEvaluate({kFixture, "--breakdown", "--text"}, text, terr) == 0);
    CHECK_THAT(text.str(), Catch::Contains("decode") && Catch::Contains("attention_core"));

    std::ostringstream tl, tlerr;
    CHECK(runEvaluate({kFixture, "--timeline"}, tl, tlerr) == 1);
    CHECK_THAT(tlerr.str(), Catch::Contains("--timeline: expected a training scenario"));
}

TEST_CASE("evaluate refuses keys of what is not built (speculative decoding) with an unknown-key error",
          "[cli][inference]")
{
    nlohmann::json j = nlohmann::json::parse(std::ifstream(kFixture));
    j["inference"]["speculative_tokens"] = 4;
    const fs::path file = fs::temp_directory_path() / "scalescope-inference-speculative.scalescope.json";
    std::ofstream(file) << j.dump(2);
    std::ostringstream out, err;
    CHECK(runEvaluate({file.string()}, out, err) == 1);
    CHECK_THAT(err.str(), Catch::Contains("/inference/speculative_tokens: unknown key"));
    CHECK(out.str().empty());
}

// `scalescope-cli search` and `trace` of an inference scenario: the serving
// layouts ranked under the objective and limits, the table, the Chrome trace
// of one prefill pass and one decode step, and bad flags refused.

#include "app/cli/commands.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace scalescope::cli;
namespace fs = std::filesystem;

namespace {

const std::string kServing = std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/llama3-70b-inference-8xh100.scalescope.json";
const std::string kTraining = std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/llama3-405b-16k-h100.scalescope.json";

} // namespace

TEST_CASE("search of an inference scenario ranks serving layouts by throughput per GPU under a TPOT limit",
          "[cli][inference]")
{
    std::ostringstream out, err;
    REQUIRE(runSearch({kServing, "--tpot-max", "30 ms", "--top", "5"}, out, err) == 0);
    INFO(err.str());
    const auto j = nlohmann::json::parse(out.str());
    CHECK(j["objective"] == "throughput");
    CHECK(j["tpot_max_s"].get<double>() == Approx(0.030).epsilon(1e-12));
    CHECK(j["ttft_max_s"].is_null());
    CHECK(j["evaluations"].get<long long>() >= j["layouts"].get<long long>());
    REQUIRE(j["best"].size() >= 2);
    CHECK(j["best"].size() <= 5);
    double last = 1e300;
    for (const auto& l : j["best"]) {
        for (const char* key : {"parallel", "batch", "max_batch", "ttft_s", "tpot_s", "tokens_per_s_per_gpu",
                                "tokens_per_s_per_user", "memory_total_B", "fits"})
            CHECK(l.contains(key));
        CHECK(l["tpot_s"].get<double>() <= 0.030);
        CHECK(l["fits"] == true);
        CHECK(l["batch"].get<int>() <= l["max_batch"].get<int>());
        CHECK(l["tokens_per_s_per_gpu"].get<double>() <= last);
        last = l["tokens_per_s_per_gpu"].get<double>();
        const auto& p = l["parallel"];
        CHECK(p["tp"].get<int>() * p["pp"].get<int>() * p["dp"].get<int>() == 8);
    }
}

TEST_CASE("search --objective latency puts the lowest TPOT first; --text prints a table", "[cli][inference]")
{
    std::ostringstream out, err;
    REQUIRE(runSearch({kServing, "--objective", "latency", "--ttft-max", "60"}, out, err) == 0);
    const auto best = nlohmann::json::parse(out.str())["best"];
    REQUIRE_FALSE(best.empty());
    for (std::size_t i = 0; i < best.size(); ++i) {
        CHECK(best[i]["batch"] == 64); // the scenario's batch
        CHECK(best[i]["ttft_s"].get<double>() <= 60);
        if (i > 0) CHECK(best[i - 1]["tpot_s"].get<double>() <= best[i]["tpot_s"].get<double>());
    }
    std::ostringstream text, terr;
    REQUIRE(runSearch({kServing, "--objective", "latency", "--text", "--top", "3"}, text, terr) == 0);
    CHECK(text.str().find("lowest TPOT first") != std::string::npos);
    CHECK(text.str().find("tok/s/GPU") != std::string::npos);
    CHECK(text.str().find("TPOT") != std::string::npos);
}

TEST_CASE("search of an inference scenario refuses bad flags with the usage code and limits nothing meets with 1",
          "[cli][inference]")
{
    struct Case {
        std::vector<std::string> args;
        int code;
        std::string says;
    };
    const Case cases[] = {
        {{kServing, "--objective", "fastest"}, 2, "--objective: expected throughput or latency, found \"fastest\""},
        {{kServing, "--tpot-max", "-1"}, 2, "--tpot-max: expected a time > 0"},
        {{kServing, "--ttft-max", "5 GB"}, 2, "--ttft-max: expected a time > 0"},
        {{kServing, "--tpot-max", "1 us"}, 1, "meets the TPOT and TTFT limits"},
        {{kTraining, "--objective", "latency"}, 1, "--objective: expected an inference scenario"},
    };
    for (const Case& c : cases) {
        std::ostringstream out, err;
        INFO(c.args[1] << " " << c.args[2] << ": " << err.str());
        CHECK(runSearch(c.args, out, err) == c.code);
        CHECK(out.str().empty());
        CHECK(err.str().find(c.says) != std::string::npos);
    }
}

TEST_CASE("trace of an inference scenario writes one prefill pass and one decode step per stage, compute and "
          "collectives on their own threads",
          "[cli][inference]")
{
    // TP 4 x PP 2: two stages, tp collectives and a stage-to-stage send.
    auto doc = nlohmann::json::parse(std::ifstream(kServing));
    doc["parallel"] = {{"tp", 4}, {"pp", 2}, {"dp", 1}};
    doc["inference"]["batch"] = 8;
    const fs::path scenario = fs::temp_directory_path() / "scalescope-serving-trace.scalescope.json";
    const fs::path trace = fs::temp_directory_path() / "scalescope-serving-trace.json";
    std::ofstream(scenario) << doc.dump();
    std::ostringstream out, err;
    REQUIRE(runTrace({scenario.string(), "-o", trace.string()}, out, err) == 0);
    INFO(err.str());
    std::ostringstream eval, eerr;
    REQUIRE(runEvaluate({scenario.string()}, eval, eerr) == 0);
    const auto e = nlohmann::json::parse(eval.str());
    const auto events = nlohmann::json::parse(std::ifstream(trace))["traceEvents"];
    std::set<int> pids;
    std::set<std::string> threads;
    double prefillEnd = 0, decodeEnd = 0;
    int prefill = 0, decode = 0;
    for (const auto& ev : events) {
        if (ev["ph"] == "M") {
            if (ev["name"] == "thread_name") threads.insert(ev["args"]["name"].get<std::string>());
            continue;
        }
        pids.insert(ev["pid"].get<int>());
        const double end = (ev["ts"].get<double>() + ev["dur"].get<double>()) * 1e-6;
        if (ev["cat"] == "prefill") {
            ++prefill;
            prefillEnd = std::max(prefillEnd, end);
        } else {
            CHECK(ev["cat"] == "decode");
            ++decode;
            decodeEnd = std::max(decodeEnd, end);
            CHECK(ev["ts"].get<double>() * 1e-6 >= prefillEnd * (1 - 1e-12));
        }
    }
    CHECK(pids == std::set<int>{0, 1});
    CHECK(threads.count("compute"));
    CHECK(threads.count("tp"));
    CHECK(threads.count("pp"));
    CHECK(prefill > 0);
    CHECK(decode > 0);
    // The trace's passes end where the evaluation's TTFT and TPOT say.
    CHECK(prefillEnd == Approx(e["ttft_s"].get<double>()).epsilon(1e-9));
    CHECK(decodeEnd - prefillEnd == Approx(e["tpot_s"].get<double>()).epsilon(1e-9));
    fs::remove(scenario);
    fs::remove(trace);
}

TEST_CASE("search applies the scenario's tpot_max and ttft_max, which --tpot-max and --ttft-max override, and evaluate "
          "says whether the scenario's own point meets them",
          "[cli][inference][limits]")
{
    auto doc = nlohmann::json::parse(std::ifstream(kServing));
    doc["inference"]["tpot_max"] = "30 ms";
    doc["inference"]["ttft_max"] = 60;
    const fs::path scenario = fs::temp_directory_path() / "scalescope-serving-limits.scalescope.json";
    std::ofstream(scenario) << doc.dump();

    std::ostringstream out, err;
    REQUIRE(runSearch({scenario.string(), "--top", "5"}, out, err) == 0);
    INFO(err.str());
    const auto own = nlohmann::json::parse(out.str());
    CHECK(own["tpot_max_s"].get<double>() == Approx(0.030).epsilon(1e-12));
    CHECK(own["ttft_max_s"].get<double>() == 60.0);
    REQUIRE_FALSE(own["best"].empty());
    for (const auto& l : own["best"]) CHECK(l["tpot_s"].get<double>() <= 0.030);
    // Identical to the same limits given as flags on the scenario without them.
    std::ostringstream flagged, ferr;
    REQUIRE(runSearch({kServing, "--top", "5", "--tpot-max", "0.03", "--ttft-max", "60 s"}, flagged, ferr) == 0);
    CHECK(nlohmann::json::parse(flagged.str())["best"] == own["best"]);

    std::ostringstream over, oerr;
    REQUIRE(runSearch({scenario.string(), "--top", "5", "--tpot-max", "1 s"}, over, oerr) == 0);
    const auto loose = nlohmann::json::parse(over.str());
    CHECK(loose["tpot_max_s"].get<double>() == 1.0);
    CHECK(loose["ttft_max_s"].get<double>() == 60.0); // the scenario's, not overridden
    CHECK(loose["meeting_limits"].get<long long>() >= own["meeting_limits"].get<long long>());
    bool slower = false;
    for (const auto& l : loose["best"]) slower = slower || l["tpot_s"].get<double>() > 0.030;
    CHECK(slower); // the scenario's 30 ms no longer holds them

    // The scenario's own point (TP 8, batch 64) against its limits.
    std::ostringstream eval, eerr;
    REQUIRE(runEvaluate({scenario.string()}, eval, eerr) == 0);
    const auto e = nlohmann::json::parse(eval.str());
    REQUIRE(e.contains("meets_limits"));
    CHECK(e["meets_limits"] == (e["tpot_s"].get<double>() <= 0.030 && e["ttft_s"].get<double>() <= 60.0));
    doc["inference"]["tpot_max"] = e["tpot_s"].get<double>() / 2;
    std::ofstream(scenario) << doc.dump();
    std::ostringstream tight, terr;
    REQUIRE(runEvaluate({scenario.string()}, tight, terr) == 0);
    const auto t = nlohmann::json::parse(tight.str());
    CHECK(t["meets_limits"] == false);
    std::set<std::string> codes;
    for (const auto& w : t["warnings"]) codes.insert(w["code"].get<std::string>());
    CHECK(codes.count("tpot_over_limit"));
    std::ostringstream plain, perr;
    REQUIRE(runEvaluate({kServing}, plain, perr) == 0);
    CHECK_FALSE(nlohmann::json::parse(plain.str()).contains("meets_limits"));
    fs::remove(scenario);
}

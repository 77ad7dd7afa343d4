// The CLI's CSV outputs parse back (RFC 4180) to the same numbers as its JSON:
// evaluate --csv, evaluate --breakdown --csv, search --csv, validate --csv.

#include "app/cli/commands.h"
#include "model/report/csv_table.h"

#include <catch2/catch.hpp>

#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope::cli;
using scalescope::parseCsv;

namespace {

std::string presetPath(const char* name)
{
    return std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/" + name + ".scalescope.json";
}

std::string run(int (*command)(const Args&, std::ostream&, std::ostream&), const Args& args)
{
    std::ostringstream out, err;
    REQUIRE(command(args, out, err) == 0);
    return out.str();
}

double number(const std::string& cell)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    INFO(cell);
    REQUIRE(ec == std::errc());
    REQUIRE(end == cell.data() + cell.size());
    return v;
}

// A parsed CSV row as header -> cell.
std::map<std::string, std::string> record(const std::vector<std::string>& header, const std::vector<std::string>& row)
{
    REQUIRE(row.size() == header.size());
    std::map<std::string, std::string> m;
    for (size_t i = 0; i < header.size(); ++i)
        m[header[i]] = row[i];
    return m;
}

// Every number of the JSON, under its dotted key, equals the CSV cell.
void checkNumbersMatch(const nlohmann::json& j, const std::string& prefix, const std::map<std::string, std::string>& row,
                       int& compared)
{
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            checkNumbersMatch(*it, prefix.empty() ? it.key() : prefix + "." + it.key(), row, compared);
    } else if (j.is_array()) {
        for (size_t i = 0; i < j.size(); ++i)
            checkNumbersMatch(j[i], prefix + "." + std::to_string(i), row, compared);
    } else if (j.is_number()) {
        INFO(prefix);
        REQUIRE(row.count(prefix) == 1);
        CHECK(number(row.at(prefix)) == j.get<double>());
        ++compared;
    }
}

} // namespace

TEST_CASE("evaluate --csv: a header and one row per scenario whose numbers are the JSON's", "[cli][csv]")
{
    const std::string file = presetPath("default");
    const nlohmann::json json = nlohmann::json::parse(run(runEvaluate, {file}));
    const auto rows = parseCsv(run(runEvaluate, {file, "--csv"}));
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].front() == "file");
    const auto row = record(rows[0], rows[1]);
    CHECK(row.at("file") == file);
    CHECK(row.at("comm.tp.tier") == "nvlink");
    int compared = 0;
    checkNumbersMatch(json, "", row, compared);
    CHECK(compared > 50);
    CHECK(number(row.at("step_time_s")) == json["step_time_s"].get<double>());

    const auto two = parseCsv(run(runEvaluate, {file, presetPath("llama3-70b-inference-8xh100"), "--csv"}));
    REQUIRE(two.size() == 3);
    CHECK(two[1].size() == two[0].size());
    CHECK(number(record(two[0], two[2]).at("ttft_s")) > 0);
}

TEST_CASE("evaluate --breakdown --csv: one row per operation row, with its source", "[cli][csv]")
{
    const std::string file = presetPath("default");
    const nlohmann::json json = nlohmann::json::parse(run(runEvaluate, {file, "--breakdown"}));
    const auto rows = parseCsv(run(runEvaluate, {file, "--breakdown", "--csv"}));
    const nlohmann::json& ops = json["breakdown"]["rows"];
    REQUIRE(rows.size() == ops.size() + 1);
    CHECK(rows[0].front() == "file");
    for (size_t i = 0; i < ops.size(); ++i) {
        const auto row = record(rows[0], rows[i + 1]);
        INFO(ops[i]["op"]);
        CHECK(row.at("op") == ops[i]["op"].get<std::string>());
        CHECK(row.at("source") == (ops[i]["source"].is_string() ? ops[i]["source"].get<std::string>() : ""));
        CHECK(number(row.at("time_s")) == ops[i]["time_s"].get<double>());
        CHECK(number(row.at("step_s")) == ops[i]["step_s"].get<double>());
    }
    // The citations hold commas and are quoted; they survive the round trip.
    CHECK(record(rows[0], rows[1]).at("citation") == ops[0]["citation"].get<std::string>());

    const auto inference = parseCsv(
        run(runEvaluate, {presetPath("llama3-70b-inference-8xh100"), "--breakdown", "--csv"}));
    REQUIRE(inference.size() > 2);
    CHECK(record(inference[0], inference[1]).count("phase") == 1);
}

TEST_CASE("search --csv: every ranked layout with step time, MFU, memory, exposed communication per axis and bubble",
          "[cli][csv]")
{
    const std::string file = presetPath("default");
    const nlohmann::json json = nlohmann::json::parse(run(runSearch, {file, "--top", "5"}));
    const auto rows = parseCsv(run(runSearch, {file, "--top", "5", "--csv"}));
    REQUIRE(rows.size() == 6);
    for (const char* key : {"rank", "tp", "pp", "dp", "step_time_s", "mfu", "memory_total_B", "exposed_tp_s",
                            "exposed_cp_s", "exposed_ep_s", "exposed_pp_s", "exposed_dp_s", "bubble_s", "bubble_fraction"})
        CHECK(std::count(rows[0].begin(), rows[0].end(), key) == 1);
    for (size_t i = 0; i < 5; ++i) {
        const auto row = record(rows[0], rows[i + 1]);
        const nlohmann::json& best = json["best"][i];
        CHECK(row.at("rank") == std::to_string(i + 1));
        CHECK(number(row.at("step_time_s")) == best["step_time_s"].get<double>());
        CHECK(number(row.at("mfu")) == best["mfu"].get<double>());
        CHECK(number(row.at("memory_total_B")) == best["memory_total_B"].get<double>());
        CHECK(number(row.at("tp")) == best["parallel"]["tp"].get<double>());
    }
    // Without --top, --csv lists every layout that fits.
    CHECK(parseCsv(run(runSearch, {file, "--csv"})).size() == json["fitting"].get<size_t>() + 1);
}

TEST_CASE("search --csv on a serving scenario: one row per ranked serving layout, the JSON's numbers", "[cli][csv][inference]")
{
    const std::string file = presetPath("llama3-70b-inference-8xh100");
    const nlohmann::json json = nlohmann::json::parse(run(runSearch, {file, "--top", "4"}));
    const auto rows = parseCsv(run(runSearch, {file, "--top", "4", "--csv"}));
    const nlohmann::json& best = json["best"];
    REQUIRE(rows.size() == best.size() + 1);
    CHECK(rows[0].front() == "rank");
    for (size_t i = 0; i < best.size(); ++i) {
        const auto row = record(rows[0], rows[i + 1]);
        CHECK(row.at("rank") == std::to_string(i + 1));
        CHECK(number(row.at("parallel.tp")) == best[i]["parallel"]["tp"].get<double>());
        CHECK(number(row.at("batch")) == best[i]["batch"].get<double>());
        CHECK(number(row.at("tpot_s")) == best[i]["tpot_s"].get<double>());
        CHECK(number(row.at("tokens_per_s_per_gpu")) == best[i]["tokens_per_s_per_gpu"].get<double>());
    }
}

TEST_CASE("validate --csv: one row per run, training then inference, the same error as the JSON", "[cli][csv]")
{
    const nlohmann::json json = nlohmann::json::parse(run(runValidate, {"--json"}));
    const auto rows = parseCsv(run(runValidate, {"--csv"}));
    const nlohmann::json& cases = json["cases"];
    const nlohmann::json& inference = json["inference"]["cases"];
    REQUIRE_FALSE(inference.empty());
    REQUIRE(rows.size() == cases.size() + inference.size() + 1);
    CHECK(rows[0][0] == "id");
    CHECK(rows[0][1] == "mode");
    for (size_t i = 0; i < cases.size() + inference.size(); ++i) {
        const bool training = i < cases.size();
        const nlohmann::json& c = training ? cases[i] : inference[i - cases.size()];
        const auto row = record(rows[0], rows[i + 1]);
        CHECK(row.at("id") == c["id"].get<std::string>());
        CHECK(row.at("mode") == (training ? "training" : "inference"));
        CHECK(number(row.at("error")) == c["error"].get<double>());
    }
}

TEST_CASE("CSV output is refused beside --text, --timeline or --json (usage, exit 2)", "[cli][csv]")
{
    const std::string file = presetPath("default");
    std::ostringstream out, err;
    CHECK(runEvaluate({file, "--breakdown", "--text", "--csv"}, out, err) == 2);
    CHECK(runEvaluate({file, "--timeline", "--csv"}, out, err) == 2);
    CHECK(runSearch({file, "--text", "--csv"}, out, err) == 2);
    CHECK(runValidate({"--json", "--csv"}, out, err) == 2);
    CHECK(err.str().find("error: --csv: not with --text") != std::string::npos);
    CHECK(out.str().empty());
}

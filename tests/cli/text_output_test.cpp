// The CLI's text tables: columns sized from their content, so that a long
// case id never runs into the numbers beside it; `search` shows the model's
// ranking with the published ceiling as a mark, in JSON and in text.

#include "app/cli/commands.h"
#include "app/cli/export_views.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

using namespace scalescope::cli;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// Cells of a table row: runs of text separated by two or more spaces.
std::vector<std::string> cells(const std::string& row)
{
    static const std::regex gap(" {2,}");
    std::vector<std::string> out;
    for (std::sregex_token_iterator it(row.begin(), row.end(), gap, -1), end; it != end; ++it)
        if (!it->str().empty()) out.push_back(*it);
    return out;
}

std::string presetPath(const char* name)
{
    return std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/" + name + ".scalescope.json";
}

} // namespace

TEST_CASE("validate's text table: every row has its seven cells apart, the longest case id included (issue 29)",
          "[cli]")
{
    std::ostringstream out, err;
    REQUIRE(runValidate({}, out, err) == 0);
    const auto rows = lines(out.str());
    REQUIRE(rows.size() > 40);
    CHECK(cells(rows[0]) == std::vector<std::string>{"case", "GPU", "model", "GPUs", "measured", "predicted", "error"});
    size_t longest = 0;
    int dataRows = 0;
    for (size_t i = 1; i < rows.size() && rows[i].rfind("measured and predicted", 0) != 0; ++i) {
        INFO(rows[i]);
        const auto c = cells(rows[i]);
        REQUIRE(c.size() == 7);
        CHECK(std::regex_match(c[0], std::regex("[a-z0-9.-]+( \\*)?")));
        CHECK(std::regex_match(c[4], std::regex("[0-9]+\\.[0-9]")));
        CHECK(std::regex_match(c[6], std::regex("[+-][0-9]+\\.[0-9] %")));
        CHECK(rows[i].size() == rows[0].size()); // the last column is right-aligned under its header
        longest = std::max(longest, c[0].size());
        ++dataRows;
    }
    CHECK(dataRows >= 44);
    CHECK(longest > 40); // the case that ran into the GPU column when the column was 40 characters wide
}

TEST_CASE("validate --json: the MoE and long-context classes count their cases; the precision classes hold dense "
          "runs only (issue 33)",
          "[cli]")
{
    std::ostringstream out, err;
    REQUIRE(runValidate({"--json"}, out, err) == 0);
    const auto report = nlohmann::json::parse(out.str());
    int moe = 0, moeHeld = 0, longContext = 0, longHeld = 0, denseHeld = 0;
    for (const auto& c : report["cases"]) {
        const bool held = c["held_to_bounds"].get<bool>();
        const bool isMoe = c["class"] == "moe";
        moe += isMoe;
        moeHeld += isMoe && held;
        longContext += c["long_context"].get<bool>();
        longHeld += c["long_context"].get<bool>() && held;
        denseHeld += !isMoe && held;
    }
    CHECK(moe >= 8);
    CHECK(longContext >= 2);
    CHECK(report["moe"]["runs"] == moe);
    CHECK(report["moe"]["held"]["runs"] == moeHeld);
    CHECK(report["long_context"]["runs"] == longContext);
    CHECK(report["long_context"]["held"]["runs"] == longHeld);
    CHECK(report["held_16bit"]["runs"].get<int>() + report["held_low_precision"]["runs"].get<int>() == denseHeld);
    CHECK(report["held_runs"].get<int>() == denseHeld + moeHeld);
    CHECK(report["moe"]["max_abs_error"].get<double>() >= report["moe"]["held"]["max_abs_error"].get<double>());

    std::ostringstream text, textErr;
    REQUIRE(runValidate({}, text, textErr) == 0);
    CHECK_THAT(text.str(), Catch::Contains("\nmixture of experts: " + std::to_string(moe) + " runs"));
    CHECK_THAT(text.str(), Catch::Contains("\nlong context (65,536 tokens or more): " + std::to_string(longContext) + " runs"));
}

TEST_CASE("validate's inference section follows the training table: eleven cells a row, and the same cases in JSON",
          "[cli][inference]")
{
    std::ostringstream out, err;
    REQUIRE(runValidate({}, out, err) == 0);
    const auto rows = lines(out.str());
    size_t header = 0;
    while (header < rows.size() && rows[header].rfind("inference case", 0) != 0)
        ++header;
    REQUIRE(header < rows.size());
    CHECK(rows[header - 1].rfind("inference runs (", 0) == 0);
    int dataRows = 0;
    for (size_t i = header + 1; i < rows.size() && rows[i].rfind("measured and predicted", 0) != 0; ++i) {
        INFO(rows[i]);
        const auto c = cells(rows[i]);
        REQUIRE(c.size() == 11);
        CHECK(std::regex_match(c[4], std::regex("[0-9]+!?")));            // the batch the model evaluated
        CHECK(std::regex_match(c[5], std::regex("[0-9]+/[0-9]+")));       // prompt / output tokens
        CHECK(std::regex_match(c[8], std::regex("[+-][0-9]+\\.[0-9] %"))); // tokens/s per GPU error
        ++dataRows;
    }
    CHECK(rows.back().rfind("inference runs held to the bounds", 0) == 0);

    std::ostringstream json, jsonErr;
    REQUIRE(runValidate({"--json"}, json, jsonErr) == 0);
    const auto report = nlohmann::json::parse(json.str());
    REQUIRE(report.contains("inference"));
    CHECK(static_cast<int>(report["inference"]["cases"].size()) == dataRows);
    CHECK(report["inference"]["held"]["runs"].get<int>() >= 10);
    for (const auto& c : report["inference"]["cases"]) {
        CHECK(c["ok"] == true);
        CHECK(c.contains("not_modelled"));
        CHECK(c["error"].get<double>() ==
              Approx(c["predicted_tokens_per_s_per_gpu"].get<double>() / c["measured_tokens_per_s_per_gpu"].get<double>() - 1));
    }
}

TEST_CASE("search ranks every fitting layout and marks those beyond the best published run, naming it (issue 29)",
          "[cli]")
{
    // The BF16 roofline of the default preset: its fastest layouts are beyond any published run.
    nlohmann::json j = nlohmann::json::parse(std::ifstream(presetPath("default")));
    j["efficiency"] = "theoretical";
    const fs::path file = fs::temp_directory_path() / "scalescope-search-roofline.scalescope.json";
    std::ofstream(file) << j.dump(2);

    std::ostringstream out, err;
    REQUIRE(runSearch({file.string(), "--top", "5"}, out, err) == 0);
    const auto result = nlohmann::json::parse(out.str());
    CHECK(result["published_mfu_ceiling_run"] == "MPT-7B on 8 A100 80GB (llm-foundry)");
    CHECK(result["published_mfu_ceiling"].get<double>() == Approx(0.617).margin(0.005));
    REQUIRE(result["best"].size() == 5);
    CHECK(result["above_published_mfu"].get<long long>() > 0);
    const double ceiling = result["published_mfu_ceiling"];
    double previous = 0;
    for (const auto& l : result["best"]) {
        CHECK(l["beyond_published_run"].get<bool>() == (l["mfu"].get<double>() > ceiling));
        CHECK(l["step_time_s"].get<double>() >= previous);
        previous = l["step_time_s"];
    }
    CHECK(result["best"][0]["beyond_published_run"] == true);

    std::ostringstream text, textErr;
    REQUIRE(runSearch({file.string(), "--top", "5", "--text"}, text, textErr) == 0);
    const auto rows = lines(text.str());
    REQUIRE(rows.size() == 3 + 5);
    CHECK_THAT(rows[1], Catch::StartsWith(
                            "best published run of the class: MPT-7B on 8 A100 80GB (llm-foundry), BF16 MFU 61.7 %"));
    CHECK(cells(rows[2]).front() == "step time");
    CHECK_THAT(rows[3], Catch::EndsWith("  beyond any published run"));
    fs::remove(file);
}

TEST_CASE("The export views are one list: fourteen, each found by its key", "[cli]")
{
    CHECK(kExportViews.size() == 14);
    for (const ExportViewInfo& v : kExportViews)
        CHECK(findExportView(v.key) == &v);
    CHECK(findExportView("report") == nullptr);
    CHECK(exportViewKeys(", ", " or ") ==
          "chip, sm, superchip, rack, memory, roofline, topology, power, sharding, throughput-latency, timeline, breakdown, planner or sweep");
}

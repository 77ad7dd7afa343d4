// `scalescope-cli specs ...` through its command function.

#include "command_run.h"

#include "app/cli/commands.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope::cli;
namespace fs = std::filesystem;

namespace {
using Run = CommandRun;
Run run(const Args& args) { return runCommand(runSpecs, args); }
} // namespace

TEST_CASE("specs validate accepts every shipped file of every kind with a schema: specs, scenarios, validation runs "
          "(pending ones included) (issue 29)",
          "[cli]")
{
    Args args{"validate"};
    int scenarios = 0, runs = 0;
    for (const auto& e : fs::recursive_directory_iterator(SCALESCOPE_SPECS_DIR)) {
        const std::string p = e.path().string();
        if (!e.is_regular_file() || e.path().extension() != ".json" || p.find("/schema/") != std::string::npos)
            continue;
        args.push_back(p);
        scenarios += p.find("/scenarios/") != std::string::npos;
        runs += p.find("/validation/pending/") != std::string::npos;
    }
    REQUIRE(args.size() > 60);
    REQUIRE(scenarios >= 5);
    REQUIRE(runs >= 5);
    const Run r = run(args);
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    for (size_t i = 1; i < args.size(); ++i)
        CHECK_THAT(r.out, Catch::Contains(args[i] + ": ok\n"));
}

TEST_CASE(
    "specs validate reads a scenario as the program does: a misspelt key and an unknown model are errors (issue 29)",
    "[cli]")
{
    const std::string typo = std::string(SCALESCOPE_FIXTURES_DIR) + "/scenarios/misspelt_key.scalescope.json";
    const Run r = run({"validate", typo});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains(typo + ": /training/global_bacth: unknown key; did you mean global_batch?"));
    const fs::path unknownModel = fs::temp_directory_path() / "scalescope-unknown-model.scalescope.json";
    nlohmann::json j =
        nlohmann::json::parse(std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/default.scalescope.json"));
    j["model"] = "llama3-71b";
    std::ofstream(unknownModel) << j.dump(2);
    const Run m = run({"validate", unknownModel.string()});
    CHECK(m.code == 1);
    CHECK_THAT(m.err, Catch::Contains(unknownModel.string() + ": /model: "));
    fs::remove(unknownModel);
}

TEST_CASE("specs validate: a broken copy exits 1 with file, path and expectation", "[cli]")
{
    const std::string bad = std::string(SCALESCOPE_FIXTURES_DIR) + "/bad/missing_field.json";
    const Run r = run({"validate", bad});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains(bad + ": /hbm/bandwidth: expected an object"));
}

TEST_CASE("specs list and show print every spec, values with units and sources", "[cli]")
{
    const Run list = run({"list"});
    CHECK(list.code == 0);
    CHECK_THAT(list.out, Catch::Contains("h100-sxm"));
    CHECK_THAT(list.out, Catch::Contains("gb200-nvl72"));
    const Run json = run({"list", "--json"});
    CHECK(json.code == 0);
    CHECK(nlohmann::json::parse(json.out).size() >= 29);
    const Run show = run({"show", "h100-sxm"});
    CHECK(show.code == 0);
    CHECK_THAT(show.out, Catch::Contains("/hbm/bandwidth"));
    CHECK_THAT(show.out, Catch::Contains("3.35 TB/s"));
    CHECK_THAT(show.out, Catch::Contains("sources:"));
    const Run missing = run({"show", "h1000"});
    CHECK(missing.code == 1);
    CHECK(run({"bogus"}).code == 2);
    CHECK(run({"list", "--frobnicate"}).code == 2);
}

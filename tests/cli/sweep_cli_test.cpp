// `scalescope-cli sweep`: the JSON's shape and numbers (each point is the
// evaluation `evaluate` prints for that layout), the CSV through the one
// CSV writer, the table, and bad flags refused.

#include "app/cli/commands.h"
#include "model/report/csv_table.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope;
using namespace scalescope::cli;

namespace {

const std::string kDefault = std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/default.scalescope.json";

nlohmann::json sweepJson(const std::string& axis)
{
    std::ostringstream out, err;
    REQUIRE(runSweep({kDefault, "--axis", axis, "--json"}, out, err) == 0);
    INFO(err.str());
    return nlohmann::json::parse(out.str());
}

} // namespace

TEST_CASE("sweep --json: tp of the default scenario, its points, the NVLink boundary and the memory limit", "[cli][sweep]")
{
    const auto j = sweepJson("tp");
    CHECK(j["axis"] == "tp");
    CHECK(j["current"] == 8);
    CHECK(j["nvlink_domain_gpus"] == 8);
    CHECK(j["nvlink_domain_boundary"] == 16); // a DGX H100 node holds 8 GPUs: tp 16 spans two
    CHECK(j["memory_limit_bytes"].get<double>() > 0);
    CHECK(j["memory_limit_GiB"].get<double>() == Approx(j["memory_limit_bytes"].get<double>() / 1073741824.0).epsilon(1e-12));
    REQUIRE(j["points"].size() == 5);
    CHECK(j["excluded"].empty());
    long long previous = 0;
    for (const auto& p : j["points"]) {
        for (const char* key : {"value", "step_time_s", "mfu", "tokens_per_s", "memory_per_gpu_bytes", "memory_per_gpu_GiB",
                                "memory_limit_bytes", "fits", "fits_with_spill", "exposed_comm_s", "exposed_tp_s",
                                "exposed_cp_s", "exposed_ep_s", "exposed_pp_s", "exposed_dp_s", "leaves_nvlink_domain",
                                "gpus", "tp", "pp", "cp", "dp", "ep", "vpp", "microbatch_size", "schedule"}) {
            INFO(key);
            CHECK(p.contains(key));
        }
        CHECK(p["value"].get<long long>() > previous);
        previous = p["value"].get<long long>();
        CHECK(p["tp"] == p["value"]);
        CHECK(p["tp"].get<int>() * p["dp"].get<int>() == 16);
        CHECK(p["leaves_nvlink_domain"] == (p["value"].get<int>() > 8));
    }
    // The scenario's own point is what `evaluate` prints for it.
    std::ostringstream out, err;
    REQUIRE(runEvaluate({kDefault}, out, err) == 0);
    const auto e = nlohmann::json::parse(out.str());
    const auto& own = j["points"][3];
    REQUIRE(own["value"] == 8);
    CHECK(own["step_time_s"].get<double>() == Approx(e["step_time_s"].get<double>()).epsilon(1e-12));
    CHECK(own["mfu"].get<double>() == Approx(e["mfu"].get<double>()).epsilon(1e-12));
    CHECK(own["exposed_comm_s"].get<double>() == Approx(e["exposed_comm_s"].get<double>()).epsilon(1e-12));
    CHECK(own["memory_per_gpu_bytes"].get<double>() == Approx(e["memory_per_gpu"]["total_B"].get<double>()).epsilon(1e-12));
}

TEST_CASE("sweep --csv: one row per point, the JSON's point keys as columns, and the table names the boundary", "[cli][sweep]")
{
    std::ostringstream out, err;
    REQUIRE(runSweep({kDefault, "--axis", "pp", "--csv"}, out, err) == 0);
    const auto rows = parseCsv(out.str());
    const auto j = sweepJson("pp");
    REQUIRE(rows.size() == j["points"].size() + 1);
    const auto& header = rows.front();
    CHECK(header.front() == "value");
    for (const char* key : {"step_time_s", "mfu", "memory_per_gpu_bytes", "exposed_comm_s", "fits"})
        CHECK(std::find(header.begin(), header.end(), key) != header.end());
    CHECK(rows[1][0] == std::to_string(j["points"][0]["value"].get<long long>()));

    std::ostringstream text, textErr;
    REQUIRE(runSweep({kDefault, "--axis", "tp"}, text, textErr) == 0);
    CHECK(text.str().find("tp 16 is the first to leave it") != std::string::npos);
    CHECK(text.str().find("(scenario)") != std::string::npos);
    CHECK(text.str().find("memory limit (usable HBM per GPU)") != std::string::npos);
}

TEST_CASE("sweep refuses a missing axis, two formats and a missing scenario", "[cli][sweep]")
{
    std::ostringstream out, err;
    CHECK(runSweep({kDefault}, out, err) == 2);
    CHECK(runSweep({kDefault, "--axis", "tp", "--json", "--csv"}, out, err) == 2);
    CHECK(runSweep({"--axis", "tp"}, out, err) == 2);
    CHECK(runSweep({"no-such.scalescope.json", "--axis", "tp"}, out, err) == 1);
    std::ostringstream help, none;
    CHECK(runSweep({"--help"}, help, none) == 0);
    CHECK(help.str().find("--axis A") != std::string::npos);
}

// `scalescope-cli calibration import` through its command function. The
// list and show of an imported calibration need a fresh catalog, so they run
// on the binary (calibration_import.cmake).

#include "command_run.h"

#include "app/cli/commands.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope::cli;
namespace fs = std::filesystem;

namespace {

using Run = CommandRun;
Run run(const Args& args) { return runCommand(runCalibration, args); }

std::string fixture(const std::string& name) { return std::string(SCALESCOPE_FIXTURES_DIR) + "/nccl-tests/" + name; }

// A fresh folder, set as the user data folder so nothing reaches the real one.
fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("scalescope-calibration-test-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    setenv("XDG_DATA_HOME", (dir / "data").c_str(), 1);
    return dir;
}

std::string text(const fs::path& file)
{
    std::ifstream in(file);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const fs::path& file, const std::string& content) { std::ofstream(file) << content; }

} // namespace

TEST_CASE("calibration import of an nccl-tests log writes a network calibration with the log's bus bandwidth", "[cli]")
{
    const fs::path dir = scratch("log");
    const fs::path out = dir / "mine.json";
    const Run r = run({"import", fixture("all_reduce_perf-8xh100.log"), "--nvlink", "450 GB/s", "--id", "nccl-lab", "-o", out.string()});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("wrote " + out.string() + "  (calibration nccl-lab, from "));
    const nlohmann::json spec = nlohmann::json::parse(text(out));
    CHECK(spec["id"] == "nccl-lab");
    // 361.23 GB/s is the log's peak out-of-place busbw (8 GiB row): f = 361.23 / 450.
    CHECK(spec["nvlink_achievable_fraction"]["value"] == 0.803);
    CHECK_THAT(spec["sources"]["log1"].get<std::string>(), Catch::Contains("peak out-of-place busbw 361.23 GB/s at 8589934592 B"));
    CHECK(spec["measured_on"] == nlohmann::json({{"device", "NVIDIA H100 80GB HBM3"}, {"gpus", 8}, {"nodes", 1}}));
    CHECK(!fs::exists(out.string() + ".part"));

    // The spec reader accepts it as it accepts the shipped specs.
    std::ostringstream vout, verr;
    CHECK(runSpecs({"validate", out.string()}, vout, verr) == 0);
    CHECK(vout.str() == out.string() + ": ok\n");

    // A second import does not replace it without --force.
    const Run again = run({"import", fixture("all_reduce_perf-8xh100.log"), "--nvlink", "450 GB/s", "-o", out.string()});
    CHECK(again.code == 1);
    CHECK_THAT(again.err, Catch::Contains(out.string() + " exists; --force replaces it"));
    CHECK(run({"import", fixture("all_reduce_perf-8xh100.log"), "--nvlink", "450 GB/s", "-o", out.string(), "--force"}).code == 0);
}

TEST_CASE("calibration import writes under the user spec folder by default", "[cli]")
{
    const fs::path dir = scratch("default");
    const Run r = run({"import", fixture("all_gather_perf-16xh100-2nodes.log"), "--scale-out", "400 Gb/s", "--id", "lab-ib"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    const fs::path written = dir / "data" / "scalescope" / "specs" / "calibration" / "lab-ib.json";
    CHECK(fs::exists(written));
    CHECK(nlohmann::json::parse(text(written))["scale_out_achievable_fraction"]["source"] == "fit-scale-out");
}

TEST_CASE("calibration import refuses a truncated or mislabelled log with its line, and writes nothing", "[cli]")
{
    const fs::path dir = scratch("bad");
    const std::string good = text(fixture("all_reduce_perf-8xh100.log"));
    const fs::path truncated = dir / "all_reduce_perf-cut.log";
    write(truncated, good.substr(0, good.find("  1073741824")));
    const fs::path mislabelled = dir / "all_gather_perf-8.log"; // AllReduce rows: busbw = 1.75 algbw, not 0.875
    write(mislabelled, good);
    const fs::path out = dir / "out.json";

    Run r = run({"import", truncated.string(), "--nvlink", "450 GB/s", "-o", out.string()});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains(truncated.string() + ":44: expected more result rows or the \"# Avg bus bandwidth\" footer, "
                                                           "found the end of the file: the log is truncated"));
    r = run({"import", mislabelled.string(), "--nvlink", "450 GB/s", "-o", out.string()});
    CHECK(r.code == 1);
    // The first row whose printed two decimals tell the factors apart: 256 B, algbw 0.01, busbw 0.02.
    CHECK_THAT(r.err, Catch::Contains(mislabelled.string() + ":22: expected out-of-place busbw = algbw x 0.875 (the bus factor of "
                                                             "all_gather_perf on 8 GPUs)"));
    CHECK(!fs::exists(out));
}

TEST_CASE("calibration import says what a log or a file lacks", "[cli]")
{
    const fs::path dir = scratch("lacks");
    Run r = run({"import", fixture("all_reduce_perf-8xh100.log"), "-o", (dir / "x.json").string()});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("one-node logs need the per-GPU NVLink bandwidth, one direction, e.g. --nvlink \"450 GB/s\""));

    r = run({"import", fixture("all_reduce_perf-8xh100.log"), "--nvlink", "fast"});
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("error: --nvlink: "));

    const fs::path recording = dir / "gpu.recording.json";
    write(recording, R"({"meta": {"device": "NVIDIA H100 80GB HBM3"}, "gemm_bf16": []})");
    r = run({"import", recording.string()});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("a tools/calibrate recording or kernel sweep, not a spec, and tools/calibrate/writer.py "
                                      "could not turn it into one (its messages above): run\n  python3 tools/calibrate/writer.py " +
                                      recording.string() + " -o SPEC.json"));

    const fs::path gpu = fs::path(SCALESCOPE_SPECS_DIR) / "gpus" / "h100-sxm.json";
    r = run({"import", gpu.string()});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("/kind: expected \"compute-calibration\" or \"calibration\" (or an nccl-tests log), found \"gpu\""));
}

TEST_CASE("calibration import of a compute-calibration spec checks and copies it under a new id", "[cli]")
{
    const fs::path dir = scratch("compute");
    const fs::path out = dir / "mine.json";
    const Run r = run({"import", std::string(SCALESCOPE_SPECS_DIR) + "/calibration/compute-hopper.json", "--id", "my-h100", "-o",
                       out.string()});
    INFO(r.err);
    REQUIRE(r.code == 0);
    const nlohmann::json spec = nlohmann::json::parse(text(out));
    CHECK(spec["id"] == "my-h100");
    CHECK(spec["kind"] == "compute-calibration");

    // A broken spec is refused with its JSON path, and nothing is written.
    nlohmann::json broken = spec;
    broken["gemm"]["bf16"]["unit"] = "furlongs";
    write(dir / "broken.json", broken.dump());
    const Run bad = run({"import", (dir / "broken.json").string(), "--id", "b", "-o", (dir / "b.json").string()});
    CHECK(bad.code == 1);
    CHECK_THAT(bad.err, Catch::Contains("/gemm/bf16/unit"));
    CHECK(!fs::exists(dir / "b.json"));
}

TEST_CASE("calibration import turns a recording of kernel timings into a compute calibration with the project's writer",
          "[cli]")
{
    // A subset of the shipped H100 sweep (tests/fixtures/calibrate, provenance inside).
    const fs::path dir = scratch("recording");
    const fs::path out = dir / "lab-h100.json";
    const std::string timings = std::string(SCALESCOPE_FIXTURES_DIR) + "/calibrate/h100-sxm-kernels-subset.json";
    const Run r = run({"import", timings, "--id", "lab-h100", "-o", out.string()});
    INFO(r.err);
    REQUIRE(r.code == 0);
    std::ifstream in(out);
    const auto spec = nlohmann::json::parse(in);
    CHECK(spec.at("kind") == "compute-calibration");
    CHECK(spec.at("id") == "lab-h100");
    CHECK(spec.at("gemm").contains("bf16"));
}

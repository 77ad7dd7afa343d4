// A scenario's "calibration" block: the calibrations its measured numbers rest
// on, read, written, resolved against the catalog (user calibrations
// included) and shown per breakdown row with the kind of its source.

#include "model_test_support.h"

#include "model/core/evaluation.h"
#include "model/inference/inference_json.h"
#include "model/inference/inference_step.h"
#include "model/training/operation_breakdown.h"

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace scalescope;
using namespace scalescope::testing;
namespace fs = std::filesystem;

namespace {

nlohmann::json shippedSpec(const std::string& name)
{
    std::ifstream in(fs::path(SCALESCOPE_SPECS_DIR) / "calibration" / name);
    return nlohmann::json::parse(in);
}

// A user spec folder holding a Hopper compute calibration whose GEMM tables
// run 10 % faster ("lab-h100-fast") and a network calibration whose NVLink
// collectives reach 0.9 of the line rate ("lab-nvlink").
struct UserCalibrations {
    // One folder per process: CTest runs the test cases side by side.
    fs::path dir = fs::temp_directory_path() / ("scalescope-calibration-choice-" + std::to_string(::getpid()));
    SpecCatalog catalog;
    static constexpr double kGemmSpeedup = 1.1;

    UserCalibrations()
    {
        fs::remove_all(dir);
        fs::create_directories(dir);
        nlohmann::json compute = shippedSpec("compute-hopper.json");
        compute["id"] = "lab-h100-fast";
        for (const char* precision : {"bf16", "fp8"})
            for (const char* pass : {"forward", "data_grad", "weight_grad"})
                for (auto& plane : compute["gemm"][precision][pass])
                    for (auto& row : plane)
                        for (auto& v : row) v = v.get<double>() * kGemmSpeedup;
        std::ofstream(dir / "lab-h100-fast.json") << compute.dump(2);
        nlohmann::json network = shippedSpec("nccl-measured.json");
        network["id"] = "lab-nvlink";
        network["nvlink_achievable_fraction"]["value"] = 0.9;
        std::ofstream(dir / "lab-nvlink.json") << network.dump(2);
        SpecErrors errors;
        catalog = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {dir}, errors);
        for (const auto& e : errors) UNSCOPED_INFO(e.text());
        REQUIRE(errors.empty());
    }
    ~UserCalibrations() { fs::remove_all(dir); }

    EvaluationContext context(const Scenario& s) const
    {
        SpecErrors errors;
        auto ctx = makeEvaluationContext(s, catalog, errors);
        for (const auto& e : errors) UNSCOPED_INFO(e.text());
        REQUIRE(ctx);
        return *ctx;
    }
};

// Calls f(before, after) for each row of two evaluations of one layout.
template <class F>
void forEachRowPair(const Evaluation& a, const Evaluation& b, F f)
{
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    REQUIRE(a.ops.size() == b.ops.size());
    for (int i = 0; i < a.ops.size(); ++i) {
        INFO(opKindKey(a.ops[i].op) << " " << phaseKey(a.ops[i].phase));
        f(a.ops[i], b.ops[i]);
    }
}

std::vector<std::string> resolveErrors(const Scenario& s, const SpecCatalog& c)
{
    SpecErrors errors;
    (void)makeEvaluationContext(s, c, errors);
    std::vector<std::string> out;
    for (const auto& e : errors) out.push_back(e.path + ": " + e.message);
    return out;
}

} // namespace

TEST_CASE("A scenario's calibration block reads, writes back, and is refused when misspelt", "[scenario][calibration]")
{
    nlohmann::json doc = scenarioToJson(presetScenario("default"));
    CHECK_FALSE(doc.contains("calibration")); // the default writes nothing
    doc["calibration"] = {{"compute", "lab-h100-fast"}, {"network", "lab-nvlink"}};
    SpecErrors errors;
    const auto s = parseScenario(doc, "s.scalescope.json", errors);
    REQUIRE(s);
    CHECK(s->calibration.compute == "lab-h100-fast");
    CHECK(s->calibration.network == "lab-nvlink");
    CHECK(scenarioToJson(*s)["calibration"] == doc["calibration"]);

    doc["calibration"] = {{"comptue", "x"}};
    CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/calibration/comptue"});
    doc["calibration"] = {{"compute", ""}};
    CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/calibration/compute"});
    doc["calibration"] = "lab-h100-fast";
    CHECK(scenarioErrorPaths(doc) == std::vector<std::string>{"/calibration"});
}

TEST_CASE("Naming the shipped calibrations gives the numbers of naming none", "[calibration]")
{
    Scenario named = presetScenario("default");
    named.calibration = {"compute-hopper", "nccl-measured"};
    const Evaluation a = evaluate(contextFor(presetScenario("default")));
    const Evaluation b = evaluate(contextFor(named));
    REQUIRE(a.ok);
    CHECK(b.stepTime.si == a.stepTime.si);
    CHECK(b.mfu == a.mfu);
}

TEST_CASE("A faster user GEMM table shortens the GEMM rows and nothing else", "[calibration]")
{
    const UserCalibrations user;
    const Scenario base = presetScenario("default");
    Scenario fast = base;
    fast.calibration.compute = "lab-h100-fast";
    const EvaluationContext baseCtx = user.context(base), fastCtx = user.context(fast);
    const Evaluation a = evaluate(baseCtx), b = evaluate(fastCtx);
    int gemmRows = 0;
    forEachRowPair(a, b, [&](const OpRow& x, const OpRow& y) {
        if (x.stream == OpStream::Compute && x.bound == OpBound::Gemm) {
            ++gemmRows;
            CHECK(y.efficiency > x.efficiency);
            CHECK(y.time.si < x.time.si);
            CHECK(rowProvenance(fastCtx, y).kind == SourceKind::UserMeasurement);
            CHECK(rowProvenance(fastCtx, y).calibration == "lab-h100-fast");
            CHECK(rowProvenance(baseCtx, x).kind == SourceKind::ShippedMeasurement);
            CHECK(rowProvenance(baseCtx, x).calibration == "compute-hopper");
        } else if (x.stream != OpStream::Compute) {
            CHECK(y.efficiency == x.efficiency); // collectives keep their calibration
            CHECK(y.bytes.si == x.bytes.si);
        }
    });
    CHECK(gemmRows > 0);
    CHECK(b.stepTime.si < a.stepTime.si);
    CHECK(b.memory.total.si == a.memory.total.si);
}

TEST_CASE("A user network calibration moves the collective rows and no compute row", "[calibration]")
{
    const UserCalibrations user;
    const Scenario base = presetScenario("default");
    Scenario nvlink = base;
    nvlink.calibration.network = "lab-nvlink";
    const EvaluationContext ctx = user.context(nvlink);
    const Evaluation a = evaluate(user.context(base)), b = evaluate(ctx);
    int moved = 0;
    forEachRowPair(a, b, [&](const OpRow& x, const OpRow& y) {
        if (x.stream == OpStream::Compute) {
            CHECK(y.efficiency == x.efficiency);
            CHECK(y.flops.si == x.flops.si);
        } else if (y.time.si < x.time.si) {
            ++moved;
            if (y.source && ctx.calibration.sources.count(*y.source))
                CHECK(rowProvenance(ctx, y).kind == SourceKind::UserMeasurement);
        }
    });
    CHECK(moved > 0);
    CHECK(ctx.calibration.id == "lab-nvlink");
    CHECK(ctx.calibrationUser);
}

TEST_CASE("An unknown calibration id or one for another architecture is refused with its path", "[calibration]")
{
    const UserCalibrations user;
    Scenario s = presetScenario("default"); // H100: Hopper
    s.calibration.compute = "lab-h100-fsat";
    auto errors = resolveErrors(s, user.catalog);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].rfind("/calibration/compute: ", 0) == 0);
    CHECK(errors[0].find("compute-hopper") != std::string::npos); // lists the ids that fit
    CHECK(errors[0].find("lab-h100-fast") != std::string::npos);
    CHECK(errors[0].find("compute-blackwell") == std::string::npos);

    s.calibration.compute = "compute-blackwell";
    errors = resolveErrors(s, user.catalog);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].rfind("/calibration/compute: expected a compute calibration for the Hopper architecture", 0) == 0);

    s.calibration.compute.clear();
    s.calibration.network = "memory-reserve"; // a calibration, but not of the network
    errors = resolveErrors(s, user.catalog);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].rfind("/calibration/network: ", 0) == 0);
    CHECK(errors[0].find("lab-nvlink") != std::string::npos);
}

TEST_CASE("Breakdown rows name their calibration and its kind", "[calibration]")
{
    const EvaluationContext hopper = contextFor(presetScenario("default"));
    const Evaluation e = evaluate(hopper);
    REQUIRE(e.ok);
    const nlohmann::json rows = breakdownToJson(hopper, e)["rows"];
    bool network = false;
    for (const auto& row : rows) {
        INFO(row.dump());
        if (row["source"].is_null()) {
            CHECK(row["source_kind"] == "roofline");
            continue;
        }
        CHECK(row["source_kind"] != "roofline");
        if (row["calibration"] == "nccl-measured") network = true;
    }
    CHECK(network);
    // A family carried over from Hopper says so on its rows.
    const EvaluationContext blackwell = contextFor(presetScenario("gb200-nvl72-llama3-405b"));
    REQUIRE(blackwell.computeCarriedOver);
    const Evaluation eb = evaluate(blackwell);
    REQUIRE(eb.ok);
    int carried = 0;
    for (const OpRow& r : eb.ops)
        if (r.stream == OpStream::Compute && r.bound == OpBound::Gemm)
            carried += rowProvenance(blackwell, r).kind == SourceKind::CarriedOver;
    CHECK(carried > 0);
    CHECK(breakdownText(blackwell, eb).find("Calibrations: compute " + blackwell.compute.id + ", network nccl-measured") !=
          std::string::npos);
}

TEST_CASE("Inference breakdown rows name their calibration and its kind too", "[calibration][inference]")
{
    const EvaluationContext ctx = contextFor(presetScenario("llama3-70b-inference-8xh100"));
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    int shipped = 0;
    const nlohmann::json breakdown = inferenceBreakdownJson(ctx, e);
    for (const auto& row : breakdown["rows"]) {
        INFO(row.dump());
        CHECK((row["source_kind"] == "roofline") == row["source"].is_null());
        if (row["assumption"] == true) CHECK(row["source_kind"] == "assumption");
        shipped += row["source_kind"] == "shipped-measurement" && row["calibration"] == "compute-hopper";
    }
    CHECK(shipped > 0);
}

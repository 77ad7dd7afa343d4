// Loading specs: every shipped file is valid; every malformed fixture is
// refused with "file: /json/path: expected ..., found ..."; user specs
// override built-in ones by id.

#include "model/spec/spec_catalog.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace scalescope;
namespace fs = std::filesystem;

namespace {

const SpecCatalog& builtins()
{
    static const SpecCatalog catalog = [] {
        SpecErrors errors;
        SpecCatalog c = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {}, errors);
        for (const auto& e : errors) UNSCOPED_INFO(e.text());
        REQUIRE(errors.empty());
        return c;
    }();
    return catalog;
}

fs::path fixture(const char* name) { return fs::path(SCALESCOPE_FIXTURES_DIR) / "bad" / name; }

} // namespace

TEST_CASE("Every shipped spec file loads and validates", "[specs]")
{
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(SCALESCOPE_SPECS_DIR)) {
        const fs::path p = e.path();
        if (!e.is_regular_file() || p.extension() != ".json") continue;
        if (p.string().find("/schema/") != std::string::npos || p.string().find("/scenarios/") != std::string::npos ||
            p.string().find("/validation/") != std::string::npos ||
            fs::relative(p, SCALESCOPE_SPECS_DIR).generic_string().starts_with("lessons/"))
            continue; // read by their own readers (scenarios, validation runs, lessons)
        ++files;
        const SpecErrors errors = SpecCatalog::validateFile(p, &builtins());
        INFO(p.string());
        for (const auto& err : errors) UNSCOPED_INFO(err.text());
        CHECK(errors.empty());
    }
    CHECK(files == static_cast<int>(builtins().documents().size()));
}

TEST_CASE("The catalog holds every GPU, superchip, system and model the issue names", "[specs]")
{
    const SpecCatalog& c = builtins();
    for (const char* id : {"v100-sxm2", "a100-sxm-80gb", "h100-sxm", "h800-sxm", "h200-sxm", "b200", "b300",
                           "gb200-b200", "gb300-b300"})
        CHECK(c.gpu(id) != nullptr);
    CHECK(c.cpu("grace") != nullptr);
    for (const char* id : {"gh200", "gb200", "gb300"}) CHECK(c.superchip(id) != nullptr);
    for (const char* id : {"dgx-a100-superpod", "dgx-h100-superpod", "hgx-h800-cluster", "dgx-b200-superpod",
                           "gb200-nvl72", "gb300-nvl72"})
        CHECK(c.system(id) != nullptr);
    for (const char* id : {"gpt3-175b", "llama2-70b", "llama3-8b", "llama3-70b", "llama3-405b", "nemotron4-340b",
                           "mixtral-8x7b", "deepseek-v3", "gpt-oss-120b", "gpt-moe-1.8t", "dense-100t"})
        CHECK(c.model(id) != nullptr);
}

TEST_CASE("Malformed spec files give file, JSON path and what was expected and found", "[specs]")
{
    struct Row {
        const char* file;
        const char* path;
        const char* message;
    };
    const Row rows[] = {
        {"bad_json.json", "/", "expected valid JSON, found a syntax error at line 4, column 8: unexpected string literal"},
        {"missing_field.json", "/hbm/bandwidth", "expected an object {\"value\": ..., \"source\": ...}, found nothing"},
        {"wrong_unit.json", "/hbm/bandwidth/value", "expected a bandwidth (e.g. \"8 TB/s\", \"400 Gb/s\"), found a size in bytes \"3.35 TB\""},
        {"negative_capacity.json", "/hbm/capacity_usable/value", "expected a positive value, found the string \"-80 GB\""},
        {"unknown_source.json", "/sms/source", "expected one of the keys of /sources ("},
        {"ambiguous_prefix.json", "/l2/capacity/value", "write kB for 1000 bytes or KiB for 1024 bytes"},
        {"unknown_reference.json", "/gpu", "expected the id of a known gpu ("},
        {"misspelt_key.json", "/hbm/bandwith", "unknown key; did you mean bandwidth?"},
        {"misspelt_key.json", "/boost_clcok", "unknown key; did you mean boost_clock?"},
    };
    for (const Row& row : rows) {
        const fs::path file = fixture(row.file);
        INFO(row.file);
        const SpecErrors errors = SpecCatalog::validateFile(file, &builtins());
        REQUIRE_FALSE(errors.empty());
        bool found = false;
        for (const SpecError& e : errors) {
            UNSCOPED_INFO(e.text());
            found = found || (e.text().rfind(file.string() + ": " + row.path + ": ", 0) == 0 &&
                              e.text().find(row.message) != std::string::npos);
        }
        CHECK(found);
    }
}

TEST_CASE("A broken file never half-loads and never stops the others", "[specs]")
{
    SpecErrors errors;
    const SpecCatalog c = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {fs::path(SCALESCOPE_FIXTURES_DIR) / "bad"}, errors);
    CHECK(errors.size() >= 7);
    CHECK(c.gpu("bad-unit") == nullptr);
    CHECK(c.gpu("bad-missing") == nullptr);
    CHECK(c.superchip("bad-superchip") == nullptr);
    CHECK(c.gpu("h100-sxm") != nullptr);
    CHECK(c.documents().size() == builtins().documents().size());
}

TEST_CASE("A user spec with the id of a built-in one replaces it", "[specs]")
{
    const fs::path dir = fs::temp_directory_path() / "scalescope-user-spec-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        std::ifstream in(fs::path(SCALESCOPE_SPECS_DIR) / "gpus" / "h100-sxm.json");
        nlohmann::json j = nlohmann::json::parse(in);
        j["name"] = "My tuned H100";
        j["hbm"]["bandwidth"]["value"] = "3 TB/s";
        std::ofstream(dir / "h100.json") << j.dump(2);
    }
    SpecErrors errors;
    const SpecCatalog c = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {dir}, errors);
    CHECK(errors.empty());
    REQUIRE(c.gpu("h100-sxm") != nullptr);
    CHECK(c.gpu("h100-sxm")->name == "My tuned H100");
    CHECK(c.gpu("h100-sxm")->hbm.bandwidth.value.si == Approx(3e12));
    const SpecDocument* d = c.document(SpecKind::Gpu, "h100-sxm");
    REQUIRE(d != nullptr);
    CHECK(d->user);
    CHECK(d->overrides);
    fs::remove_all(dir);
}

TEST_CASE("An imported compute calibration under its own id does not replace the shipped one of its architecture",
          "[specs]")
{
    const fs::path dir = fs::temp_directory_path() / "scalescope-user-compute-calibration-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    nlohmann::json j;
    {
        std::ifstream in(fs::path(SCALESCOPE_SPECS_DIR) / "calibration" / "compute-hopper.json");
        j = nlohmann::json::parse(in);
    }
    j["id"] = "a-lab-h100"; // sorts before compute-hopper
    std::ofstream(dir / "a.json") << j.dump(2);
    SpecErrors errors;
    const SpecCatalog imported = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {dir}, errors);
    CHECK(errors.empty());
    REQUIRE(imported.computeCalibration("a-lab-h100") != nullptr);
    CHECK(imported.computeCalibrationFor("Hopper") == imported.computeCalibration("compute-hopper"));

    // A user file with the shipped id still replaces it.
    j["id"] = "compute-hopper";
    j["name"] = "My Hopper kernels";
    std::ofstream(dir / "a.json") << j.dump(2);
    const SpecCatalog replaced = SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {dir}, errors);
    CHECK(errors.empty());
    REQUIRE(replaced.computeCalibrationFor("Hopper") != nullptr);
    CHECK(replaced.computeCalibrationFor("Hopper")->name == "My Hopper kernels");
    fs::remove_all(dir);
}

// The optional "decode_attention" table of a measured compute calibration
// (tools/calibrate writes it): read and checked like the other tables, with
// file and JSON path on a malformed one.

#include "model/spec/compute_calibration.h"
#include "model/spec/spec_reader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

using namespace scalescope;

namespace {

// compute-hopper.json with `table` as its decode_attention; the errors reading it.
SpecErrors readWithDecode(const nlohmann::json& table)
{
    nlohmann::json j =
        nlohmann::json::parse(std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/calibration/compute-hopper.json"));
    j["decode_attention"] = table;
    SpecErrors errors;
    SpecReader r("compute-hopper.json", j, errors);
    (void)readComputeCalibration(r);
    r.reportUnreadKeys();
    return errors;
}

// 2 head dims x 3 KV lengths x 2 batches of GB/s.
nlohmann::json decodeTable()
{
    return nlohmann::json::parse(R"({
        "source": "h100", "backend": "FlashAttention-2", "unit": "GB/s", "heads": 32, "kv_heads": 8,
        "head_dim": [64, 128], "kv_len": [1024, 4096, 16384], "batch": [1, 16],
        "bandwidth": [[[400, 1900], [1100, 2800], [2100, 3000]],
                      [[500, 2000], [1300, 2900], [2300, 3050]]]})");
}

} // namespace

TEST_CASE("decode_attention: a complete table with a known source reads without errors", "[kernel][decode]")
{
    CHECK(readWithDecode(decodeTable()).empty());
}

TEST_CASE("decode_attention: a row of the wrong length, another unit or an unknown source is refused with its path",
          "[kernel][decode][errors]")
{
    nlohmann::json shortRow = decodeTable();
    shortRow["bandwidth"][1][2] = nlohmann::json::array({2300});
    const SpecErrors row = readWithDecode(shortRow);
    REQUIRE(row.size() == 1);
    CHECK(row[0].path == "/decode_attention/bandwidth/1/2");
    CHECK(row[0].message.find("expected 2 numbers, found 1") != std::string::npos);

    nlohmann::json unit = decodeTable();
    unit["unit"] = "TFLOP/s";
    const SpecErrors units = readWithDecode(unit);
    REQUIRE(units.size() == 1);
    CHECK(units[0].path == "/decode_attention/unit");

    nlohmann::json source = decodeTable();
    source["source"] = "nowhere";
    const SpecErrors sources = readWithDecode(source);
    REQUIRE(sources.size() == 1);
    CHECK(sources[0].path == "/decode_attention/source");

    nlohmann::json uneven = decodeTable();
    uneven["kv_len"] = nlohmann::json::array({1024, 8192, 16384}); // log2 gaps 3 and 1: 3 is a multiple of 1
    CHECK(readWithDecode(uneven).empty());
    uneven["kv_len"] = nlohmann::json::array({1024, 4096, 32768}); // gaps 2 and 3
    const SpecErrors gaps = readWithDecode(uneven);
    REQUIRE(gaps.size() == 1);
    CHECK(gaps[0].path == "/decode_attention/bandwidth");
}

TEST_CASE("decode_attention: an unknown key inside the table is reported", "[kernel][decode][errors]")
{
    nlohmann::json extra = decodeTable();
    extra["kv_lenght"] = 3;
    const SpecErrors errors = readWithDecode(extra);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].path == "/decode_attention/kv_lenght");
}

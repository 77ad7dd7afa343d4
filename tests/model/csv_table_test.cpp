// The one CSV writer: RFC 4180 quoting, numbers that read back to the same
// double with '.' as the decimal point, JSON records flattened to dotted keys.

#include "model/report/csv_table.h"

#include <catch2/catch.hpp>

#include <charconv>

using namespace scalescope;

TEST_CASE("CSV fields are quoted per RFC 4180 only when they must be", "[csv]")
{
    CHECK(csvField("tp") == "tp");
    CHECK(csvField("tp 8, pp 4") == "\"tp 8, pp 4\"");
    CHECK(csvField("the \"nvlink\" tier") == "\"the \"\"nvlink\"\" tier\"");
    CHECK(csvField("two\nlines") == "\"two\nlines\"");
    CHECK(csvField("a,b", '\t') == "a,b");
    CHECK(csvField("a\tb", '\t') == "\"a\tb\"");
}

TEST_CASE("CSV numbers use '.' and read back to the same double", "[csv]")
{
    CHECK(csvNumber(0.5) == "0.5");
    CHECK(csvNumber(13622820864.0) == "13622820864");
    CHECK(csvNumber(std::numeric_limits<double>::infinity()).empty());
    for (double v : {0.4675553778431928, 4.710439754787717e+17, 3.191574377880185e-05}) {
        const std::string text = csvNumber(v);
        CHECK(text.find(',') == std::string::npos);
        double back = 0;
        std::from_chars(text.data(), text.data() + text.size(), back);
        CHECK(back == v);
    }
}

TEST_CASE("A CSV table parses back to its cells, quotes and newlines included", "[csv]")
{
    const CsvTable table{{"op", "source", "time_s"},
                         {{"qkv_projection", "h100 \"measured\", 2026", "0.00023688198070751106"},
                          {"rotary", "two\nlines", ""}}};
    const std::string text = csvText(table);
    CHECK(text.substr(0, text.find('\n')) == "op,source,time_s");
    const auto rows = parseCsv(text);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0] == table.header);
    CHECK(rows[1] == table.rows[0]);
    CHECK(rows[2] == table.rows[1]);
    CHECK(parseCsv(csvText(table, '\t'), '\t') == rows);
    CHECK_THROWS_AS(parseCsv("a,\"b"), std::invalid_argument);
}

TEST_CASE("JSON records flatten to dotted keys, the union of keys in order first seen", "[csv]")
{
    const nlohmann::json a = {{"step_time_s", 15.9}, {"comm", {{"tp", {{"exposed_s", 2.25}, {"tier", "nvlink"}}}}},
                              {"warnings", {"TP exposed", "bubble"}}, {"fits", true}, {"tier", nullptr}};
    const nlohmann::json b = {{"step_time_s", 1e-3}, {"extra", 7}};
    CsvTable t = csvFromJsonRecords({a, b});
    // nlohmann::json keeps keys sorted.
    CHECK(t.header == std::vector<std::string>{"comm.tp.exposed_s", "comm.tp.tier", "fits", "step_time_s", "tier",
                                                "warnings", "extra"});
    CHECK(t.rows[0] == std::vector<std::string>{"2.25", "nvlink", "true", "15.9", "", "TP exposed; bubble", ""});
    CHECK(t.rows[1] == std::vector<std::string>{"", "", "", "0.001", "", "", "7"});
    moveColumnFirst(t, "step_time_s");
    CHECK(t.header.front() == "step_time_s");
    CHECK(t.rows[1].front() == "0.001");
    CHECK(t.header[1] == "comm.tp.exposed_s");
}

// Quantity parsing and formatting: every accepted form, every refused one.

#include "model/spec/quantity_parser.h"

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("Quantity strings from the specs parse to SI values", "[units]")
{
    struct Row {
        const char* text;
        Dimension dimension;
        double si;
    };
    // clang-format off
    const Row rows[] = {
        {"8 TB/s", Dimension::ByteRate, 8e12},
        {"192 GB", Dimension::Bytes, 192e9},
        {"180 GiB", Dimension::Bytes, 180.0 * 1073741824.0},
        {"1.86 GHz", Dimension::Frequency, 1.86e9},
        {"1000 W", Dimension::Power, 1000},
        {"900 GB/s", Dimension::ByteRate, 900e9},
        {"400 Gb/s", Dimension::ByteRate, 50e9},
        {"989 TFLOP/s", Dimension::FlopRate, 989e12},
        {"256 KiB", Dimension::Bytes, 262144},
        {"126 MB", Dimension::Bytes, 126e6},
        {"6 kW", Dimension::Power, 6000},
        {"150 L/min", Dimension::Flow, 150e-3 / 60},
        {"45 °C", Dimension::Temperature, 318.15},
        {"5 us", Dimension::Time, 5e-6},
        {"2 µs", Dimension::Time, 2e-6},
        {"1 MWh", Dimension::Energy, 3.6e9},
        {"1.36 t", Dimension::Mass, 1360},
        {"6.3e24 FLOP", Dimension::Flops, 6.3e24},
        {"  132  ", Dimension::Count, 132},
        {"3.35TB/s", Dimension::ByteRate, 3.35e12},
    };
    // clang-format on
    for (const Row& row : rows) {
        INFO(row.text);
        const QuantityParse p = parseQuantity(row.text);
        REQUIRE(p);
        CHECK(p.quantity->dimension == row.dimension);
        CHECK(p.quantity->si == Approx(row.si).epsilon(1e-12));
    }
}

TEST_CASE("Decimal and binary prefixes differ: 180 GiB is 193.27 GB, 100T bf16 params = 200 TB = 181.9 TiB", "[units]")
{
    CHECK(parseAs<Dimension::Bytes>("180 GiB")->si / 1e9 == Approx(193.273528).epsilon(1e-8));
    CHECK(parseAs<Dimension::Bytes>("1 KiB")->si == 1024);
    CHECK(parseAs<Dimension::Bytes>("1 kB")->si == 1000);
    // seed 001's "182 TB" for 100e12 x 2 bytes is binary: 200e12 B / 2^40 = 181.9 TiB
    CHECK(formatBytes(Bytes{200e12}, BytePrefixes::Binary) == "182 TiB");
    CHECK(formatBytes(Bytes{200e12}) == "200 TB");
}

TEST_CASE("Malformed quantity strings are refused with what was expected and what was found", "[units]")
{
    struct Row {
        const char* text;
        const char* messagePart;
    };
    const Row rows[] = {
        {"", "found an empty string"},
        {"fast", "expected a number with a unit such as \"8 TB/s\", found \"fast\""},
        {"192 KB", "write kB for 1000 bytes or KiB for 1024 bytes"},
        {"1,979 TFLOP/s", "without digit separators"},
        {"989 TFLOPS", "write TFLOP/s"},
        {"400 Gbps", "write Gb/s"},
        {"12 furlongs", "unknown unit \"furlongs\""},
        {"GB 192", "expected a number"},
        {"inf GB", "expected"},
        {"nan W", "expected"},
    };
    for (const Row& row : rows) {
        INFO(row.text);
        const QuantityParse p = parseQuantity(row.text);
        CHECK_FALSE(p);
        CHECK_THAT(p.error, Catch::Contains(row.messagePart));
    }
}

TEST_CASE("A quantity of the wrong dimension names both dimensions", "[units]")
{
    const QuantityParse p = parseQuantity("192 GB", Dimension::ByteRate);
    REQUIRE_FALSE(p);
    CHECK_THAT(p.error, Catch::StartsWith("expected a bandwidth"));
    CHECK_THAT(p.error, Catch::EndsWith("found a size in bytes \"192 GB\""));
    const QuantityParse bare = parseQuantity("80", Dimension::Bytes);
    REQUIRE_FALSE(bare);
    CHECK_THAT(bare.error, Catch::Contains("found a bare number \"80\""));
}

TEST_CASE("Formatting picks a readable prefix", "[units]")
{
    CHECK(format(BytesPerSecond{3.6e12}) == "3.6 TB/s");
    CHECK(format(BytesPerSecond{450e9}) == "450 GB/s");
    CHECK(format(FlopsPerSecond{989e12}) == "989 TFLOP/s");
    CHECK(format(Seconds{1.04e-3}) == "1.04 ms");
    CHECK(format(Seconds{65e-6}) == "65 µs");
    CHECK(format(Watts{130e3}) == "130 kW");
    CHECK(format(Bytes{13.824e12}, 4) == "13.82 TB");
    CHECK(formatBytes(Bytes{80.0 * 1073741824.0}, BytePrefixes::Binary) == "80 GiB");
    CHECK(format(Seconds{3.5e6}) == "40.5 days");
    CHECK(formatSignificant(0.000123456, 3) == "0.000123");
    CHECK(format(Kelvin{318.15}) == "45 °C");
}

TEST_CASE("Quantities of one dimension combine only into the right dimension", "[units]")
{
    using namespace scalescope::literals;
    const Seconds t = Bytes{512e6} / BytesPerSecond{450e9};
    CHECK(t.si == Approx(512e6 / 450e9));
    const Joules e = 130.0_kW * 1.0_s;
    CHECK(e.si == Approx(130e3));
    CHECK((8.0_TBps / 2.0).si == Approx(4e12));
}

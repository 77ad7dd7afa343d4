// The nccl-tests log reader on the constructed logs of
// tests/fixtures/nccl-tests (format of github.com/NVIDIA/nccl-tests).

#include "model/calibration/nccl_tests_log.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace scalescope;

namespace {

std::string fixture(const std::string& name)
{
    std::ifstream in(std::string(SCALESCOPE_FIXTURES_DIR) + "/nccl-tests/" + name);
    std::ostringstream s;
    s << in.rdbuf();
    REQUIRE(!s.str().empty());
    return s.str();
}

// The text up to and including line `last` (1-based).
std::string firstLines(const std::string& text, int last)
{
    size_t pos = 0;
    for (int i = 0; i < last; ++i) pos = text.find('\n', pos) + 1;
    return text.substr(0, pos);
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("an 8-GPU all_reduce_perf log: collective, GPUs, node, rows as printed", "[nccl-tests]")
{
    const NcclTestsLogRead r = readNcclTestsLog(fixture("all_reduce_perf-8xh100.log"), "all_reduce_perf-8xh100.log");
    REQUIRE(r.log);
    CHECK(!r.error);
    const NcclTestsLog& l = *r.log;
    CHECK(l.collective == CollectiveKind::AllReduce);
    CHECK(l.gpus == 8);
    CHECK(l.nodes == 1);
    CHECK(l.hosts == std::vector<std::string>{"node-a"});
    CHECK(l.device == "NVIDIA H100 80GB HBM3");
    REQUIRE(l.rows.size() == 31); // 8 B .. 8 GiB by factors of 2
    CHECK(l.rows.front().bytes == 8);
    CHECK(l.rows.front().line == 17);
    // The last row: "8589934592 2147483648 float sum -1 41614 206.42 361.23 0 41949 204.77 358.35 0".
    const NcclTestsRow& last = l.rows.back();
    CHECK(last.bytes == 8589934592.0);
    CHECK(last.count == 2147483648.0);
    CHECK(last.type == "float");
    CHECK(last.reduction == "sum");
    CHECK(last.outOfPlace.timeUs == 41614);
    CHECK(last.outOfPlace.algorithmGBps == 206.42);
    CHECK(last.outOfPlace.busGBps == 361.23);
    CHECK(last.inPlace.timeUs == 41949);
    CHECK(last.inPlace.busGBps == 358.35);
    CHECK(l.averageBusGBps == 130.2);
}

TEST_CASE("a 2-node all_gather_perf log with NCCL INFO lines and a test-name line", "[nccl-tests]")
{
    const NcclTestsLogRead r = readNcclTestsLog(fixture("all_gather_perf-16xh100-2nodes.log"), "gather.log");
    REQUIRE(r.log);
    CHECK(r.log->collective == CollectiveKind::AllGather); // from the "Collective test starting" line
    CHECK(r.log->gpus == 16);
    CHECK(r.log->nodes == 2);
    CHECK(r.log->hosts == std::vector<std::string>{"node-a", "node-b"});
    CHECK(r.log->rows.back().reduction == "none");
}

TEST_CASE("bus factors are those of nccl-tests' PERFORMANCE.md", "[nccl-tests]")
{
    CHECK(ncclBusFactor(CollectiveKind::AllReduce, 8) == Approx(1.75));
    CHECK(ncclBusFactor(CollectiveKind::AllGather, 16) == Approx(15.0 / 16));
    CHECK(ncclBusFactor(CollectiveKind::ReduceScatter, 4) == Approx(0.75));
    CHECK(ncclBusFactor(CollectiveKind::AllToAll, 8) == Approx(0.875));
    CHECK(ncclBusFactor(CollectiveKind::PointToPoint, 8) == 1);
}

TEST_CASE("without Rank lines the GPU count is nThread x nGpus", "[nccl-tests]")
{
    std::string text = fixture("all_reduce_perf-8xh100.log");
    std::string kept;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find("Rank") == std::string::npos) kept += line + "\n";
    kept = replaced(kept, "nThread 1 nGpus 1", "nThread 1 nGpus 8");
    const NcclTestsLogRead r = readNcclTestsLog(kept, "all_reduce_perf.log");
    REQUIRE(r.log);
    CHECK(r.log->gpus == 8);
    CHECK(r.log->nodes == 1);
    CHECK(r.log->device.empty());
}

TEST_CASE("a truncated log is refused with the line after its end", "[nccl-tests]")
{
    const std::string text = fixture("all_reduce_perf-8xh100.log");
    SECTION("cut among the rows")
    {
        const NcclTestsLogRead r = readNcclTestsLog(firstLines(text, 30), "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(!r.log);
        CHECK(r.error->line == 31);
        CHECK(r.error->text().starts_with("all_reduce_perf.log:31: expected more result rows"));
        CHECK(r.error->message.find("truncated") != std::string::npos);
    }
    SECTION("cut inside a row")
    {
        const std::string cut = firstLines(text, 29) + "     2097152        524288     float     sum      -1    31.4";
        const NcclTestsLogRead r = readNcclTestsLog(cut, "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 30);
        CHECK(r.error->message.starts_with("expected a result row of 13 columns"));
    }
    SECTION("cut in the header")
    {
        const NcclTestsLogRead r = readNcclTestsLog(firstLines(text, 8), "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 9);
        CHECK(r.error->message.starts_with("expected the column titles"));
    }
    SECTION("no header at all")
    {
        const NcclTestsLogRead r = readNcclTestsLog("hello\nworld\n", "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 1);
        CHECK(r.error->message.starts_with("expected an nccl-tests log"));
    }
}

TEST_CASE("a mislabelled log is refused with the line that gives it away", "[nccl-tests]")
{
    SECTION("all_gather rows in a file named all_reduce: busbw is not algbw x 2(n-1)/n")
    {
        std::string gather = fixture("all_gather_perf-16xh100-2nodes.log");
        gather = replaced(gather, "# Collective test starting: all_gather_perf\n", "");
        gather = replaced(gather, "  none  ", "   sum  "); // the first row only: its busbw is 0.00, it passes
        const NcclTestsLogRead r = readNcclTestsLog(gather, "all_reduce_perf-16.log");
        REQUIRE(r.error);
        // Line 27 is the first row (8 B, busbw 0.00, and a reduction op now);
        // line 28 has no reduction operation.
        CHECK(r.error->line == 28);
        CHECK(r.error->message.find("expected a reduction operation") == 0);
    }
    SECTION("a reduce op does not hide a wrong bus factor")
    {
        std::string gather = fixture("all_gather_perf-16xh100-2nodes.log");
        gather = replaced(gather, "# Collective test starting: all_gather_perf\n", "");
        std::string summed;
        std::istringstream in(gather);
        for (std::string line; std::getline(in, line);) {
            if (const size_t at = line.find("  none  "); at != std::string::npos) line.replace(at, 8, "   sum  ");
            summed += line + "\n";
        }
        const NcclTestsLogRead r = readNcclTestsLog(summed, "all_reduce_perf-16.log");
        REQUIRE(r.error);
        CHECK(r.error->message.find("busbw = algbw x 1.875 (the bus factor of all_reduce_perf on 16 GPUs)") !=
              std::string::npos);
        CHECK(r.error->line > 28);
    }
    SECTION("the test-name line and the file name disagree")
    {
        const NcclTestsLogRead r =
            readNcclTestsLog(fixture("all_gather_perf-16xh100-2nodes.log"), "reduce_scatter_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->message.starts_with("the log says it is all_gather_perf but its file name says reduce_scatter_perf"));
    }
    SECTION("no collective named anywhere")
    {
        const NcclTestsLogRead r = readNcclTestsLog(fixture("all_reduce_perf-8xh100.log"), "run1.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 15); // the column titles
        CHECK(r.error->message.starts_with("expected the collective"));
    }
}

TEST_CASE("malformed rows are refused with their line", "[nccl-tests]")
{
    const std::string text = fixture("all_reduce_perf-8xh100.log");
    SECTION("a value that is not a number")
    {
        const NcclTestsLogRead r = readNcclTestsLog(replaced(text, "361.23", "36x.23"), "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 47);
        CHECK(r.error->message.starts_with("expected out-of-place time (us), algbw and busbw (GB/s) as non-negative numbers"));
    }
    SECTION("algbw that is not size / time")
    {
        const NcclTestsLogRead r = readNcclTestsLog(replaced(text, "41614  206.42", "41614  216.42"), "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 47);
        CHECK(r.error->message.starts_with("expected out-of-place algbw = size / time"));
    }
    SECTION("sizes out of order")
    {
        const NcclTestsLogRead r = readNcclTestsLog(replaced(text, "  8589934592  ", "  4294967296  "), "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 47);
        CHECK(r.error->message.starts_with("expected sizes in increasing order"));
    }
    SECTION("two tests in one file")
    {
        const NcclTestsLogRead r = readNcclTestsLog(text + text, "all_reduce_perf.log");
        REQUIRE(r.error);
        CHECK(r.error->line == 50 + 2);
        CHECK(r.error->message.starts_with("expected one test per file"));
    }
}

// Bad command-line input, table-driven: each row is refused with exit code 1
// (bad value) or 2 (usage), a message on stderr that names the option and the
// value, and nothing on stdout (issue 11: "no bad input is silently accepted
// or silently refused").

#include "app/cli/commands.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope::cli;

namespace {

using Command = int (*)(const Args&, std::ostream&, std::ostream&);

struct BadInput {
    const char* what;
    Command command;
    Args args;
    int exitCode;
    std::vector<std::string> messageNames; // each must appear in stderr
};

const Args kAllReduce{"--system", "dgx-h100-superpod", "--op", "allreduce", "--bytes", "1 GB"};

Args with(Args base, std::initializer_list<std::string> extra)
{
    base.insert(base.end(), extra);
    return base;
}

} // namespace

TEST_CASE("Bad CLI input is refused with a message naming the option and the value, and nothing on stdout", "[cli]")
{
    const Args matmul{"--gpu", "h100-sxm", "--k", "8", "--n", "8", "--dtype", "bf16"};
    const std::vector<BadInput> rows{
        {"zero GPUs", runCollective, with(kAllReduce, {"--gpus", "0"}), 1, {"--gpus", "\"0\"", "whole number"}},
        {"negative GPUs", runCollective, with(kAllReduce, {"--gpus", "-8"}), 1, {"--gpus", "\"-8\""}},
        {"fractional GPUs", runCollective, with(kAllReduce, {"--gpus", "8.5"}), 1, {"--gpus", "\"8.5\""}},
        {"zero stride", runCollective, with(kAllReduce, {"--gpus", "8", "--stride", "0"}), 1, {"--stride", "\"0\""}},
        {"negative stride", runCollective, with(kAllReduce, {"--gpus", "8", "--stride", "-2"}), 1, {"--stride", "\"-2\""}},
        {"top-k of zero", runCollective,
         {"--system", "dgx-h100-superpod", "--op", "alltoall", "--bytes", "1 GB", "--gpus", "8", "--top-k", "0"}, 1,
         {"--top-k", "\"0\""}},
        {"top-k on an AllReduce", runCollective, with(kAllReduce, {"--gpus", "8", "--top-k", "2"}), 1, {"--top-k", "alltoall"}},
        {"cluster smaller than the group", runCollective, with(kAllReduce, {"--gpus", "8", "--cluster-gpus", "4"}), 1,
         {"--cluster-gpus", "\"4\""}},
        {"KB is ambiguous", runCollective,
         {"--system", "dgx-h100-superpod", "--op", "allreduce", "--bytes", "1 KB", "--gpus", "8"}, 1,
         {"--bytes", "\"1 KB\"", "kB", "KiB"}},
        {"a misspelt system", runCollective,
         {"--system", "dgx-h100-superpd", "--op", "allreduce", "--bytes", "1 GB", "--gpus", "8"}, 1,
         {"--system", "\"dgx-h100-superpd\"", "did you mean \"dgx-h100-superpod\""}},
        {"an unknown collective", runCollective, {"--system", "dgx-h100-superpod", "--op", "broadcast", "--bytes", "1 GB", "--gpus", "8"},
         1, {"--op", "\"broadcast\""}},
        {"a fractional matrix side", runMatmul, with(matmul, {"--m", "1.5"}), 1, {"--m", "\"1.5\""}},
        {"a zero matrix side", runMatmul, with(matmul, {"--m", "0"}), 1, {"--m", "\"0\""}},
        {"a misspelt GPU", runMatmul, {"--gpu", "h100-sx", "--m", "8", "--k", "8", "--n", "8", "--dtype", "bf16"}, 1,
         {"--gpu", "\"h100-sx\"", "did you mean \"h100-sxm\""}},
        {"an unknown option", runMatmul, with(matmul, {"--m", "8", "--rows", "8"}), 2, {"--rows"}},
        {"a missing value", runCollective, with(kAllReduce, {"--gpus"}), 2, {"--gpus"}},
        {"an argument to specs paths", runSpecs, {"paths", "extra"}, 2, {"\"extra\""}},
        {"a search top of zero", runSearch, {"--top", "0", "x.json"}, 2, {"--top", "\"0\""}},
        {"a soak of no changes", runBench, {"--soak", "0"}, 1, {"--soak", "\"0\""}},
    };
    for (const BadInput& row : rows) {
        DYNAMIC_SECTION(row.what)
        {
            std::ostringstream out, err;
            const int code = row.command(row.args, out, err);
            INFO(err.str());
            CHECK(code == row.exitCode);
            CHECK(out.str().empty());
            for (const auto& name : row.messageNames) CHECK(err.str().find(name) != std::string::npos);
        }
    }
}

TEST_CASE("Ids are matched ignoring case: H100-SXM is the h100-sxm GPU", "[cli]")
{
    std::ostringstream out, err;
    CHECK(runMatmul({"--gpu", "H100-SXM", "--m", "4096", "--k", "4096", "--n", "4096", "--dtype", "bf16"}, out, err) == 0);
    CHECK(out.str().find("\"gpu\": \"h100-sxm\"") != std::string::npos);
}

TEST_CASE("specs paths --help prints help and does not run the command", "[cli]")
{
    std::ostringstream out, err;
    CHECK(runSpecs({"paths", "--help"}, out, err) == 0);
    CHECK(out.str().find("usage") != std::string::npos);
    CHECK(out.str().find("built-in:") == std::string::npos);
}

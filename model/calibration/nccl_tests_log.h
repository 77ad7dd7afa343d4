#pragma once
// Reader of the text nccl-tests prints (github.com/NVIDIA/nccl-tests:
// all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf,
// sendrecv_perf). Layout, as the tests print it:
//
//   # nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) ...
//   #
//   # Using devices
//   #  Rank  0 Group  0 Pid   6899 on node-a device  0 [0000:04:00] NVIDIA H100 80GB HBM3
//   ...
//   #       size  count  type  redop  root  time algbw busbw #wrong  time algbw busbw #wrong
//          8      2      float sum    -1    135.8 0.00 0.00  0       123.5 0.00 0.00  0
//   ...
//   # Out of bounds values : 0 OK
//   # Avg bus bandwidth    : 70.742
//
// Size in bytes, time in us, algbw and busbw in GB/s (1e9 B/s); the first
// time/algbw/busbw triple is out-of-place, the second in-place. The GPU
// count is the number of "Rank" lines (nThread x nGpus when a log has
// none) and the node count the number of distinct hosts they name. The
// collective comes from the "# Collective test starting: NAME" line newer
// versions print, or else from the file name (all_reduce_perf.log); the
// rows must agree with it (busbw = algbw x the collective's bus factor).
// Lines before the first "# nThread" header and NCCL debug lines
// ("NCCL INFO", "NCCL WARN") are skipped; anything else is refused with its
// line number.

#include "model/network/collectives.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

struct NcclTestsResult {
    double timeUs = 0;
    double algorithmGBps = 0; // size / time
    double busGBps = 0;       // algbw x bus factor
};

struct NcclTestsRow {
    int line = 0;
    double bytes = 0;
    double count = 0;
    std::string type, reduction;
    NcclTestsResult outOfPlace, inPlace;
};

struct NcclTestsLog {
    std::string file;
    CollectiveKind collective = CollectiveKind::AllReduce;
    int gpus = 0;
    int nodes = 0;
    std::vector<std::string> hosts; // first appearance order
    std::string device;             // the first rank's device name ("NVIDIA H100 80GB HBM3"), "" if not printed
    std::vector<NcclTestsRow> rows; // in log order
    double averageBusGBps = 0;      // the "# Avg bus bandwidth" footer
};

struct NcclTestsLogError {
    std::string file;
    int line = 0; // 1-based; the line after the last one for a truncated log
    std::string message;

    [[nodiscard]] std::string text() const { return file + ":" + std::to_string(line) + ": " + message; }
};

struct NcclTestsLogRead {
    std::optional<NcclTestsLog> log;
    std::optional<NcclTestsLogError> error; // set exactly when log is not
};

// `file` names the log in messages and may carry the collective's test name.
[[nodiscard]] NcclTestsLogRead readNcclTestsLog(std::string_view text, const std::string& file);

// nccl-tests' test name of a collective ("all_reduce_perf"); its bus factor
// for n ranks: busbw / algbw (2(n-1)/n for AllReduce, (n-1)/n for AllGather,
// ReduceScatter and AllToAll, 1 for SendRecv; nccl-tests doc/PERFORMANCE.md).
[[nodiscard]] std::string_view ncclTestName(CollectiveKind kind) noexcept;
[[nodiscard]] double ncclBusFactor(CollectiveKind kind, int ranks) noexcept;

} // namespace scalescope

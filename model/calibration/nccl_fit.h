#pragma once
// The fit behind a network calibration (specs/calibration/nccl-measured.json,
// source "fit"): the 'measured' efficiency of a collective step is
//
//   efficiency(c) = f · c / (c + c_half)        (model/network/collectives.cpp)
//
// for a per-step chunk c, so a log's bus bandwidth at chunk c is
// W · f · c / (c + c_half) on a link of W bytes/s (one direction, per GPU).
// f = the peak busbw / W: the shipped 0.822 = 370 / 450 GB/s. c_half is the
// least-squares value of the relative time error over the rows at or above
// a message size: the residual busbw_i (c_i + c_half) / (P c_i) − 1 is
// linear in c_half, so with u_i = busbw_i/P − 1, v_i = busbw_i/(P c_i):
//
//   c_half = −Σ u_i v_i / Σ v_i²   (at least 0)
//
// With one row this is the shipped fit's c_half = c (P/busbw − 1): 7.25 MB ×
// (370/150 − 1) = 10.6 MB. The per-step latency the model adds on top
// (nvlink_step_latency) is not fitted: per step it is a constant like
// c_half / (f W), so the two cannot be told apart, and the shipped fit
// folds it into c_half the same way.

#include "model/calibration/nccl_tests_log.h"

#include <optional>
#include <span>
#include <vector>

namespace scalescope {

// Rows below this message size are left out of the c_half fit: below it
// NCCL runs its low-latency protocols, whose cost the alpha-beta model does
// not describe; training sends MBs to GBs (a 40 M-parameter data-parallel
// gradient bucket, dp_bucket_params, is 80 MB in BF16).
inline constexpr double kNcclFitMinMessageBytes = 1e6;

struct ChunkBandwidth {
    double chunkBytes = 0;        // per-step chunk c
    double busBytesPerSecond = 0; // busbw
};

struct NcclEfficiencyFit {
    double peakBusBytesPerSecond = 0; // P
    double achievableFraction = 0;    // f = P / W
    double halfChunkBytes = 0;        // c_half
    int rows = 0;                     // rows in the c_half fit
};

// The per-step chunk of a row as collectiveCost takes it: size / ranks for
// the rings and AllToAll (nccl-tests' size is the gathered array, the
// reduced array or one rank's AllToAll buffer), the size for SendRecv.
[[nodiscard]] double ncclStepChunk(CollectiveKind kind, double bytes, int ranks) noexcept;

// The out-of-place rows of `log` at or above `minMessageBytes`, as chunks and bus bandwidths.
[[nodiscard]] std::vector<ChunkBandwidth> chunkBandwidths(const NcclTestsLog& log, double minMessageBytes);

// nullopt when no point has a positive bandwidth or the link rate is not positive.
[[nodiscard]] std::optional<NcclEfficiencyFit> fitNcclEfficiency(std::span<const ChunkBandwidth> points,
                                                                 double linkBytesPerSecond) noexcept;

} // namespace scalescope

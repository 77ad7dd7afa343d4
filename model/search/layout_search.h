#pragma once
// Enumerates every valid parallel layout of a scenario (tp, pp, dp, cp, ep,
// vpp, micro-batch size, ZeRO stage, recompute, schedule) and ranks them by
// step time; a layout whose memory does not fit in HBM (with spill on
// superchips) is never ranked, nor one the model puts above the best
// published MFU of its class on this GPU generation (ctx.publishedMfuCeiling,
// the same ceiling as the evaluation's warning): a number no real run on such
// GPUs has reached is not advice. The result counts the layouts so left out.

#include "model/training/evaluation_context.h"

#include <vector>

namespace scalescope {

struct RankedLayout {
    ParallelLayout layout;
    int zeroStage = 1;
    Recompute recompute = Recompute::Selective;
    Evaluation evaluation;
};

struct SearchResult {
    std::vector<RankedLayout> best; // fastest first
    long long evaluated = 0;        // layouts evaluated (valid ones)
    long long fitting = 0;          // of those, how many fit in memory
    long long aboveCeiling = 0;     // fitting layouts not proposed: BF16 MFU above the best published run of the class
};

struct SearchOptions {
    int top = 10;
    int maxCp = 8;
    std::vector<int> microbatchSizes{1, 2, 4};
    bool varyZero = true;
    bool varyRecompute = true;
};

[[nodiscard]] SearchResult searchLayouts(const EvaluationContext& ctx, const SearchOptions& options = {});

} // namespace scalescope

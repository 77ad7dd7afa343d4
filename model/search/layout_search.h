#pragma once
// Enumerates every valid parallel layout of a scenario (tp, pp, dp, cp, ep,
// vpp, micro-batch size, ZeRO stage, recompute, schedule) and ranks them by
// step time; a layout whose memory does not fit in HBM (with spill on
// superchips) is never ranked.

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

#pragma once
// Enumerates every valid parallel layout of a scenario (tp, pp, dp, cp, ep,
// vpp, micro-batch size, ZeRO stage, recompute, schedule) and ranks every
// one that fits in HBM (with spill on superchips) by the model's own step
// time. A layout the model puts above the best published MFU of its class
// (ctx.publishedMfuCeiling, the same ceiling as the evaluation's warning) is
// ranked where its step time puts it and marked beyond any published run: a
// number no real run has reached is shown as such, not hidden.

#include "model/training/evaluation_context.h"

#include <vector>

namespace scalescope {

struct RankedLayout {
    ParallelLayout layout;
    int zeroStage = 1;
    Recompute recompute = Recompute::Selective;
    Evaluation evaluation;
    bool beyondPublishedRun = false; // BF16 MFU above ctx.publishedMfuCeiling
};

struct SearchResult {
    std::vector<RankedLayout> best; // fastest first
    long long evaluated = 0;        // layouts evaluated (valid ones)
    long long fitting = 0;          // of those, how many fit in memory
    long long aboveCeiling = 0;     // of those, how many the model puts beyond the best published run of the class
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

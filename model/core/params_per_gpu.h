#pragma once
// The parameters one GPU holds under a parallel layout, for any mode: the
// largest pipeline stage's layers (ceil(layers / pp) of them), split over
// tp, expert weights over the expert tp (etp when folded, else tp) and ep;
// one embedding table per end stage (both on every GPU when pp = 1).
// With D multi-token-prediction modules (training.mtp_layers) the largest
// stage is the last: it holds the modules' own parameters (a block of the
// model's kind, MoE where the model has MoE layers, a 2h x h projection and
// two norms; embedding and output head are shared) and
// ceil((layers + D) / pp) blocks in all.

#include "model/core/transformer_cost.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct ParamsPerGpu {
    double dense = 0;  // replicated over dp·cp
    double expert = 0; // replicated over the expert-data-parallel ranks (ParallelLayout::expertDataParallel)
};

// The transformer blocks of the largest pipeline stage: `mtp` of the
// multi-token-prediction modules (frameworks place them on the last stage
// and balance the model's layers around them) and `main` of the model's
// layers, ceil((layers + mtp) / pp) in all.
struct StageBlocks {
    double main = 0, mtp = 0;
    [[nodiscard]] double total() const noexcept { return main + mtp; }
};
[[nodiscard]] StageBlocks largestStageBlocks(int layers, int mtpModules, int pp) noexcept;

// Parameters of one multi-token-prediction module besides its block: the
// projection M_k (2h x h) and its two RMSNorms (h each).
[[nodiscard]] double mtpProjectionParams(double hidden) noexcept;

[[nodiscard]] ParamsPerGpu paramsPerGpu(const ModelCost& mc, const ModelSpec& m, const ParallelLayout& p,
                                        int mtpModules = 0) noexcept;

} // namespace scalescope

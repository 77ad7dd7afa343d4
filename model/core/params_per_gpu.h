#pragma once
// The parameters one GPU holds under a parallel layout, for any mode: the
// largest pipeline stage's layers (ceil(layers / pp) of them), split over
// tp, expert weights over the expert tp (etp when folded, else tp) and ep;
// one embedding table per end stage (both on every GPU when pp = 1).

#include "model/core/transformer_cost.h"
#include "model/spec/scenario.h"

namespace scalescope {

struct ParamsPerGpu {
    double dense = 0;  // replicated over dp·cp
    double expert = 0; // replicated over the expert-data-parallel ranks (ParallelLayout::expertDataParallel)
};

[[nodiscard]] ParamsPerGpu paramsPerGpu(const ModelCost& mc, const ModelSpec& m, const ParallelLayout& p) noexcept;

} // namespace scalescope

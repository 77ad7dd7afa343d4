#pragma once
// Carries a layout the user chose across a change of GPU count. Each model-
// parallel size keeps the largest value that divides both what the user chose
// and what the new GPU count leaves (so a size that divided the heads, layers
// or experts still does); dp takes the rest. Going back to the old GPU count
// gives the user's layout back unchanged.

#include "model/spec/scenario.h"

namespace scalescope {

// tp, then pp, then cp are fitted in that order (tp is the costliest to lose:
// it is what keeps the weights on one GPU); ep shrinks to divide dp; vpp and an
// interleaved schedule need pp > 1; micro-batch size and axis order are kept.
[[nodiscard]] ParallelLayout fitLayout(const ParallelLayout& preferred, long long gpus) noexcept;

} // namespace scalescope

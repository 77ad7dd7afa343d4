#pragma once
// Carries a layout the user chose across a change of GPU count. Each model-
// parallel size keeps the largest value that divides both what the user chose
// and what the new GPU count leaves (so a size that divided the heads, layers
// or experts still does); dp takes the rest. Going back to the old GPU count
// gives the user's layout back unchanged.

#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

namespace scalescope {

// tp, then pp, then cp are fitted in that order (tp is the costliest to lose:
// it is what keeps the weights on one GPU); ep shrinks to divide dp (folded:
// etp, then ep, to divide the tp·cp·dp ranks of a stage); vpp and an
// interleaved schedule need pp > 1; micro-batch size and axis order are kept.
[[nodiscard]] ParallelLayout fitLayout(const ParallelLayout& preferred, long long gpus) noexcept;

// Carries a layout to another model on `gpus` GPUs: tp shrinks until it
// splits the model's heads (layout_check's rule) and divides the GPUs, ep
// until it splits the experts (1 for a dense model), etp until it splits the
// expert FFN width (absent for a dense model), pp and vpp until pp·vpp
// fits the layers; then fitLayout gives dp the rest.
[[nodiscard]] ParallelLayout fitLayoutToModel(const ParallelLayout& p, const ModelSpec& m, long long gpus) noexcept;

// Keeps a layout consistent after one of its sizes changed on `gpus` GPUs
// (what a parallelism slider does): dp takes the rest of the GPUs when
// tp·pp·cp divides them (else it is left for the layout check to name), ep
// falls back to the largest value at most its own that divides dp (folded:
// with etp, the tp·cp·dp ranks of a stage), vpp to 1
// without a pipeline, and the schedule is interleaved exactly when vpp > 1.
[[nodiscard]] ParallelLayout rebalanceLayout(ParallelLayout p, long long gpus) noexcept;

} // namespace scalescope

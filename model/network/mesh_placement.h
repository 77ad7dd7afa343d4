#pragma once
// Where a global rank sits in the parallel mesh, and what it holds. Ranks
// are laid onto the hardware in `order`, innermost first (axisStride in
// evaluation_context.h): rank = Σ coord(a) · stride(a). EP takes no ranks of
// its own: the EP group is the innermost `ep` ranks of the DP axis (Megatron),
// so ep = dp mod ep and the expert-data-parallel index is dp / ep.
//
//   order tp,cp,ep,dp,pp with tp=8 dp=2 pp=4:  rank 0..7 = tp 0..7 of (dp 0, pp 0),
//   8..15 = tp 0..7 of (dp 1, pp 0), 16..23 = (dp 0, pp 1), ...
//
// Folded (parallel.etp set, Liu et al. 2025): the expert coordinates come
// from the rank's index within its pipeline stage, etp innermost, then ep,
// then edp (axis_groups.h); the EP group is the ranks of one (etp, edp, pp).

#include "model/spec/model_spec.h"
#include "model/spec/scenario.h"

#include <utility>
#include <vector>

namespace scalescope {

struct MeshCoordinates {
    long long rank = 0;
    int tp = 0, cp = 0, ep = 0, dp = 0, pp = 0;
    int etp = 0, edp = 0; // expert tensor-parallel and expert-data-parallel coordinates
};

// Precondition: 0 <= rank < tp·cp·dp·pp.
[[nodiscard]] MeshCoordinates meshCoordinates(const ParallelLayout& p, long long rank) noexcept;

// Index of the rank's group along `a` among all groups of that axis: ranks
// with equal index communicate over `a` (TP group, PP pipeline, DP replica
// set, EP group). Its coordinate along `a` is its position in that group.
[[nodiscard]] long long groupIndex(const ParallelLayout& p, const MeshCoordinates& c, Axis a) noexcept;
[[nodiscard]] int coordinate(const MeshCoordinates& c, Axis a) noexcept;

// What one rank holds.
struct RankHoldings {
    std::vector<std::pair<int, int>> layers; // [first, last] of each virtual chunk of its stage
    int firstExpert = 0, experts = 0;        // routed experts of its EP rank (0 for a dense model)
    int tensorSlice = 0, tensorSlices = 1;   // 1/tp of every weight matrix
    int expertSlice = 0, expertSlices = 1;   // 1/etp of every expert matrix (etp = tp unless folded)
};

// Layers split as evenly as possible over pp·vpp chunks; stage s holds
// chunks s, s + pp, s + 2pp, ... (interleaved schedule).
[[nodiscard]] RankHoldings rankHoldings(const ParallelLayout& p, const ModelSpec& model, const MeshCoordinates& c);

} // namespace scalescope

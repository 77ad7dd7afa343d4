#pragma once
// The busiest expert-parallel rank under forced uniform routing
// (training.moe_balancing "forced"; Megatron-Core
// --moe-router-force-load-balancing replaces the router logits with standard
// normal draws, so every routed row lands on an expert, and so on an EP rank,
// as an independent uniform draw).
//
// Each EP rank holds the same number of experts and its grouped GEMMs run the
// rows of all of them, so the rank's routed rows set its expert time, and the
// busiest rank sets everyone's (they meet at the combine). With m rows thrown
// into n ranks, m ≫ n ln n, the maximum load is m/n + sqrt(2 (m/n) ln n)
// (Raab & Steger 1998, the model citation "moe-forced-balance"), so
//   max / mean = 1 + sqrt(2 ln n / (m/n)).

#include "model/compute/kernel_efficiency.h"

namespace scalescope {

// max / mean routed rows per rank for `rowsPerRank` = m/n mean rows (tokens ×
// top-k over the ranks) on `ranks` = n EP ranks; 1 with one rank or no rows.
// Cites the model citation "moe-forced-balance".
[[nodiscard]] Factor forcedRoutingImbalance(double rowsPerRank, double ranks) noexcept;

} // namespace scalescope

#pragma once
// Source keys the model itself cites for costs no calibration measures (MoE
// router and balancing kernels, the permutation's index kernels, the
// expert capacity's bound on the busiest expert, the busiest rank under forced
// uniform routing): each a labelled text, shown with its text wherever a row's
// source is (breakdowns, tooltips, reports). The keys are stable objects, so
// rows may point at them for the life of the program.

#include <string>
#include <string_view>

namespace scalescope {

enum class ModelSource { MoeRouter, MoeBalancing, MoePermute, MoeCapacity, MoePermuteFused, MoeForcedBalance };

[[nodiscard]] const std::string& modelSourceKey(ModelSource s) noexcept; // "moe-router"
// The citation of a model-owned key; empty when `key` is not one.
[[nodiscard]] std::string_view modelCitation(std::string_view key) noexcept;

} // namespace scalescope

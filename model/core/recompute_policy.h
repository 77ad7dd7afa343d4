#pragma once
// What a training step's backward pass runs again, by kind of forward work,
// for each recompute mode (scenario training.recompute and
// recompute_layers). The op table (stage_operations), the layer-wide
// collectives that feed recomputed work (step_communication) and the
// activation memory read this one rule.

#include "model/spec/scenario.h"

#include <array>

namespace scalescope {

// The share of matmuls per-op checkpointing recomputes: torchtitan's policy
// saves an aten.mm output unless it is the second of a pair ("mm_count % 2 ==
// 0": recompute), so every other one.
inline constexpr double kPerOpRecomputedMatmuls = 0.5;

// Forward work a recompute can repeat. Norms and the MLP activation are
// memory-bound work that recompute_modules can also name on their own. The
// Moe kinds are the work inside a MoE block (router, permutation, shared
// and routed experts, their activation, the busiest expert's wait), which
// recompute_modules "moe" recomputes whole; without it each is recomputed
// as its ordinary kind (matmuls, memory-bound work, the activation).
enum class RecomputedWork { Matmuls, Attention, MemoryBound, Norm, Activation, MoeMatmuls, MoeMemoryBound, MoeActivation };
inline constexpr int kRecomputedWorkKinds = 8;

// The share of a stage's `stageLayers` layers that run a full recompute:
// none unless recompute is "full", then recompute_layers of them (all by default).
[[nodiscard]] double fullRecomputeShare(const TrainingSettings& t, double stageLayers) noexcept;

// The share of one kind of forward work the backward runs again: none (none);
// the attention core (selective, Korthikanti et al. 2022); everything in
// recompute_layers of the layers (full); half the matmuls and every
// memory-bound op, attention kept (per-op). Norms and the activation are
// memory-bound work; recompute_modules "norm" / "swiglu" recompute them in
// every mode (Megatron-Core --recompute-modules layernorm / moe_act; the
// DeepSeek-V3 report §3.2.3, §3.3.2). The MLA up-projection module is charged
// in memory only: its GEMMs are part of the QKV projection rows. The
// "moe" module recomputes every kind of work inside the MoE block in every
// mode (Megatron-Core --recompute-modules moe: moe_layer.py checkpoints the
// block's custom_forward from its input).
[[nodiscard]] double recomputedShare(const TrainingSettings& t, double stageLayers, RecomputedWork w) noexcept;
// recomputedShare of every kind of work, indexed by RecomputedWork: what an
// evaluation reads (the full-recompute share is worked out once for all kinds).
[[nodiscard]] std::array<double, kRecomputedWorkKinds> recomputedShares(const TrainingSettings& t, double stageLayers) noexcept;

} // namespace scalescope

#pragma once
// The time of an inference pass through one replica's pipeline, from its
// rows (inference_passes.h) and its collectives:
//
//   collectives  two tensor-parallel AllReduces per layer (after the
//                attention output and the MLP down projection), an expert
//                dispatch and combine AllToAll per MoE layer, one send per
//                stage boundary (inference_step.h says how each is costed)
//   stage pass   the bottleneck stage's compute, tp and ep rows
//   prefill      whole prompt:  pp · stage + (pp − 1) · send
//                chunked (prefill_chunk C, n = ⌈P / C⌉ chunks, chunk i
//                attending to the i·C tokens before it and its own causal
//                part): the chunks stream through the stages like
//                micro-batches,
//                  TTFT = Σᵢ stageᵢ + (pp − 1) · (maxᵢ stageᵢ + send)
//                Only the last chunk computes logits (the first output token).
//                A chunk's cost is affine in the tokens before it but for
//                the attention kernel's efficiency, so beyond 64 chunks
//                the full chunks are evaluated in 63 groups of consecutive
//                chunks, each at its mean prior length, times its size
//                (the last, shorter chunk on its own).
//   speculative  expected tokens per verify step with k draft tokens each
//                accepted with probability a (Leviathan et al. 2023, eq. 1):
//                  E = (1 − a^(k+1)) / (1 − a)      (a = 1: k + 1)

#include "model/compute/kernel_costs.h"
#include "model/core/operation_table.h"
#include "model/core/resolved_system.h"
#include "model/inference/inference_passes.h"
#include "model/network/axis_groups.h"

#include <array>

namespace scalescope {

// Appends the tp, ep and pp collective rows of one pass of `tokens` tokens
// per replica through the bottleneck stage (or through `layers` > 0 layers
// of the model's last kind: a draft module); returns one stage-to-stage send.
Seconds addPassCollectives(const ResolvedSystem& sys, const ParallelLayout& p, const AxisGroups& groups, Phase phase,
                           double tokens, OperationTable& t, double layers = 0);

// One stage's pass: every row of `phase` but the sends.
[[nodiscard]] Seconds stagePass(const OperationTable& t, Phase phase) noexcept;

// FLOPs of the compute rows of `phase`, one GPU of the bottleneck stage.
[[nodiscard]] Flops passFlops(const OperationTable& t, Phase phase) noexcept;

// Rows summed over several passes of one kind (the chunks of a prefill, a
// verify pass and its drafts): rows of the same op, phase, stream, scope and
// bound become one, its count the first's and its time, FLOPs and bytes per
// instance the weighted sums.
class RowMerger {
public:
    void add(const OperationTable& t, double weight) noexcept;
    void flushInto(OperationTable& t) const noexcept;

private:
    std::array<OpRow, OperationTable::kCapacity> m_rows{};
    int m_size = 0;
};

struct PrefillTime {
    Seconds ttft{};  // the prompt through every stage
    Seconds stage{}; // Σ of the chunks' stage passes
    int chunks = 1;
    PassAssumptions flags;
};

// The rows (appended to t) and the time of the prefill of `batch` prompts
// of `prompt` tokens in chunks of `chunk` tokens (0 or ≥ prompt: whole).
PrefillTime addPrefill(const ResolvedSystem& sys, const ParallelLayout& p, const KernelCosts& kc, double batch,
                       double prompt, int chunk, OperationTable& t);

// Expected tokens one verify step yields (Leviathan et al. 2023, eq. 1).
[[nodiscard]] double acceptedTokensPerStep(int draftTokens, double acceptanceRate) noexcept;

} // namespace scalescope

#pragma once
// The compute rows of one transformer layer (dense or MoE) and of the
// stage's ends (embedding; final norm, logits and cross-entropy), built from
// the layout's GEMM shapes and the GPU's kernel efficiencies, and memoised
// per thread: they depend on the layout only through tp, cp, ep and the
// micro-batch, which a search and a slider revisit many times.
//
// Shapes on one GPU (b micro-batch, s sequence, t = tp, c = cp, T = b·s/c):
//   QKV        M = T, N = (a + 2g)·d / t, K = h      (MLA: four GEMMs)
//   attention  scores and values over T queries (causal half), a/t heads
//   out        M = T, N = h, K = a·d / t
//   MLP up     M = T, N = 2F / t (SwiGLU) or F / t,  K = h
//   MLP down   M = T, N = h, K = F / t
//   experts    grouped GEMM, E/ep local experts, ep·T·k/E tokens each, N = 2F_e / t
//   logits     M = T, N = V / t, K = h           (once per output head: 1 + mtp_layers)
//   MTP proj   M = T, N = h / t, K = 2h          (per multi-token-prediction module)
// Memory-bound kernels run on the T/t sequence-parallel tokens and move the
// fewest bytes they must (inputs read plus outputs written). A backward GEMM
// is its data-gradient and weight-gradient GEMMs, each at its own efficiency.

#include "model/compute/kernel_costs.h"
#include "model/core/operation_table.h"
#include "model/core/recompute_policy.h"
#include "model/training/stage_operations.h"

#include <array>
#include <cstdint>
#include <span>

namespace scalescope {

// The kernel setup of a training context: the GPU at the training precision,
// its calibration and attention kernel (compute/kernel_costs.h).
[[nodiscard]] KernelSetup trainingKernelSetup(const EvaluationContext& ctx) noexcept;

// The kind of forward work a recompute row repeats.
[[nodiscard]] RecomputedWork recomputedWork(const OpRow& r) noexcept;

// One layer's time in the GEMMs its tensor-parallel collectives pair with, in
// one pass (model/training/step_communication.h): QKV and MLP-up follow an
// AllGather, output and MLP-down precede a ReduceScatter; `experts` are the
// grouped expert GEMMs (up and down together).
struct TpPartnerGemms {
    Seconds qkv{}, out{}, up{}, down{}, experts{};
};

// The compute rows of one layer (at most 54: 18 kinds of operation with MLA,
// MoE, FP8 and the context-parallel merge, each in forward, backward and recompute),
// with the sums of its forward and backward rows and of its recompute rows
// by kind of work; a recompute mode takes a share of each (recompute_policy.h).
struct LayerKernels {
    static constexpr int kCapacity = 56;
    static constexpr std::uint8_t kPass = 0xff; // `work` of a forward or backward row
    std::array<OpRow, kCapacity> rows{};
    // Per row: the RecomputedWork of a recompute row, kPass for the others
    // (read once per row by every evaluation: kept beside the rows).
    std::array<std::uint8_t, kCapacity> work{};
    int size = 0;
    OpSums passes;                                 // forward and backward
    std::array<OpSums, kRecomputedWorkKinds> recomputed; // by RecomputedWork
    std::array<TpPartnerGemms, 3> tpPartners{};          // by Phase: forward, backward, recompute (one layer)
    void add(const OpRow& r) noexcept
    {
        if (size >= kCapacity) return;
        const auto i = static_cast<size_t>(size++);
        rows[i] = r;
        if (static_cast<size_t>(r.phase) < tpPartners.size()) {
            TpPartnerGemms& g = tpPartners[static_cast<size_t>(r.phase)];
            Seconds* slot = r.op == OpKind::QkvProjection  ? &g.qkv
                          : r.op == OpKind::OutProjection  ? &g.out
                          : r.op == OpKind::MlpUp          ? &g.up
                          : r.op == OpKind::MlpDown        ? &g.down
                          : r.op == OpKind::ExpertGemms || r.op == OpKind::MoeImbalance ? &g.experts
                                                           : nullptr;
            if (slot) *slot += r.total();
        }
        work[i] = r.phase == Phase::Recompute ? static_cast<std::uint8_t>(recomputedWork(r)) : kPass;
        if (r.phase == Phase::Recompute) recomputed[work[i]].add(r);
        else passes.add(r);
    }
    [[nodiscard]] const OpRow* begin() const noexcept { return rows.data(); }
    [[nodiscard]] const OpRow* end() const noexcept { return rows.data() + size; }

    using Shares = std::array<double, kRecomputedWorkKinds>; // by RecomputedWork
    // `layers` such layers under a recompute mode's shares of each kind of
    // work: the rows they run, count × layers × share (a share of 0 leaves a
    // row out), and the sums of one of them (the table adds those `layers`
    // times). Kept for the last layers and shares asked: a slider or a search
    // asks the same ones again, and the table then copies the rows in one go.
    struct Stacked {
        std::array<OpRow, kCapacity> rows{}; // [0, size)
        int size = 0;
        OpSums sums;
        [[nodiscard]] std::span<const OpRow> kept() const noexcept { return {rows.data(), static_cast<size_t>(size)}; }
    };
    [[nodiscard]] const Stacked& stacked(double layers, const Shares& share) const noexcept;

private:
    mutable Shares m_share = unset();
    static constexpr Shares unset() noexcept
    {
        Shares s{};
        s.fill(-1);
        return s;
    }
    mutable double m_layers = -1;
    mutable Stacked m_stacked;
};

// Which kernels a memo entry holds: one layer, or the stage's ends.
enum class KernelSet : std::uint8_t { DenseLayer, MoeLayer, Embedding, Head };

// The rows of `set` at this layout (count 1 per layer; layers carry a
// recompute row for every forward row, the caller keeps those its recompute
// mode runs). The reference is valid until this thread evaluates another
// layout: copy the rows out before then.
[[nodiscard]] const LayerKernels& cachedKernels(const EvaluationContext& ctx, const ParallelLayout& p, const StageGeometry& g,
                                                KernelSet set);

// Appends a set without recompute rows (the stage's ends) with its sums.
void appendKernels(const LayerKernels& k, OperationTable& t) noexcept;

} // namespace scalescope

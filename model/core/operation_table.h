#pragma once
// The per-operation cost table: the core of an evaluation, in any mode (a
// training step; an inference request's prefill and decode passes).
//
// One row is one kind of operation in one phase — a GEMM, the fused
// attention kernel, a memory-bound kernel, an FP8 cast, the optimizer step or
// one collective — with its FLOPs and bytes per instance, the efficiency that
// was applied (a fraction of the nominal peak, and the calibration source key
// that justifies it), its time per instance, and the part of that time hidden
// behind other work. `count` says how many instances one micro-batch of the
// bottleneck pipeline stage runs (layers × calls), or one step for the
// step-scoped rows (optimizer, data-parallel collectives, pipeline sends).
//
//   compute row:    time = max(flops / (peak · efficiency), bytes / (HBM · efficiency)) + launch
//   collective row: time from model/network/collectives.h; hidden per the overlap settings
//
// Everything that reports on a step — step time, timeline, verdicts, the
// "why this number" breakdown, reports — reads these rows; nothing derives
// a time again. The table is plain values in fixed capacity, filled without
// allocation, so that a layout search can evaluate millions of layouts.
// `source` points into the EvaluationContext that produced the evaluation:
// read it only while that context is alive (the planner keeps both together).

#include "model/spec/units.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace scalescope {

enum class OpKind : std::uint8_t {
    Embedding,
    AttentionNorm,
    QkvProjection, // MLA: query and key/value down and up projections
    Rotary,
    AttentionCore, // fused scores · softmax · values (FlashAttention / cuDNN)
    CpMerge,       // context parallelism: partial attention outputs merged by their log-sum-exp
    OutProjection,
    Residual,
    MlpNorm,
    FinalNorm, // after the last layer, before the logits
    MlpUp, // gate and up (SwiGLU) or FC1 (GELU); MoE: shared experts
    Activation,
    MlpDown,
    Router, // the gate GEMM (tokens x experts logits)
    RouterTopK, // scoring (softmax or sigmoid) and top-k selection of the experts
    RouterBalancing, // per-expert token counts and the auxiliary loss (or the loss-free bias's counts)
    Permute, // MoE dispatch and combine: index building, gather and scatter of hidden states
    PermuteFused, // MoE dispatch and combine as fused permute / unpermute kernels (training.moe_permute_fusion)
    ExpertGemms, // grouped GEMMs of the local experts (up, activation's input, down) at the mean tokens per expert
    MoeImbalance, // the busiest expert's extra time: the grouped GEMMs wait for it
    Logits,
    CrossEntropy,
    MtpNorm,       // multi-token prediction: each module's RMSNorms of the hidden state and of the next token's embedding
    MtpProjection, // multi-token prediction: each module's projection of the two (2h -> h) into its block
    Fp8Cast,
    Optimizer,
    TpCollective,   // sequence-parallel AllGather / ReduceScatter
    CpCollective,   // ring-attention KV exchange
    EpDispatch,     // expert AllToAll out
    EpCombine,      // expert AllToAll back
    PpSend,         // stage-to-stage activations / gradients
    DpGradReduce,   // gradient ReduceScatter / AllReduce
    DpParamGather,  // distributed-optimizer / ZeRO-3 parameter AllGather
    SpillTransfer,  // superchip: HBM overflow over NVLink-C2C
    OverlapContention, // compute slowed by the collectives overlapped with it
};
inline constexpr int kOpKinds = static_cast<int>(OpKind::OverlapContention) + 1;

// Forward, Backward and Recompute are a training micro-batch's passes, Step
// the once-per-step work (optimizer, data-parallel collectives); Prefill and
// Decode are an inference request's passes over the same operations.
enum class Phase : std::uint8_t { Forward, Backward, Recompute, Step, Prefill, Decode };
inline constexpr int kPhases = static_cast<int>(Phase::Decode) + 1;
enum class OpStream : std::uint8_t { Compute, Tp, Cp, Ep, Pp, Dp };
enum class OpScope : std::uint8_t { DenseLayer, MoeLayer, Stage, Step };
// What bounds the row and which calibration table its efficiency came from.
enum class OpBound : std::uint8_t { Gemm, GroupedGemm, Attention, Memory, Collective, Contention };

[[nodiscard]] std::string_view opKindKey(OpKind k) noexcept;    // "qkv_projection"
[[nodiscard]] std::string_view phaseKey(Phase p) noexcept;      // "forward"
[[nodiscard]] std::string_view opStreamKey(OpStream s) noexcept; // "compute", "tp", ...
[[nodiscard]] std::string_view opScopeKey(OpScope s) noexcept;  // "dense_layer"
[[nodiscard]] std::string_view opBoundKey(OpBound b) noexcept;  // "gemm"

// Whether a row's source key is the label of an extrapolation past a measured
// table ("extrapolated: ..."), not a measurement or an assumption.
[[nodiscard]] inline bool isExtrapolation(const std::string* source) noexcept
{
    return source && source->starts_with("extrapolated:");
}

struct OpRow {
    OpKind op;
    Phase phase;
    OpStream stream;
    OpScope scope;
    OpBound bound;
    double count;       // instances per micro-batch of the stage (Step scope: per step)
    Flops flops;        // per instance, on one GPU
    Bytes bytes;        // per instance: HBM bytes (compute) or bytes on the wire (collective)
    double efficiency;  // applied fraction of the nominal peak (1 in theoretical mode)
    const std::string* source; // calibration source key; null: pure roofline
    Seconds time;       // per instance, including launch cost
    Seconds hidden;     // per instance, the part overlapped with other work

    [[nodiscard]] Seconds total() const noexcept { return time * count; }
    [[nodiscard]] Seconds exposed() const noexcept { return (time - hidden) * count; }
};

// Running sums over rows: time and exposed time per stream and phase, bytes
// per stream, compute time per scope, phase and bound.
struct OpSums {
    static constexpr size_t kStreams = 6, kPhases = static_cast<size_t>(scalescope::kPhases), kScopes = 4, kBounds = 6;
    Seconds total[kStreams][kPhases]{}, exposed[kStreams][kPhases]{};
    Bytes bytes[kStreams]{};
    Seconds window[kScopes][kPhases][kBounds]{};
    // Bit s: a row of stream s was added; bit sc of `scopes`: a compute row of
    // scope sc. The sums of the others are still zero, so addScaled skips
    // them: a layer's rows touch one stream and one scope of the 222 sums.
    std::uint8_t streams = 0, scopes = 0;
    // One past the last phase a row was added in: the sums of the phases
    // after it are zero (a training table never touches Prefill or Decode).
    std::uint8_t phaseEnd = 0;

    void add(const OpRow& row) noexcept
    {
        const size_t s = static_cast<size_t>(row.stream), ph = static_cast<size_t>(row.phase);
        total[s][ph] += row.total();
        exposed[s][ph] += row.exposed();
        bytes[s] += row.bytes * row.count;
        streams |= static_cast<std::uint8_t>(1u << s);
        phaseEnd = std::max(phaseEnd, static_cast<std::uint8_t>(ph + 1));
        if (row.stream == OpStream::Compute) {
            const size_t sc = static_cast<size_t>(row.scope);
            window[sc][ph][static_cast<size_t>(row.bound)] += row.total();
            scopes |= static_cast<std::uint8_t>(1u << sc);
        }
    }
    // Adds `other` as if each of its rows had `k` times the count (k finite:
    // then skipping other's untouched sums, zero times k, changes no bit).
    void addScaled(const OpSums& other, double k) noexcept
    {
        for (size_t s = 0; s < kStreams; ++s) {
            if (!(other.streams & (1u << s))) continue;
            for (size_t ph = 0; ph < other.phaseEnd; ++ph) {
                total[s][ph] += other.total[s][ph] * k;
                exposed[s][ph] += other.exposed[s][ph] * k;
            }
            bytes[s] += other.bytes[s] * k;
        }
        for (size_t sc = 0; sc < kScopes; ++sc) {
            if (!(other.scopes & (1u << sc))) continue;
            for (size_t ph = 0; ph < other.phaseEnd; ++ph)
                for (size_t b = 0; b < kBounds; ++b) window[sc][ph][b] += other.window[sc][ph][b] * k;
        }
        streams |= other.streams;
        scopes |= other.scopes;
        phaseEnd = std::max(phaseEnd, other.phaseEnd);
    }
};

class OperationTable final {
public:
    static constexpr int kCapacity = 144;

    // Appends a row; rows beyond the capacity are a bug in the step builder
    // (the capacity covers every op of a MoE layout), counted in `dropped`.
    void add(const OpRow& row) noexcept
    {
        if (m_size >= kCapacity) {
            ++m_dropped;
            return;
        }
        m_rows[static_cast<size_t>(m_size++)].row = row;
        m_sums.add(row);
    }
    // Appends rows whose sums are already known (a memoised layer) in one
    // copy; the caller adds the matching sums with addSums.
    void addRows(std::span<const OpRow> rows) noexcept
    {
        const size_t room = static_cast<size_t>(kCapacity - m_size);
        const size_t n = std::min(rows.size(), room);
        m_dropped += static_cast<int>(rows.size() - n);
        if (n > 0) std::memcpy(static_cast<void*>(&m_rows[static_cast<size_t>(m_size)]), rows.data(), n * sizeof(OpRow));
        m_size += static_cast<int>(n);
    }
    // Adds the sums of rows appended by addRows, `k` times.
    void addSums(const OpSums& sums, double k) noexcept { m_sums.addScaled(sums, k); }
    [[nodiscard]] int size() const noexcept { return m_size; }
    [[nodiscard]] int dropped() const noexcept { return m_dropped; }
    [[nodiscard]] const OpRow& operator[](int i) const noexcept { return m_rows[static_cast<size_t>(i)].row; }
    [[nodiscard]] const OpRow* begin() const noexcept { return &m_rows.data()->row; }
    [[nodiscard]] const OpRow* end() const noexcept { return begin() + m_size; }

    // Running sums kept as rows are added: total() or exposed() of a stream in a
    // phase, and the compute time of a scope, phase and bound.
    [[nodiscard]] Seconds streamTotal(OpStream s, Phase ph, bool exposedOnly = false) const noexcept
    {
        return (exposedOnly ? m_sums.exposed : m_sums.total)[static_cast<size_t>(s)][static_cast<size_t>(ph)];
    }
    [[nodiscard]] Bytes streamBytes(OpStream s) const noexcept { return m_sums.bytes[static_cast<size_t>(s)]; }
    [[nodiscard]] Seconds computeTime(OpScope scope, Phase ph, OpBound b) const noexcept
    {
        return m_sums.window[static_cast<size_t>(scope)][static_cast<size_t>(ph)][static_cast<size_t>(b)];
    }

    // Sum of total() (or exposed()) of the rows that match; per micro-batch
    // for micro-batch scopes, per step for Step scope.
    template <class Pred>
    [[nodiscard]] Seconds sum(Pred match, bool exposedOnly = false) const noexcept
    {
        Seconds t{};
        for (const OpRow& r : *this)
            if (match(r)) t += exposedOnly ? r.exposed() : r.total();
        return t;
    }

private:
    // Storage for a row that is not initialised until a row is added: an
    // evaluation then does not write 128 rows' default values it never reads.
    union Slot {
        Slot() noexcept {}
        OpRow row;
    };
    static_assert(std::is_trivially_copyable_v<OpRow> && std::is_trivially_destructible_v<OpRow>);
    static_assert(sizeof(Slot) == sizeof(OpRow)); // begin() walks the slots as an array of rows
    std::array<Slot, kCapacity> m_rows; // only [0, m_size) is meaningful
    int m_size = 0;
    int m_dropped = 0;
    OpSums m_sums;
};

} // namespace scalescope

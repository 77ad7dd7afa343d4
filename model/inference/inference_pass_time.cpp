#include "model/inference/inference_pass_time.h"

#include "model/core/transformer_cost.h"
#include "model/inference/inference_step.h"
#include "model/inference/serving_allreduce.h"
#include "model/network/collectives.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace scalescope {

Seconds addPassCollectives(const ResolvedSystem& sys, const ParallelLayout& p, const AxisGroups& groups, Phase phase,
                           double tokens, OperationTable& t, double layerCount)
{
    const bool decode = phase == Phase::Decode;
    const CollectiveOptions measured{sys.scenario.efficiency, sys.scenario.network.sharp, 0, &sys.calibration};
    CollectiveOptions o = measured;
    if (decode) o.mode = EfficiencyMode::Theoretical;
    const std::string* source = decode ? &decodeCollectiveAssumption() : nullptr; // swapped for the custom AllReduce
    const ModelSpec& m = sys.model;
    StageLayers layers = bottleneckStageLayers(m, p.pp);
    if (layerCount > 0) layers = m.moe ? StageLayers{0, layerCount} : StageLayers{layerCount, 0};
    const double h = m.hidden.value;
    auto row = [&](OpKind op, OpStream stream, OpScope scope, double count, Bytes bytes, const CollectiveCost& c) {
        if (count <= 0 || c.time.si <= 0) return;
        const double eff =
            c.tierCount > 0 && c.bottleneckTier >= 0 ? c.tiers[static_cast<size_t>(c.bottleneckTier)].efficiency : 1.0;
        t.add({op, phase, stream, scope, OpBound::Collective, count, Flops{}, bytes, eff, source, c.time, Seconds{}});
    };
    const Bytes activations{tokens * h * kActivationBytes};
    CollectiveCost allReduce = collectiveCost(sys.tiers, CollectiveKind::AllReduce, activations, groups.tp, o);
    const std::string* tpSource = source;
    if (const auto custom = customAllReduce(sys.tiers, p.tp, groups.tp.spannedTier <= 0, activations,
                                            sys.scenario.efficiency, sys.calibration)) {
        allReduce.time = *custom;
        allReduce.bottleneckTier = -1;
        tpSource = &customAllReduceAssumption();
    }
    std::swap(source, tpSource);
    row(OpKind::TpCollective, OpStream::Tp, OpScope::DenseLayer, 2 * layers.dense, activations, allReduce);
    row(OpKind::TpCollective, OpStream::Tp, OpScope::MoeLayer, 2 * layers.moe, activations, allReduce);
    std::swap(source, tpSource);
    if (p.ep > 1 && m.moe) {
        CollectiveOptions sparse = o;
        sparse.topK = m.moe->topK.value;
        const double ep = p.ep;
        const Bytes group{ep * ep * tokens / p.tp * h * kActivationBytes}; // the AllToAll input over all members
        const CollectiveCost a2a = collectiveCost(sys.tiers, CollectiveKind::AllToAll, group, groups.ep, sparse);
        row(OpKind::EpDispatch, OpStream::Ep, OpScope::MoeLayer, layers.moe, group, a2a);
        row(OpKind::EpCombine, OpStream::Ep, OpScope::MoeLayer, layers.moe, group, a2a);
    }
    if (p.pp <= 1) return Seconds{};
    const Bytes send{tokens / p.tp * h * kActivationBytes}; // each tp rank sends its slice
    const CollectiveCost s = collectiveCost(sys.tiers, CollectiveKind::PointToPoint, send, groups.pp, o);
    row(OpKind::PpSend, OpStream::Pp, OpScope::Stage, p.pp - 1.0, send, s);
    return s.time;
}

Seconds stagePass(const OperationTable& t, Phase phase) noexcept
{
    Seconds sum{};
    for (OpStream s : {OpStream::Compute, OpStream::Tp, OpStream::Ep})
        sum += t.streamTotal(s, phase);
    return sum;
}

Flops passFlops(const OperationTable& t, Phase phase) noexcept
{
    Flops f{};
    for (const OpRow& r : t)
        if (r.phase == phase && r.stream == OpStream::Compute) f += r.flops * r.count;
    return f;
}


void RowMerger::add(const OperationTable& t, double weight) noexcept
{
    for (const OpRow& r : t) {
        OpRow* same = nullptr;
        for (int i = 0; i < m_size && !same; ++i) {
            OpRow& m = m_rows[static_cast<size_t>(i)];
            if (m.op == r.op && m.phase == r.phase && m.stream == r.stream && m.scope == r.scope && m.bound == r.bound)
                same = &m;
        }
        const double k = weight * r.count; // instances of r, per instance of the merged row below
        if (same) {
            const double per = k / same->count;
            same->time += r.time * per;
            same->flops += r.flops * per;
            same->bytes += r.bytes * per;
            if (!same->source) same->source = r.source;
        } else if (m_size < OperationTable::kCapacity) {
            OpRow& m = m_rows[static_cast<size_t>(m_size++)];
            m = r;
            m.time = r.time * weight;
            m.flops = r.flops * weight;
            m.bytes = r.bytes * weight;
        }
    }
}

void RowMerger::flushInto(OperationTable& t) const noexcept
{
    for (int i = 0; i < m_size; ++i)
        t.add(m_rows[static_cast<size_t>(i)]);
}

PrefillTime addPrefill(const ResolvedSystem& sys, const ParallelLayout& p, const KernelCosts& kc, double batch,
                       double prompt, int chunk, OperationTable& t)
{
    PrefillTime out;
    const AxisGroups groups = axisGroups(sys.tiers, p);
    const double stages = p.pp;
    if (chunk <= 0 || chunk >= prompt) {
        out.flags = addPassRows(sys, p, kc, {Phase::Prefill, batch, prompt, prompt}, t);
        const Seconds send = addPassCollectives(sys, p, groups, Phase::Prefill, batch * prompt, t);
        out.stage = stagePass(t, Phase::Prefill);
        out.ttft = out.stage * stages + send * (stages - 1);
        return out;
    }
    constexpr long long kMaxGroups = 63; // groups of full chunks evaluated (plus the last chunk)
    const double c = chunk;
    const long long n = static_cast<long long>(std::ceil(prompt / c));
    const long long full = n - 1; // chunks of c tokens before the last
    const long long perGroup = std::max(1LL, (full + kMaxGroups - 1) / kMaxGroups);
    RowMerger merged;
    Seconds largest{}, lastSend{};
    auto chunkPass = [&](double tokens, double prior, double weight, bool last) {
        OperationTable one;
        InferencePass pass{Phase::Prefill, batch, tokens, prior + tokens};
        pass.priorTokens = prior;
        pass.logitsPerSequence = last ? 1 : 0; // the first output token comes from the prompt's last position
        const PassAssumptions f = addPassRows(sys, p, kc, pass, one);
        out.flags.gemmBelowMeasured = out.flags.gemmBelowMeasured || f.gemmBelowMeasured;
        out.flags.attentionBound = out.flags.attentionBound || f.attentionBound;
        lastSend = addPassCollectives(sys, p, groups, Phase::Prefill, batch * tokens, one);
        const Seconds stage = stagePass(one, Phase::Prefill);
        out.stage += stage * weight;
        largest = std::max(largest, stage);
        merged.add(one, weight);
    };
    for (long long first = 0; first < full; first += perGroup) {
        const long long count = std::min(perGroup, full - first);
        const double meanIndex = static_cast<double>(first) + static_cast<double>(count - 1) / 2;
        chunkPass(c, meanIndex * c, static_cast<double>(count), false);
    }
    chunkPass(prompt - static_cast<double>(full) * c, static_cast<double>(full) * c, 1, true);
    merged.flushInto(t);
    out.chunks = static_cast<int>(n);
    out.ttft = out.stage + (largest + lastSend) * (stages - 1);
    return out;
}

double acceptedTokensPerStep(int draftTokens, double acceptanceRate) noexcept
{
    const double k = std::max(draftTokens, 0), a = std::clamp(acceptanceRate, 0.0, 1.0);
    if (a >= 1) return k + 1;
    return (1 - std::pow(a, k + 1)) / (1 - a);
}

} // namespace scalescope

#include "model/training/layout_check.h"

namespace scalescope {

bool tpSplitsHeads(const ModelSpec& m, int tp) noexcept
{
    return tp >= 1 && m.heads.value % tp == 0 && (m.kvHeads.value % tp == 0 || tp % m.kvHeads.value == 0);
}

bool epSplitsExperts(const ModelSpec& m, int ep) noexcept
{
    return ep == 1 || (ep > 1 && m.moe && m.moe->experts.value % ep == 0);
}

namespace {

std::string n(long long v) { return std::to_string(v); }

// Returns the first problem, or nullopt. `describe` false skips building messages.
std::optional<LayoutProblem> check(const EvaluationContext& ctx, const ParallelLayout& p, bool describe)
{
    const Scenario& s = ctx.scenario;
    const ModelSpec& m = ctx.model;
    auto fail = [&](const char* path, auto message) -> std::optional<LayoutProblem> {
        if (!describe) return LayoutProblem{};
        return LayoutProblem{path, message()};
    };
    const long long product = static_cast<long long>(p.tp) * p.pp * p.cp * p.dp;
    if (p.tp < 1 || p.pp < 1 || p.cp < 1 || p.dp < 1 || p.ep < 1 || p.vpp < 1 || p.microbatchSize < 1)
        return fail("/parallel", [] { return std::string("expected every parallel size to be at least 1"); });
    if (product != s.gpus)
        return fail("/parallel", [&] {
            return "expected tp·pp·cp·dp = gpus (" + n(s.gpus) + "), found " + n(p.tp) + "·" + n(p.pp) + "·" + n(p.cp) +
                   "·" + n(p.dp) + " = " + n(product);
        });
    if (m.heads.value % p.tp != 0)
        return fail("/parallel/tp", [&] { return "expected tp to divide the " + n(m.heads.value) + " attention heads, found " + n(p.tp); });
    if (!tpSplitsHeads(m, p.tp)) // the heads divide: the KV-head rule failed
        return fail("/parallel/tp", [&] {
            return "expected tp to divide the " + n(m.kvHeads.value) + " KV heads or be a multiple of them, found " + n(p.tp);
        });
    if (p.ep > 1 && !m.moe)
        return fail("/parallel/ep", [&] { return "expected ep = 1 for the dense model " + m.name + ", found " + n(p.ep); });
    if (!epSplitsExperts(m, p.ep))
        return fail("/parallel/ep", [&] { return "expected ep to divide the " + n(m.moe->experts.value) + " experts, found " + n(p.ep); });
    if (p.etp < 0)
        return fail("/parallel/etp", [&] { return "expected etp to be at least 1, found " + n(p.etp); });
    if (p.folded() && !m.moe)
        return fail("/parallel/etp", [&] { return "expected no etp for the dense model " + m.name + " (it has no expert layers)"; });
    if (p.folded()) {
        // MoE parallel folding (Liu et al. 2025): etp·ep·edp = tp·cp·dp in every pipeline stage.
        const long long stageRanks = static_cast<long long>(p.tp) * p.cp * p.dp, expertModel = static_cast<long long>(p.etp) * p.ep;
        if (stageRanks % expertModel != 0)
            return fail("/parallel/etp", [&] {
                return "expected etp·ep to divide tp·cp·dp = " + n(stageRanks) + " (the ranks of a pipeline stage the expert layers fold onto), found " +
                       n(p.etp) + "·" + n(p.ep) + " = " + n(expertModel);
            });
        if (m.moe->expertFfn.value % p.etp != 0)
            return fail("/parallel/etp", [&] {
                return "expected etp to divide the expert FFN width " + n(m.moe->expertFfn.value) + ", found " + n(p.etp);
            });
    } else if (p.dp % p.ep != 0)
        return fail("/parallel/ep", [&] {
            return "expected ep to divide dp (" + n(p.dp) + "): experts are sharded across the data-parallel ranks, found ep " + n(p.ep) +
                   " (set parallel.etp to fold ep onto the tp·cp·dp ranks)";
        });
    if (s.training.seqLen % p.cp != 0)
        return fail("/parallel/cp", [&] { return "expected cp to divide seq_len (" + n(s.training.seqLen) + "), found " + n(p.cp); });
    if (s.training.globalBatch % (static_cast<long long>(p.dp) * p.microbatchSize) != 0)
        return fail("/training/global_batch", [&] {
            return "expected global_batch to be a multiple of dp · microbatch_size (" + n(static_cast<long long>(p.dp) * p.microbatchSize) +
                   "), found " + n(s.training.globalBatch);
        });
    if (static_cast<long long>(p.pp) * p.vpp > m.layers.value)
        return fail("/parallel/pp", [&] {
            return "expected pp·vpp ≤ the " + n(m.layers.value) + " layers, found " + n(static_cast<long long>(p.pp) * p.vpp);
        });
    if (p.vpp > 1 && p.pp == 1)
        return fail("/parallel/vpp", [&] {
            return "expected vpp = 1 when pp = 1 (virtual stages interleave across pipeline ranks), found " + n(p.vpp);
        });
    if (p.vpp > 1 && p.schedule != Schedule::Interleaved)
        return fail("/parallel/schedule", [] { return std::string("expected \"interleaved-1f1b\" when vpp > 1"); });
    if (p.schedule == Schedule::Interleaved && p.pp > 1 && microbatchCount(s, p) % p.pp != 0)
        return fail("/parallel/schedule", [&] {
            return "expected the micro-batch count (" + n(microbatchCount(s, p)) + ") to be a multiple of pp (" + n(p.pp) +
                   ") for interleaved 1F1B";
        });
    return std::nullopt;
}

} // namespace

bool layoutIsValid(const EvaluationContext& ctx, const ParallelLayout& p) noexcept
{
    return !check(ctx, p, false).has_value();
}

std::optional<LayoutProblem> layoutProblem(const EvaluationContext& ctx, const ParallelLayout& p)
{
    return check(ctx, p, true);
}

} // namespace scalescope

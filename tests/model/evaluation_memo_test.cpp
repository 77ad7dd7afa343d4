// The per-thread memos behind an evaluation (placed groups and their
// collectives, a layer's rows stacked for its layer count and recompute
// shares) must give what a cold evaluation computes, to the last bit: a
// search and the planner mutate one context in place between evaluations,
// so every variant below is evaluated on one context in turn (memo hits and
// replacements) and compared with the same variant on a fresh context (a new
// instance: every memo misses).

#include "model_test_support.h"

#include <sstream>
#include <vector>

using namespace scalescope;
using testing::contextFor;
using testing::presetScenario;

namespace {

struct Variant {
    int tp, pp, dp, cp, ep, microbatchSize;
    Recompute recompute;
    int zeroStage;
    EfficiencyMode efficiency;
    bool sharp;
};

void apply(const Variant& v, Scenario& s)
{
    ParallelLayout& p = s.parallel;
    p.tp = v.tp;
    p.pp = v.pp;
    p.dp = v.dp;
    p.cp = v.cp;
    p.ep = v.ep;
    p.microbatchSize = v.microbatchSize;
    p.vpp = 1;
    p.schedule = Schedule::OneFOneB;
    s.training.recompute = v.recompute;
    s.training.zeroStage = v.zeroStage;
    s.efficiency = v.efficiency;
    s.network.sharp = v.sharp;
}

// The first difference between two evaluations, or "" (sources by text: the
// contexts differ).
std::string difference(const Evaluation& a, const Evaluation& b)
{
    std::ostringstream d;
    if (a.ok != b.ok || a.stepTime != b.stepTime || a.exposedComm != b.exposedComm || a.bubbleTime != b.bubbleTime ||
        a.optimizerTime != b.optimizerTime || a.mfu != b.mfu || a.memory.total != b.memory.total ||
        a.warningCount != b.warningCount)
        d << "totals: step " << a.stepTime.si << " vs " << b.stepTime.si;
    if (a.ops.size() != b.ops.size()) d << "rows " << a.ops.size() << " vs " << b.ops.size();
    for (int i = 0; d.str().empty() && i < a.ops.size(); ++i) {
        const OpRow &x = a.ops[i], &y = b.ops[i];
        const bool sameSource = (x.source == nullptr) == (y.source == nullptr) && (!x.source || *x.source == *y.source);
        if (x.op != y.op || x.phase != y.phase || x.stream != y.stream || x.scope != y.scope || x.bound != y.bound ||
            x.count != y.count || x.flops != y.flops || x.bytes != y.bytes || x.efficiency != y.efficiency || !sameSource ||
            x.time != y.time || x.hidden != y.hidden)
            d << "row " << i << " (" << opKindKey(x.op) << ", " << phaseKey(x.phase) << ")";
    }
    for (size_t s = 0; d.str().empty() && s < OpSums::kStreams; ++s)
        for (size_t ph = 0; ph < OpSums::kPhases; ++ph)
            for (bool exposed : {false, true})
                if (a.ops.streamTotal(OpStream(s), Phase(ph), exposed) != b.ops.streamTotal(OpStream(s), Phase(ph), exposed))
                    d << "sum of stream " << s << ", phase " << ph;
    for (size_t i = 0; d.str().empty() && i < a.comm.size(); ++i)
        if (a.comm[i].time != b.comm[i].time || a.comm[i].exposed != b.comm[i].exposed || a.comm[i].bytes != b.comm[i].bytes ||
            a.comm[i].tier != b.comm[i].tier || a.comm[i].perGpuBandwidth != b.comm[i].perGpuBandwidth)
            d << "axis " << i;
    return d.str();
}

void checkMemoisedEqualsCold(const std::string& preset, const std::vector<Variant>& variants)
{
    // All memoised evaluations first: a cold one between them would take
    // over the same memo slots (the slot follows the layout, not the context).
    Scenario s = presetScenario(preset);
    EvaluationContext shared = contextFor(s);
    std::vector<Evaluation> memoised;
    for (int round = 0; round < 2; ++round) {
        for (const Variant& v : variants) {
            apply(v, shared.scenario);
            memoised.push_back(evaluate(shared));
        }
    }
    for (size_t i = 0; i < memoised.size(); ++i) {
        apply(variants[i % variants.size()], s);
        const EvaluationContext coldContext = contextFor(s); // alive while its rows' sources are compared
        const Evaluation cold = evaluate(coldContext);
        INFO(preset << ", variant " << i % variants.size() << ", round " << i / variants.size());
        REQUIRE(cold.ok);
        CHECK(difference(memoised[i], cold) == "");
    }
}

} // namespace

TEST_CASE("Memoised evaluations equal cold ones to the last bit: LLaMA-3 405B on 16k H100 across pipeline depths, recompute "
          "modes, ZeRO stages, efficiency modes and SHARP",
          "[training][memo]")
{
    using R = Recompute;
    using M = EfficiencyMode;
    // Neighbours share what a memo is keyed on but one thing: the layer rows'
    // (tp, micro-batch) with another layer count (pp) or other recompute
    // shares, the placed groups with another collective size, mode or SHARP.
    checkMemoisedEqualsCold("llama3-405b-16k-h100", {
        {8, 16, 128, 1, 1, 1, R::Full, 1, M::Measured, false},
        {8, 8, 256, 1, 1, 1, R::Full, 1, M::Measured, false},
        {8, 16, 128, 1, 1, 1, R::Selective, 1, M::Measured, false},
        {8, 16, 128, 1, 1, 1, R::PerOp, 1, M::Measured, false},
        {8, 16, 128, 1, 1, 2, R::PerOp, 1, M::Measured, false},
        {8, 16, 128, 1, 1, 1, R::Full, 0, M::Measured, false},
        {8, 16, 128, 1, 1, 1, R::Full, 0, M::Measured, true},
        {8, 16, 128, 1, 1, 1, R::Full, 3, M::Measured, false},
        {8, 16, 128, 1, 1, 1, R::Full, 1, M::Theoretical, false},
        {4, 16, 128, 2, 1, 1, R::None, 1, M::Measured, false},
    });
}

TEST_CASE("Memoised evaluations equal cold ones to the last bit: DeepSeek-V3 (MoE, MLA) across expert parallelism and recompute",
          "[training][memo]")
{
    using R = Recompute;
    using M = EfficiencyMode;
    const ParallelLayout own = presetScenario("deepseek-v3-2048-h800").parallel;
    const int tp = own.tp, pp = own.pp, dp = own.dp, cp = own.cp, ep = own.ep;
    checkMemoisedEqualsCold("deepseek-v3-2048-h800", {
        {tp, pp, dp, cp, ep, 1, R::Full, 1, M::Measured, false},
        {tp, pp, dp, cp, ep, 1, R::Selective, 1, M::Measured, false},
        {tp, pp, dp, cp, ep / 2, 1, R::Selective, 1, M::Measured, false},
        {tp, pp, dp, cp, ep, 1, R::Selective, 2, M::Theoretical, false},
        {tp, pp, dp, cp, ep, 1, R::PerOp, 3, M::Measured, false},
    });
}

TEST_CASE("The layer-row memo is keyed by training.cross_entropy: a context changed only there gets its own loss rows "
          "(LLaMA-3 70B on 4,096 H100, fused then eager, on one context)",
          "[training][memo]")
{
    // A planner edit or a search mutates one context in place (same address,
    // same instance): the last stage's rows must follow the loss kernel.
    Scenario s = presetScenario("llama3-70b-4096-h100");
    s.training.crossEntropy = CrossEntropyKernel::Fused;
    EvaluationContext shared = contextFor(s);
    const Evaluation fused = evaluate(shared);
    shared.scenario.training.crossEntropy = CrossEntropyKernel::Eager;
    const Evaluation memoised = evaluate(shared);

    s.training.crossEntropy = CrossEntropyKernel::Eager;
    const EvaluationContext coldContext = contextFor(s);
    const Evaluation cold = evaluate(coldContext);
    REQUIRE(cold.ok);
    const auto lossTime = [](const Evaluation& e) {
        return e.ops.sum([](const OpRow& r) { return r.op == OpKind::CrossEntropy; });
    };
    // The eager chain is slower than the fused kernel (calibration), so the
    // rows must differ for the check below to mean anything.
    REQUIRE(lossTime(fused).si > 0);
    REQUIRE(lossTime(cold).si > lossTime(fused).si);
    CHECK(lossTime(memoised).si == lossTime(cold).si);
    CHECK(difference(memoised, cold) == "");
}

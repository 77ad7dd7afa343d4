#include "model/training/operation_breakdown.h"

#include "model/spec/quantity_parser.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace scalescope {

double rowsPerStep(const OpRow& r, const Evaluation& e) noexcept
{
    return r.scope == OpScope::Step ? r.count : r.count * e.microbatches;
}

std::string attentionKernelId(const EvaluationContext& ctx)
{
    if (ctx.scenario.efficiency != EfficiencyMode::Measured) return {};
    const auto i = static_cast<size_t>(ctx.attentionKernel);
    return i < ctx.compute.attention.size() ? ctx.compute.attention[i].id : std::string();
}

StepBreakdown stepBreakdown(const Evaluation& e) noexcept
{
    StepBreakdown b;
    for (const OpRow& r : e.ops) {
        const double n = rowsPerStep(r, e);
        if (r.stream != OpStream::Compute) {
            const size_t axis = static_cast<size_t>(r.stream) - 1; // Tp, Cp, Ep, Pp, Dp follow Compute
            b.exposed[axis] += (r.time - r.hidden) * n;
            b.hidden[axis] += r.hidden * n;
            continue;
        }
        const Seconds t = r.time * n;
        if (r.op == OpKind::Optimizer) b.optimizer += t;
        else if (r.bound == OpBound::Gemm) b.gemm += t;
        else if (r.bound == OpBound::GroupedGemm) b.groupedGemm += t;
        else if (r.bound == OpBound::Attention) b.attention += t;
        else if (r.bound == OpBound::Memory) b.memoryBound += t;
        else if (r.bound == OpBound::Contention) b.contention += t;
        else b.other += t;
    }
    b.bubble = e.bubbleTime;
    return b;
}

StepShares stepShares(const Evaluation& e) noexcept
{
    StepShares s;
    const double mb = e.microbatches;
    s.forward = e.stage.forwardCompute * mb;
    s.backward = e.stage.backwardCompute * mb;
    s.recompute = e.stage.recompute * mb;
    for (size_t i = 0; i < s.exposed.size(); ++i) s.exposed[i] = e.comm[i].exposed;
    s.bubble = e.bubbleTime;
    s.optimizer = e.optimizerTime + e.memory.spillTime;
    return s;
}

nlohmann::json breakdownToJson(const EvaluationContext& ctx, const Evaluation& e)
{
    nlohmann::json rows = nlohmann::json::array();
    const double step = e.stepTime.si;
    for (const OpRow& r : e.ops) {
        const double n = rowsPerStep(r, e);
        const RowProvenance provenance = rowProvenance(ctx, r);
        rows.push_back({{"op", opKindKey(r.op)},
                        {"phase", phaseKey(r.phase)},
                        {"stream", opStreamKey(r.stream)},
                        {"scope", opScopeKey(r.scope)},
                        {"bound", opBoundKey(r.bound)},
                        {"count_per_step", n},
                        {"flops", r.flops.si},
                        {"bytes", r.bytes.si},
                        {"efficiency", r.efficiency},
                        {"source", r.source ? nlohmann::json(*r.source) : nlohmann::json()},
                        {"citation", sourceCitation(ctx, r)},
                        {"calibration", provenance.calibration},
                        {"source_kind", sourceKindKey(provenance.kind)},
                        {"time_s", r.time.si},
                        {"hidden_s", r.hidden.si},
                        {"step_s", r.time.si * n},
                        {"exposed_step_s", (r.time - r.hidden).si * n},
                        {"share_of_step", step > 0 ? (r.time - r.hidden).si * n / step : 0}});
    }
    const StepBreakdown b = stepBreakdown(e);
    nlohmann::json exposed = nlohmann::json::object(), hidden = nlohmann::json::object();
    for (int i = 0; i < kCommAxes; ++i) {
        const std::string key(commAxisKey(static_cast<CommAxis>(i)));
        exposed[key] = b.exposed[static_cast<size_t>(i)].si;
        hidden[key] = b.hidden[static_cast<size_t>(i)].si;
    }
    nlohmann::json summary = {{"gemm_s", b.gemm.si},         {"grouped_gemm_s", b.groupedGemm.si},
                              {"attention_s", b.attention.si}, {"memory_bound_s", b.memoryBound.si},
                              {"overlap_contention_s", b.contention.si},
                              {"optimizer_s", b.optimizer.si}, {"bubble_s", b.bubble.si},
                              {"spill_s", b.other.si},       {"exposed_comm_s", exposed},
                              {"hidden_comm_s", hidden},     {"step_time_s", step},
                              {"note", "per step on one GPU of the bottleneck pipeline stage; compute rows sum to compute_s"}};
    if (const std::string kernel = attentionKernelId(ctx); !kernel.empty()) summary["attention_kernel"] = kernel;
    return {{"rows", rows}, {"summary", summary}};
}

std::string breakdownText(const EvaluationContext& ctx, const Evaluation& e)
{
    std::vector<const OpRow*> order;
    for (const OpRow& r : e.ops) order.push_back(&r);
    std::stable_sort(order.begin(), order.end(), [&](const OpRow* a, const OpRow* b) {
        return (a->time - a->hidden).si * rowsPerStep(*a, e) > (b->time - b->hidden).si * rowsPerStep(*b, e);
    });
    std::string out = "Step " + format(e.stepTime) + ", BF16 MFU " + formatSignificant(e.mfu * 100, 3) +
                      " % — where the time goes (per step, one GPU of the bottleneck stage):\n";
    if (const std::string kernel = attentionKernelId(ctx); !kernel.empty()) out += "Attention kernel: " + kernel + "\n";
    if (ctx.scenario.efficiency == EfficiencyMode::Measured)
        out += "Calibrations: compute " + (ctx.compute.id.empty() ? std::string("none") : ctx.compute.id) + ", network " +
               ctx.calibration.id + "\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-18s %-9s %-7s %10s %10s %7s %6s  %s\n", "operation", "phase", "stream", "step",
                  "hidden", "share", "eff.", "source");
    out += line;
    for (const OpRow* r : order) {
        const double n = rowsPerStep(*r, e);
        const std::string opName(opKindKey(r->op)), phase(phaseKey(r->phase)), stream(opStreamKey(r->stream));
        std::snprintf(line, sizeof line, "%-18s %-9s %-7s %10s %10s %6.1f%% %5.0f%%  %s\n", opName.c_str(), phase.c_str(),
                      stream.c_str(), format(r->time * n).c_str(), format(r->hidden * n).c_str(),
                      e.stepTime.si > 0 ? 100 * (r->time - r->hidden).si * n / e.stepTime.si : 0.0, r->efficiency * 100,
                      r->source ? r->source->c_str() : "roofline");
        out += line;
    }
    std::snprintf(line, sizeof line, "%-18s %-9s %-7s %10s\n", "bubble", "step", "compute", format(e.bubbleTime).c_str());
    out += line;
    out += "Sources:\n";
    std::vector<std::string> seen;
    for (const OpRow& r : e.ops) {
        if (!r.source || std::find(seen.begin(), seen.end(), *r.source) != seen.end()) continue;
        seen.push_back(*r.source);
        const RowProvenance p = rowProvenance(ctx, r);
        out += "  " + *r.source + " (" + (p.calibration.empty() ? std::string() : p.calibration + ", ") +
               std::string(sourceKindKey(p.kind)) + "): " + sourceCitation(ctx, r) + "\n";
    }
    return out;
}

} // namespace scalescope

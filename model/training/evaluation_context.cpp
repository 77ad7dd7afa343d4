#include "model/training/evaluation_context.h"

#include "model/system/resolve_system.h"

#include <algorithm>

namespace scalescope {

std::optional<EvaluationContext> makeEvaluationContext(const Scenario& s, const SpecCatalog& catalog, SpecErrors& errors,
                                                       const std::string& file)
{
    const size_t before = errors.size();
    std::optional<ResolvedSystem> system = resolveSystem(s, catalog, errors, file);
    if (!system) return std::nullopt;
    EvaluationContext ctx{std::move(*system), TrainingSetup{}};
    if (const std::string& k = s.training.attentionKernel;
        !k.empty() && !ctx.compute.id.empty()) {
        const int i = ctx.compute.attentionKernel(k);
        ctx.attentionKernel = std::max(i, 0);
        ctx.attentionKernelMissing = i < 0;
    }
    const Precision precision = s.mode == Mode::Training ? s.training.precision : s.inference.precision;
    if (const auto peak = ctx.gpu.peak(precision)) {
        ctx.peak = *peak;
    } else {
        errors.push_back({file, s.mode == Mode::Training ? "/training/precision" : "/inference/precision",
                          "expected a precision the " + ctx.gpu.name + " has Tensor Cores for, found \"" +
                              std::string(precisionKey(precision)) + "\""});
    }
    if (s.training.seqLen < 1) errors.push_back({file, "/training/seq_len", "expected a positive sequence length"});
    if (errors.size() != before) return std::nullopt;
    ctx.cost = modelCost(ctx.model, s.training.seqLen);
    return ctx;
}

} // namespace scalescope

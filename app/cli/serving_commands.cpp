#include "serving_commands.h"

#include "csv_output.h"

#include "text_table.h"

#include "model/inference/inference_step.h"
#include "model/report/chrome_trace.h"
#include "model/search/inference_search.h"
#include "model/spec/quantity_parser.h"

#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

namespace scalescope::cli {

namespace {

// "--tpot-max 0.05", "--tpot-max '50 ms'": a time > 0.
std::optional<Seconds> limitArg(const char* option, const std::string& text, std::ostream& err)
{
    const QuantityParse p = parseQuantity(text);
    if (p && (p.quantity->dimension == Dimension::Time || p.quantity->dimension == Dimension::Count) &&
        p.quantity->si > 0 && std::isfinite(p.quantity->si))
        return Seconds{p.quantity->si};
    err << "error: " << option << ": expected a time > 0 in seconds (\"0.05\") or with a unit (\"50 ms\"), found \""
        << text << "\"\n";
    return std::nullopt;
}

std::string rateText(double perS)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(perS < 100 ? 1 : 0) << perS;
    return s.str();
}

void printServingTable(const EvaluationContext& ctx, const ServingSearchOptions& o, const ServingSearchResult& r,
                       std::ostream& out)
{
    out << ctx.scenario.name << ": " << r.layouts << " layouts, " << r.fitting << " hold a sequence, "
        << r.meetingLimits << " meet the limits";
    if (o.limits.tpotMax) out << " (TPOT <= " << format(*o.limits.tpotMax) << ")";
    if (o.limits.ttftMax) out << " (TTFT <= " << format(*o.limits.ttftMax) << ")";
    out << "; "
        << (o.objective == ServingObjective::Throughput ? "highest output tokens/s per GPU first"
                                                        : "lowest TPOT first")
        << "\n";
    using A = TextTable::Align;
    TextTable table({{"tp", A::Right},
                     {"pp", A::Right},
                     {"dp", A::Right},
                     {"ep", A::Right},
                     {"batch", A::Right},
                     {"max batch", A::Right},
                     {"TTFT", A::Right},
                     {"TPOT", A::Right},
                     {"tok/s/GPU", A::Right},
                     {"tok/s/user", A::Right},
                     {"memory/GPU", A::Right}});
    for (const RankedServingLayout& l : r.best) {
        const ParallelLayout& p = l.layout;
        const InferenceEvaluation& e = l.evaluation;
        table.addRow({std::to_string(p.tp), std::to_string(p.pp), std::to_string(p.dp), std::to_string(p.ep),
                      std::to_string(e.batch), std::to_string(e.maxBatch), format(e.ttft), format(e.tpot),
                      rateText(e.tokensPerSPerGpu), rateText(e.tokensPerSPerUser), formatBytes(e.memory.total)});
    }
    table.print(out);
}

nlohmann::json limitJson(const std::optional<Seconds>& s)
{
    return s ? nlohmann::json(s->si) : nlohmann::json();
}

} // namespace

int runServingSearch(const EvaluationContext& ctx, const std::string& file, const CliArgs& args, int top,
                     std::ostream& out, std::ostream& err)
{
    ServingSearchOptions o;
    o.top = top;
    o.limits = servingLimitsOf(ctx.scenario.inference); // the scenario's; the flags override them
    if (const auto key = args.value("--objective")) {
        const auto objective = servingObjectiveFromKey(*key);
        if (!objective) {
            err << "error: --objective: expected throughput or latency, found \"" << *key << "\"\n";
            return Usage;
        }
        o.objective = *objective;
    }
    for (auto [option, slot] : {std::pair{"--tpot-max", &o.limits.tpotMax}, std::pair{"--ttft-max", &o.limits.ttftMax}}) {
        if (const auto text = args.value(option)) {
            *slot = limitArg(option, *text, err);
            if (!*slot) return Usage;
        }
    }
    const ServingSearchResult r = searchServingLayouts(ctx, o);
    if (r.best.empty()) {
        err << file << ": no serving layout of this scenario "
            << (r.fitting == 0 ? "holds one sequence in memory" : "meets the TPOT and TTFT limits") << "\n";
        return BadInput;
    }
    if (args.has("--text")) {
        printServingTable(ctx, o, r, out);
        return Ok;
    }
    nlohmann::json best = nlohmann::json::array();
    for (const RankedServingLayout& l : r.best) {
        const InferenceEvaluation& e = l.evaluation;
        best.push_back({{"parallel", {{"tp", l.layout.tp}, {"pp", l.layout.pp}, {"dp", l.layout.dp}, {"ep", l.layout.ep}}},
                        {"batch", e.batch},
                        {"max_batch", e.maxBatch},
                        {"ttft_s", e.ttft.si},
                        {"tpot_s", e.tpot.si},
                        {"tokens_per_s_per_gpu", e.tokensPerSPerGpu},
                        {"tokens_per_s_per_user", e.tokensPerSPerUser},
                        {"output_tokens_per_s", e.outputTokensPerS},
                        {"memory_total_B", e.memory.total.si},
                        {"memory_capacity_B", e.memory.capacity.si},
                        {"fits", e.memory.fits}});
    }
    if (args.has("--csv")) {
        out << servingSearchCsv(best);
        return Ok;
    }
    out << nlohmann::json{{"scenario", ctx.scenario.name},
                          {"mode", "inference"},
                          {"objective", servingObjectiveKey(o.objective)},
                          {"tpot_max_s", limitJson(o.limits.tpotMax)},
                          {"ttft_max_s", limitJson(o.limits.ttftMax)},
                          {"layouts", r.layouts},
                          {"fitting", r.fitting},
                          {"meeting_limits", r.meetingLimits},
                          {"evaluations", r.evaluations},
                          {"best", best}}
               .dump(2)
        << "\n";
    return Ok;
}

int runServingTrace(const EvaluationContext& ctx, const std::string& file, const std::string& traceFile,
                    std::ostream& out, std::ostream& err)
{
    const InferenceEvaluation e = evaluateInference(ctx);
    if (!e.ok) {
        err << file << ": " << e.errorPath << ": " << e.error << "\n";
        return BadInput;
    }
    const ChromeTrace trace = servingTrace(e);
    if (!trace.write(traceFile, err)) return BadInput;
    out << "wrote " << trace.spans() << " events (prefill " << e.prefillTime.si * 1e3 << " ms, decode step "
        << e.decodeStep.si * 1e3 << " ms) to " << traceFile << "\n";
    return Ok;
}

} // namespace scalescope::cli

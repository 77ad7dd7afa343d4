#include "cli_args.h"
#include "commands.h"
#include "csv_output.h"
#include "serving_commands.h"
#include "scenario_loading.h"
#include "text_table.h"

#include "model/inference/inference_json.h"
#include "model/inference/inference_step.h"
#include "model/report/chrome_trace.h"
#include "model/search/layout_search.h"
#include "model/training/evaluation_json.h"
#include "model/training/operation_breakdown.h"
#include "model/training/pipeline_timeline.h"

#include <iomanip>
#include <sstream>

namespace scalescope::cli {

namespace {

constexpr const char* kEvaluateHelp = R"(usage: scalescope-cli evaluate SCENARIO... [--timeline] [--breakdown] [--text | --csv]

Evaluates one training step of each scenario (*.scalescope.json) and prints
the evaluation as JSON (SI units). With several scenarios, prints a list.
An inference scenario ("mode": "inference") prints ttft_s, tpot_s,
kv_cache_B, kv_cache_per_gpu_B, max_batch, tokens_per_s_per_user,
output_tokens_per_s, tokens_per_s_per_gpu, energy_per_token_J,
cost_per_million_tokens with its currency, memory_per_gpu and warnings,
meets_limits where the scenario sets tpot_max or ttft_max (and
speculative or disaggregated figures where the scenario has them; see
docs/inference.md); --breakdown adds its prefill and decode rows
(--timeline is for training scenarios).
  --timeline   add the step's events (stage, lane, kind, micro-batch, start,
               end, bytes, tier)
  --breakdown  add "breakdown": the per-operation cost table behind the step
               time (each GEMM, attention, memory-bound kernel, cast, optimizer
               step and collective per step, with FLOPs, bytes, the efficiency
               applied, its source and citation, time, hidden part, share)
  --text       with --breakdown: print the table as text instead of JSON
  --csv        CSV instead of JSON: one row per scenario with the JSON's keys
               flattened ("comm.tp.exposed_s"); with --breakdown, one row per
               operation row with its source, the file in the first column
)";

constexpr const char* kSearchHelp = R"(usage: scalescope-cli search SCENARIO [--top K] [--text | --csv]
                            [--objective throughput|latency] [--tpot-max S] [--ttft-max S]

Enumerates every valid layout (tp, pp, dp, cp, ep, vpp, micro-batch size,
ZeRO stage, recompute, schedule) of the scenario's system, GPU count and
model, and prints the K fastest that fit in memory as JSON (default K = 10),
ranked by the model's own step time. A layout whose BF16 MFU the model puts
above the best published run of its class (dense or MoE, 16-bit or FP8 and
below, on any GPU: "published_mfu_ceiling", set by
"published_mfu_ceiling_run") is ranked all the same and marked
"beyond_published_run": true; "above_published_mfu" counts the fitting
layouts so marked. On a superchip (GB200, GB300) a layout may also spill
what exceeds HBM to the CPU's memory over NVLink-C2C, costed in its step
time: such a layout shows "fits": false, "fits_with_spill": true and the
bytes spilled ("spill_B").
  --top K   how many layouts to print (with --csv, default: every one that fits)
  --text    a table instead of JSON
  --csv     one CSV row per ranked layout: rank, layout, step_time_s, mfu,
            memory_total_B, exposed communication per axis (exposed_tp_s,
            ...), bubble_s and bubble_fraction (for a serving scenario: rank
            and the JSON's keys of each ranked serving layout)
An inference scenario ("mode": "inference") ranks its serving layouts
instead: every tp x pp x dp of its GPUs (ep dividing dp), each at the batch
its objective picks, with its batch, ttft_s, tpot_s, tokens_per_s_per_gpu,
tokens_per_s_per_user and memory:
  --objective throughput  the largest batch meeting the limits, highest
                          output tokens/s per GPU first (default)
  --objective latency     the scenario's batch (1 for "max"), lowest TPOT
                          first, ties by TTFT
  --tpot-max S, --ttft-max S   limits in seconds ("0.05" or "50 ms"); without
                               them, the scenario's inference.tpot_max and
                               inference.ttft_max apply
)";

constexpr const char* kTraceHelp = R"(usage: scalescope-cli trace SCENARIO -o FILE

Writes the step's timeline as Chrome trace-event JSON (open it in Perfetto
or chrome://tracing): one process per pipeline stage, one thread per lane.
An inference scenario writes one prefill pass of its batch and then one
decode step, each through every stage: per stage a thread for compute and
one per collective stream (tp, ep, pp).
)";

nlohmann::json timelineJson(const EvaluationContext& ctx, const Timeline& t)
{
    nlohmann::json events = nlohmann::json::array();
    for (const TimelineEvent& e : t.events) {
        const std::string tier = e.tier >= 0 && e.tier < static_cast<int>(ctx.tiers.tiers.size())
                                     ? ctx.tiers.tiers[static_cast<size_t>(e.tier)].name
                                     : std::string();
        events.push_back({{"stage", e.stage}, {"lane", laneKey(e.lane)}, {"kind", eventKindKey(e.kind)},
                          {"microbatch", e.microbatch}, {"chunk", e.chunk}, {"start_s", e.start.si}, {"end_s", e.end.si},
                          {"bytes", e.bytes.si}, {"tier", tier.empty() ? nlohmann::json() : nlohmann::json(tier)},
                          {"exposed", e.exposed}});
    }
    return {{"end_s", t.end.si}, {"stages", t.stages}, {"events", events}};
}

std::string inferenceBreakdownText(const nlohmann::json& breakdown)
{
    using A = TextTable::Align;
    TextTable table({{"phase"},
                     {"op"},
                     {"stream"},
                     {"count", A::Right},
                     {"time", A::Right},
                     {"per pass", A::Right},
                     {"share", A::Right},
                     {"kind"},
                     {"source"}});
    for (const auto& r : breakdown["rows"]) {
        std::ostringstream share;
        share << std::fixed << std::setprecision(1) << r["share_of_pass"].get<double>() * 100 << " %";
        table.addRow({r["phase"].get<std::string>(), r["op"].get<std::string>(), r["stream"].get<std::string>(),
                      std::to_string(static_cast<long long>(r["count_per_pass"].get<double>())),
                      format(Seconds{r["time_s"].get<double>()}), format(Seconds{r["pass_s"].get<double>()}),
                      share.str(), r["source_kind"].get<std::string>(),
                      r["source"].is_string() ? r["source"].get<std::string>() : std::string()},
                     "");
    }
    std::ostringstream out;
    table.print(out);
    return out.str();
}

// One inference scenario: its JSON (and breakdown) into results or tables; false on a bad scenario.
bool evaluateInferenceScenario(const EvaluationContext& ctx, const std::string& file, const CliArgs& args,
                               nlohmann::json& results, std::string& tables, std::ostream& err)
{
    if (args.has("--timeline")) {
        err << file << ": --timeline: expected a training scenario (inference has no timeline yet)\n";
        return false;
    }
    const InferenceEvaluation e = evaluateInference(ctx);
    if (!e.ok) {
        err << file << ": " << e.errorPath << ": " << e.error << "\n";
        return false;
    }
    nlohmann::json j = inferenceToJson(ctx, e);
    j["file"] = file;
    j["calibrations"] = calibrationsJson(ctx);
    if (args.has("--breakdown")) {
        const nlohmann::json breakdown = inferenceBreakdownJson(ctx, e);
        if (args.has("--text"))
            tables += file + "\n" + inferenceBreakdownText(breakdown) + "\n";
        else
            j["breakdown"] = breakdown;
    }
    results.push_back(std::move(j));
    return true;
}

} // namespace

int runEvaluate(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--timeline", "--breakdown", "--text", "--csv", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kEvaluateHelp; return Ok; }
    if (parsed->positional().empty()) { err << "error: evaluate needs a SCENARIO\n" << kEvaluateHelp; return Usage; }
    if (parsed->has("--text") && !parsed->has("--breakdown")) {
        err << "error: --text: expected together with --breakdown\n";
        return Usage;
    }
    if (parsed->has("--csv") && (parsed->has("--text") || parsed->has("--timeline"))) {
        err << "error: --csv: not with " << (parsed->has("--text") ? "--text" : "--timeline") << "\n";
        return Usage;
    }
    const bool text = parsed->has("--text");
    nlohmann::json results = nlohmann::json::array();
    std::string tables;
    int status = Ok;
    for (const std::string& file : parsed->positional()) {
        const auto ctx = loadContext(file, err);
        if (!ctx) { status = BadInput; continue; }
        if (ctx->scenario.mode == Mode::Inference) {
            if (!evaluateInferenceScenario(*ctx, file, *parsed, results, tables, err)) status = BadInput;
            continue;
        }
        const Evaluation e = evaluate(*ctx);
        nlohmann::json j = evaluationToJson(*ctx, e);
        j["file"] = file;
        j["calibrations"] = calibrationsJson(*ctx);
        if (!e.ok) {
            err << file << ": " << e.errorPath << ": " << e.error << "\n";
            status = BadInput;
            continue;
        }
        if (parsed->has("--timeline")) j["timeline"] = timelineJson(*ctx, buildTimeline(*ctx, ctx->scenario.parallel, e));
        if (parsed->has("--breakdown")) {
            if (text) tables += file + "\n" + breakdownText(*ctx, e) + "\n";
            else j["breakdown"] = breakdownToJson(*ctx, e);
        }
        results.push_back(std::move(j));
    }
    // One convention for every command: output only on success, the reason on stderr.
    if (status != Ok) return status;
    if (text) out << tables;
    else if (parsed->has("--csv")) out << (parsed->has("--breakdown") ? breakdownsCsv(results) : evaluationsCsv(results));
    else out << (results.size() == 1 ? results[0] : results).dump(2) << "\n";
    return status;
}

// More ranked layouts than anyone reads; keeps the int conversion safe.
constexpr long long kMaxSearchTop = 1'000'000;

std::string percentText(double fraction)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << fraction * 100 << " %";
    return s.str();
}

void printSearchTable(const EvaluationContext& ctx, const SearchResult& r, std::ostream& out)
{
    out << ctx.scenario.name << ": " << r.evaluated << " layouts evaluated, " << r.fitting
        << " fit in memory, fastest first\n";
    if (ctx.publishedMfuCeiling > 0)
        out << "best published run of the class: " << ctx.publishedMfuCeilingRun << ", BF16 MFU "
            << percentText(ctx.publishedMfuCeiling) << "; " << r.aboveCeiling << " fitting layouts are beyond it\n";
    using A = TextTable::Align;
    TextTable table({{"step time", A::Right},
                     {"MFU", A::Right},
                     {"tp", A::Right},
                     {"pp", A::Right},
                     {"dp", A::Right},
                     {"cp", A::Right},
                     {"ep", A::Right},
                     {"vpp", A::Right},
                     {"mb", A::Right},
                     {"schedule"},
                     {"zero", A::Right},
                     {"recompute"},
                     {"memory/GPU", A::Right}});
    for (const RankedLayout& l : r.best) {
        const ParallelLayout& p = l.layout;
        table.addRow({format(l.evaluation.stepTime), percentText(l.evaluation.mfu), std::to_string(p.tp),
                      std::to_string(p.pp), std::to_string(p.dp), std::to_string(p.cp), std::to_string(p.ep),
                      std::to_string(p.vpp), std::to_string(p.microbatchSize), std::string(scheduleKey(p.schedule)),
                      std::to_string(l.zeroStage), std::string(recomputeKey(l.recompute)),
                      formatBytes(l.evaluation.memory.total)},
                     l.beyondPublishedRun ? "beyond any published run" : "");
    }
    table.print(out);
}

int runSearch(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help", "--text", "--csv"},
                                       {"--top", "--objective", "--tpot-max", "--ttft-max"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kSearchHelp; return Ok; }
    if (parsed->positional().size() != 1) { err << "error: search needs one SCENARIO\n" << kSearchHelp; return Usage; }
    if (parsed->has("--text") && parsed->has("--csv")) { err << "error: --csv: not with --text\n"; return Usage; }
    SearchOptions options;
    if (parsed->has("--csv")) options.top = static_cast<int>(kMaxSearchTop);
    if (const auto top = parsed->value("--top")) {
        const auto k = parseWholeArg("--top", *top, 1, kMaxSearchTop, err);
        if (!k) return Usage;
        options.top = static_cast<int>(*k);
    }
    const auto ctx = loadContext(parsed->positional()[0], err);
    if (!ctx) return BadInput;
    if (ctx->scenario.mode == Mode::Inference)
        return runServingSearch(*ctx, parsed->positional()[0], *parsed, options.top, out, err);
    for (const char* option : kServingSearchOptions)
        if (parsed->value(option)) {
            err << parsed->positional()[0] << ": " << option << ": expected an inference scenario (\"mode\": \"inference\")\n";
            return BadInput;
        }
    const SearchResult r = searchLayouts(*ctx, options);
    if (r.best.empty()) {
        err << parsed->positional()[0] << ": no layout of this scenario fits in memory\n";
        return BadInput;
    }
    if (parsed->has("--text")) {
        printSearchTable(*ctx, r, out);
        return Ok;
    }
    if (parsed->has("--csv")) {
        out << searchCsv(*ctx, r);
        return Ok;
    }
    nlohmann::json best = nlohmann::json::array();
    for (const RankedLayout& l : r.best) {
        EvaluationContext shown = *ctx;
        shown.scenario.parallel = l.layout;
        shown.scenario.training.zeroStage = l.zeroStage;
        shown.scenario.training.recompute = l.recompute;
        nlohmann::json scenario = scenarioToJson(shown.scenario);
        best.push_back({{"parallel", scenario["parallel"]},
                        {"zero_stage", l.zeroStage},
                        {"recompute", recomputeKey(l.recompute)},
                        {"step_time_s", l.evaluation.stepTime.si},
                        {"mfu", l.evaluation.mfu},
                        {"beyond_published_run", l.beyondPublishedRun},
                        {"tokens_per_s", l.evaluation.tokensPerS},
                        {"memory_total_B", l.evaluation.memory.total.si},
                        {"fits", l.evaluation.memory.fits},
                        {"fits_with_spill", l.evaluation.memory.fitsWithSpill},
                        {"spill_B", l.evaluation.memory.spill.si}});
    }
    out << nlohmann::json{{"scenario", ctx->scenario.name},
                          {"evaluated", r.evaluated},
                          {"fitting", r.fitting},
                          {"above_published_mfu", r.aboveCeiling},
                          {"published_mfu_ceiling", ctx->publishedMfuCeiling},
                          {"published_mfu_ceiling_run", ctx->publishedMfuCeilingRun},
                          {"best", best}}
               .dump(2)
        << "\n";
    return Ok;
}

int runTrace(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help"}, {"-o", "--output"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kTraceHelp; return Ok; }
    const auto file = parsed->value("-o") ? parsed->value("-o") : parsed->value("--output");
    if (parsed->positional().size() != 1 || !file) { err << "error: trace needs SCENARIO and -o FILE\n" << kTraceHelp; return Usage; }
    const auto ctx = loadContext(parsed->positional()[0], err);
    if (!ctx) return BadInput;
    if (ctx->scenario.mode == Mode::Inference) return runServingTrace(*ctx, parsed->positional()[0], *file, out, err);
    const Evaluation e = evaluate(*ctx);
    if (!e.ok) { err << parsed->positional()[0] << ": " << e.errorPath << ": " << e.error << "\n"; return BadInput; }
    const Timeline t = buildTimeline(*ctx, ctx->scenario.parallel, e);
    if (!trainingTrace(t).write(*file, err)) return BadInput;
    out << "wrote " << t.events.size() << " events (" << t.end.si * 1e3 << " ms step) to " << *file << "\n";
    return Ok;
}

} // namespace scalescope::cli

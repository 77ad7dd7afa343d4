#include "cli_args.h"
#include "commands.h"
#include "csv_output.h"
#include "text_table.h"

#include "model/validation/inference_validation.h"
#include "model/validation/validation_set.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <utility>

namespace scalescope::cli {

namespace {

constexpr const char* kValidateHelp = R"(usage: scalescope-cli validate [--json | --csv] [--dir DIR]

Evaluates every published training run in the validation set
(specs/validation/*.json, or DIR) with the cost model and prints, per run,
the measured and predicted tokens/s per GPU and the error
predicted / measured - 1, then the geometric-mean absolute error
exp(mean |ln(predicted / measured)|) - 1, over all runs and over the runs
held to the bounds (runs whose hardware and setup the specs and scenario
describe), also per precision class of the held dense runs: 16-bit (BF16,
FP16) and FP8 and below (JSON: held_16bit, held_low_precision); then the
mixture-of-experts runs and the long-context runs (sequences of 65,536 tokens
or more), all of them and the held ones (JSON: moe, long_context).
Then the published inference runs (DIR/inference/*.json), in a section of
their own: measured and predicted output tokens/s per GPU, the error, the
TPOT and TTFT errors where published, the batch the model evaluated, and the
geometric-mean and worst |error| of the runs held to the bounds
(JSON: "inference"). The runs are never used to fit the model. Exit code 0
whatever the errors are (this is a report); 1 when a run cannot be read or
evaluated.
  --json      the same fields as JSON
  --csv       one CSV row per training run (the JSON's "cases"), without
              the summary and the inference runs
  --dir DIR   read the runs from DIR instead of the built-in set
)";

std::string fixed(double v, int decimals)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", fraction * 100.0);
    return buf;
}

// The keys a training and an inference case share: the run and what it ran on.
template <class Run, class Outcome>
nlohmann::json runIdentityJson(const Run& r, const Outcome& o)
{
    return {{"id", r.id},
            {"name", r.name},
            {"file", r.file.string()},
            {"class", runClassKey(r.runClass)},
            {"gpu", o.gpu},
            {"architecture", o.gpuArchitecture},
            {"model", o.model},
            {"gpus", o.gpus},
            {"precision", precisionKey(o.precision)},
            {"ok", o.ok},
            {"measured_tokens_per_s_per_gpu", o.measuredTokensPerSPerGpu}};
}

nlohmann::json outcomeJson(const ValidationOutcome& o)
{
    const ValidationRun& r = *o.run;
    nlohmann::json j = runIdentityJson(r, o);
    if (o.ok) {
        j["predicted_tokens_per_s_per_gpu"] = o.predictedTokensPerSPerGpu;
        j["error"] = o.relativeError;
        j["predicted_mfu"] = o.predictedMfu;
    } else {
        j["message"] = o.error;
    }
    if (o.measuredMfu) j["measured_mfu"] = *o.measuredMfu;
    j["long_context"] = isLongContext(r);
    j["held_to_bounds"] = r.outsideBounds.empty();
    if (!r.outsideBounds.empty()) j["outside_bounds"] = r.outsideBounds;
    return j;
}

bool held(const ValidationOutcome& o)
{
    return o.run->outsideBounds.empty();
}

bool moe(const ValidationOutcome& o)
{
    return o.run->runClass == RunClass::Moe;
}

bool longContext(const ValidationOutcome& o)
{
    return isLongContext(*o.run);
}

enum class HeldClass { All, SixteenBit, LowPrecision };

// The held runs; with a precision class, the held dense runs of that class:
// 16-bit (BF16, FP16) or FP8 and below (MoE runs are a class of their own).
ErrorSummary heldSummary(const ValidationReport& report, HeldClass cls = HeldClass::All)
{
    return summarizeErrors(report, [cls](const ValidationOutcome& o) {
        if (!held(o)) return false;
        if (cls == HeldClass::All) return true;
        const bool low = isLowPrecision(o.run->scenario.training.precision);
        return !moe(o) && low == (cls == HeldClass::LowPrecision);
    });
}

// One run class (MoE, long context): every run of it, and its held runs.
struct ClassSummary {
    ErrorSummary all, held;
};

ClassSummary classSummary(const ValidationReport& report, bool (*inClass)(const ValidationOutcome&))
{
    return {summarizeErrors(report, inClass),
            summarizeErrors(report, [inClass](const ValidationOutcome& o) { return inClass(o) && held(o); })};
}

void printTable(const ValidationReport& report, std::ostream& out)
{
    using A = TextTable::Align;
    TextTable table({{"case"},
                     {"GPU"},
                     {"model"},
                     {"GPUs", A::Right},
                     {"measured", A::Right},
                     {"predicted", A::Right},
                     {"error", A::Right}});
    for (const ValidationOutcome& o : report.outcomes) {
        const std::string id = o.run->outsideBounds.empty() ? o.run->id : o.run->id + " *";
        if (o.ok)
            table.addRow({id, o.gpu, o.model, std::to_string(o.gpus), fixed(o.measuredTokensPerSPerGpu, 1),
                          fixed(o.predictedTokensPerSPerGpu, 1), percent(o.relativeError)});
        else
            table.addRow({id, o.gpu, o.model, std::to_string(o.gpus), fixed(o.measuredTokensPerSPerGpu, 1), "-", "-"},
                         "not evaluated: " + o.error);
    }
    table.print(out);
    out << "measured and predicted in tokens/s per GPU; error = predicted / measured - 1\n";
    out << "geometric-mean absolute error over " << report.evaluated << " of " << report.outcomes.size()
        << " runs: " << fixed(report.geometricMeanAbsError * 100.0, 1) << " %\n";
    const ErrorSummary all = heldSummary(report);
    out << "held to the bounds (runs the specs and scenario describe; * marks the others, see outside_bounds): " << all.runs
        << " runs, geometric-mean |error| " << fixed(all.geometricMean * 100.0, 1) << " %, worst " << fixed(all.worst * 100.0, 1)
        << " %\n";
    for (const auto& [cls, label] : {std::pair{HeldClass::SixteenBit, "  dense, 16-bit (BF16, FP16)"},
                                     std::pair{HeldClass::LowPrecision, "  dense, FP8 and below"}}) {
        const ErrorSummary c = heldSummary(report, cls);
        out << label << ": " << c.runs << " runs, geometric-mean |error| " << fixed(c.geometricMean * 100.0, 1)
            << " %, worst " << fixed(c.worst * 100.0, 1) << " %\n";
    }
    for (const auto& [inClass, label] : {std::pair{&moe, "mixture of experts"},
                                         std::pair{&longContext, "long context (65,536 tokens or more)"}}) {
        const ClassSummary c = classSummary(report, inClass);
        out << label << ": " << c.all.runs << " runs, geometric-mean |error| " << fixed(c.all.geometricMean * 100.0, 1)
            << " %, worst " << fixed(c.all.worst * 100.0, 1) << " %; held: ";
        if (c.held.runs == 0)
            out << "none\n";
        else
            out << c.held.runs << " runs, " << fixed(c.held.geometricMean * 100.0, 1) << " %, worst "
                << fixed(c.held.worst * 100.0, 1) << " %\n";
    }
}

nlohmann::json heldJson(const ErrorSummary& h)
{
    return {{"runs", h.runs}, {"geometric_mean_abs_error", h.geometricMean}, {"max_abs_error", h.worst}};
}

nlohmann::json classJson(const ClassSummary& c)
{
    nlohmann::json j = heldJson(c.all);
    j["held"] = heldJson(c.held);
    return j;
}

nlohmann::json inferenceOutcomeJson(const InferenceValidationOutcome& o)
{
    const InferenceValidationRun& r = *o.run;
    const InferenceSettings& in = r.scenario.inference;
    nlohmann::json j = runIdentityJson(r, o);
    j["kv_precision"] = precisionKey(in.kv());
    j["prompt_tokens"] = in.promptTokens;
    j["output_tokens"] = in.outputTokens;
    j["not_modelled"] = r.notModelled;
    if (o.ok) {
        j["batch"] = o.batch;
        j["fits"] = o.fits;
        j["predicted_tokens_per_s_per_gpu"] = o.predictedTokensPerSPerGpu;
        j["error"] = o.relativeError;
        j["predicted_tpot_s"] = o.predictedTpotS;
        j["predicted_ttft_s"] = o.predictedTtftS;
        if (o.tpotError) j["tpot_error"] = *o.tpotError;
        if (o.ttftError) j["ttft_error"] = *o.ttftError;
    } else {
        j["message"] = o.error;
    }
    if (r.tpotS) j["measured_tpot_s"] = r.tpotS->value;
    if (r.ttftS) j["measured_ttft_s"] = r.ttftS->value;
    j["held_to_bounds"] = r.outsideBounds.empty();
    if (!r.outsideBounds.empty()) j["outside_bounds"] = r.outsideBounds;
    return j;
}

nlohmann::json inferenceReportJson(const std::filesystem::path& dir, const InferenceValidationReport& report)
{
    nlohmann::json cases = nlohmann::json::array();
    for (const InferenceValidationOutcome& o : report.outcomes)
        cases.push_back(inferenceOutcomeJson(o));
    const InferenceHeldSummary held = inferenceHeldSummary(report);
    return {{"dir", dir.string()},
            {"cases", cases},
            {"evaluated", report.evaluated},
            {"geometric_mean_abs_error", report.geometricMeanAbsError},
            {"held", {{"runs", held.runs}, {"geometric_mean_abs_error", held.geometricMean}, {"max_abs_error", held.worst}}}};
}

std::string optionalPercent(const std::optional<double>& fraction)
{
    return fraction ? percent(*fraction) : "-";
}

void printInferenceTable(const std::filesystem::path& dir, const InferenceValidationReport& report, std::ostream& out)
{
    using A = TextTable::Align;
    TextTable table({{"inference case"},
                     {"GPU"},
                     {"model"},
                     {"GPUs", A::Right},
                     {"batch", A::Right},
                     {"in/out", A::Right},
                     {"measured", A::Right},
                     {"predicted", A::Right},
                     {"error", A::Right},
                     {"TPOT error", A::Right},
                     {"TTFT error", A::Right}});
    for (const InferenceValidationOutcome& o : report.outcomes) {
        const InferenceValidationRun& r = *o.run;
        const std::string id = r.outsideBounds.empty() ? r.id : r.id + " *";
        const std::string lengths =
            std::to_string(r.scenario.inference.promptTokens) + "/" + std::to_string(r.scenario.inference.outputTokens);
        if (o.ok)
            table.addRow({id, o.gpu, o.model, std::to_string(o.gpus), std::to_string(o.batch) + (o.fits ? "" : "!"),
                          lengths, fixed(o.measuredTokensPerSPerGpu, 1), fixed(o.predictedTokensPerSPerGpu, 1),
                          percent(o.relativeError), optionalPercent(o.tpotError), optionalPercent(o.ttftError)});
        else
            table.addRow({id, o.gpu, o.model, std::to_string(o.gpus), "-", lengths, fixed(o.measuredTokensPerSPerGpu, 1),
                          "-", "-", "-", "-"},
                         "not evaluated: " + o.error);
    }
    out << "\ninference runs (" << dir.string() << ")\n";
    table.print(out);
    out << "measured and predicted in output tokens/s per GPU; error = predicted / measured - 1 (TPOT, TTFT where "
           "published); batch: sequences per replica the model evaluated, ! where the model's memory does not hold it\n";
    const InferenceHeldSummary held = inferenceHeldSummary(report);
    out << "inference geometric-mean absolute error over " << report.evaluated << " of " << report.outcomes.size()
        << " runs: " << fixed(report.geometricMeanAbsError * 100.0, 1) << " %\n";
    out << "inference runs held to the bounds (runs whose serving loop the model describes; * marks the others, see "
           "outside_bounds): "
        << held.runs << " runs, geometric-mean |error| " << fixed(held.geometricMean * 100.0, 1) << " %, worst "
        << fixed(held.worst * 100.0, 1) << " %\n";
}

} // namespace

int runValidate(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--csv", "--help"}, {"--dir"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) {
        out << kValidateHelp;
        return Ok;
    }
    if (!parsed->positional().empty()) {
        err << "error: validate takes no positional arguments\n" << kValidateHelp;
        return Usage;
    }
    if (parsed->has("--json") && parsed->has("--csv")) {
        err << "error: --csv: not with --json\n";
        return Usage;
    }
    std::filesystem::path dir;
    if (const auto d = parsed->value("--dir")) {
        dir = *d;
    } else if (const auto builtin = builtinValidationDir()) {
        dir = *builtin;
    } else {
        err << "error: no built-in validation set found (specs/validation); pass --dir DIR\n";
        return BadInput;
    }
    SpecErrors errors;
    const std::vector<ValidationRun> runs = loadValidationSet(dir, errors);
    for (const SpecError& e : errors)
        err << e.text() << "\n";
    const ValidationReport report = evaluateValidationSet(runs, sharedCatalog(err));
    bool allOk = errors.empty() && !runs.empty();
    for (const ValidationOutcome& o : report.outcomes) {
        if (o.ok) continue;
        allOk = false;
        err << o.error << "\n";
    }
    const std::filesystem::path inferenceDir = inferenceValidationDir(dir);
    SpecErrors inferenceErrors;
    const std::vector<InferenceValidationRun> inferenceRuns = loadInferenceValidationSet(inferenceDir, inferenceErrors);
    for (const SpecError& e : inferenceErrors)
        err << e.text() << "\n";
    const InferenceValidationReport inferenceReport = evaluateInferenceValidationSet(inferenceRuns, sharedCatalog(err));
    allOk = allOk && inferenceErrors.empty();
    for (const InferenceValidationOutcome& o : inferenceReport.outcomes) {
        if (o.ok) continue;
        allOk = false;
        err << o.error << "\n";
    }
    nlohmann::json cases = nlohmann::json::array();
    for (const ValidationOutcome& o : report.outcomes)
        cases.push_back(outcomeJson(o));
    if (parsed->has("--csv")) {
        out << validationCsv(cases, inferenceReportJson(inferenceDir, inferenceReport)["cases"]);
    } else if (parsed->has("--json")) {
        out << nlohmann::json{{"dir", dir.string()},
                              {"cases", cases},
                              {"evaluated", report.evaluated},
                              {"geometric_mean_abs_error", report.geometricMeanAbsError},
                              {"held_runs", heldSummary(report).runs},
                              {"held_geometric_mean_abs_error", heldSummary(report).geometricMean},
                              {"held_max_abs_error", heldSummary(report).worst},
                              {"held_16bit", heldJson(heldSummary(report, HeldClass::SixteenBit))},
                              {"held_low_precision", heldJson(heldSummary(report, HeldClass::LowPrecision))},
                              {"moe", classJson(classSummary(report, &moe))},
                              {"long_context", classJson(classSummary(report, &longContext))},
                              {"inference", inferenceReportJson(inferenceDir, inferenceReport)}}
                   .dump(2)
            << "\n";
    } else {
        printTable(report, out);
        if (!inferenceRuns.empty()) printInferenceTable(inferenceDir, inferenceReport, out);
    }
    return allOk ? Ok : BadInput;
}

} // namespace scalescope::cli

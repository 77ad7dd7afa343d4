#include "cli_args.h"
#include "commands.h"

#include "model/lesson/lesson_reader.h"
#include "model/lesson/lesson_steps.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_fields.h"
#include "model/spec/user_paths.h"
#include "model/training/evaluation_context.h"
#include "model/validation/inference_validation.h"
#include "model/validation/validation_set.h"

#include <iomanip>
#include <optional>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

constexpr const char* kSpecsHelp = R"(usage: scalescope-cli specs list [--json]
       scalescope-cli specs show ID [--json]
       scalescope-cli specs validate FILE...
       scalescope-cli specs paths

Built-in specs ship with ScaleScope; specs in the user directory (see
`specs paths`) replace a built-in spec with the same kind and id.
  list      every GPU, CPU, superchip, system and model
  show      one spec, every value with its unit and source (ID or KIND:ID)
  validate  check files of every kind with a schema in specs/schema: specs,
            scenarios (*.scalescope.json), validation runs (kind
            "validation-run" or "inference-validation-run") and lessons
            ("format": "scalescope-lesson/1", every step's scenario built
            and every question answered), their ids resolved against the
            specs; exit 0 when all are valid,
            1 otherwise, with one
            "file: /json/path: expected ..., found ..." line per problem
  paths     where built-in and user specs are read from
)";

int list(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kSpecsHelp; return Ok; }
    const SpecCatalog& catalog = sharedCatalog(err);
    if (parsed->has("--json")) {
        nlohmann::json j = nlohmann::json::array();
        for (const SpecDocument& d : catalog.documents())
            j.push_back({{"kind", specKindKey(d.kind)}, {"id", d.id}, {"name", d.name}, {"file", d.file.string()},
                         {"user", d.user}});
        out << j.dump(2) << "\n";
        return Ok;
    }
    for (SpecKind kind : kAllSpecKinds) {
        out << (kind == SpecKind::Facility ? "facilities" : std::string(specKindKey(kind)) + "s") << ":\n";
        for (const SpecDocument& d : catalog.documents()) {
            if (d.kind != kind) continue;
            out << "  " << std::left << std::setw(22) << d.id << d.name << (d.user ? "  [user]" : "") << "\n";
        }
    }
    return Ok;
}

int show(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kSpecsHelp; return Ok; }
    if (parsed->positional().size() != 1) {
        err << "error: specs show needs one ID\n" << kSpecsHelp;
        return Usage;
    }
    std::string id = parsed->positional()[0];
    std::optional<SpecKind> kind;
    if (const auto colon = id.find(':'); colon != std::string::npos) {
        kind = specKindFromKey(id.substr(0, colon));
        id = id.substr(colon + 1);
    }
    const SpecCatalog& catalog = sharedCatalog(err);
    std::vector<const SpecDocument*> matches;
    for (const SpecDocument& d : catalog.documents())
        if (d.id == id && (!kind || d.kind == *kind)) matches.push_back(&d);
    if (matches.empty()) {
        err << "error: no spec with id \"" << id << "\" (see `scalescope-cli specs list`)\n";
        return BadInput;
    }
    if (matches.size() > 1) {
        err << "error: \"" << id << "\" names several specs; write KIND:ID, e.g. " << specKindKey(matches[0]->kind)
            << ":" << id << "\n";
        return BadInput;
    }
    const SpecDocument& d = *matches[0];
    if (parsed->has("--json")) {
        out << d.json.dump(2) << "\n";
        return Ok;
    }
    out << d.name << "  (" << specKindKey(d.kind) << " " << d.id << ", " << d.file.string() << ")\n\n";
    for (const SpecField& f : flattenSpec(d.json)) {
        out << "  " << std::left << std::setw(44) << f.path << " "
            << (f.readable.empty() ? "— (not applicable or not published)" : f.readable);
        if (!f.sourceKey.empty()) out << "   [" << f.sourceKey << "]";
        out << "\n";
        if (!f.note.empty()) out << "  " << std::setw(44) << "" << "   note: " << f.note << "\n";
        if (!f.alternatives.empty()) out << "  " << std::setw(44) << "" << "   also: " << f.alternatives << "\n";
    }
    out << "\nsources:\n";
    if (d.json.contains("sources"))
        for (const auto& [k, v] : d.json["sources"].items()) out << "  [" << k << "] " << v.get<std::string>() << "\n";
    return Ok;
}

// A scenario or validation run is read as the program reads it, and its
// system, model and GPU count resolved as an evaluation would; a lesson is
// read and every step's scenario built and every question answered; any
// other file as a spec.
SpecErrors validateAnyFile(const std::string& file, const SpecCatalog& catalog)
{
    SpecErrors errors;
    const std::optional<nlohmann::json> doc = readJsonFile(file, errors);
    if (!doc) return errors;
    if (isLessonDocument(*doc)) {
        if (const auto lesson = parseLesson(*doc, file, errors)) errors = checkLessonSteps(*lesson, catalog);
        return errors;
    }
    const bool scenario = (doc->is_object() && doc->contains("format")) || file.ends_with(".scalescope.json");
    const nlohmann::json kind = doc->is_object() ? doc->value("kind", nlohmann::json()) : nlohmann::json();
    const bool run = kind == "validation-run", inferenceRun = kind == "inference-validation-run";
    if (!scenario && !run && !inferenceRun) return SpecCatalog::validateFile(file, &catalog);
    if (scenario) {
        if (const auto s = parseScenario(*doc, file, errors)) (void)makeEvaluationContext(*s, catalog, errors, file);
        return errors;
    }
    std::optional<Scenario> runScenario;
    if (run) {
        if (const auto r = parseValidationRun(*doc, file, errors)) runScenario = r->scenario;
    } else if (const auto r = parseInferenceValidationRun(*doc, file, errors)) {
        runScenario = r->scenario;
    }
    if (runScenario) {
        SpecErrors resolve;
        (void)makeEvaluationContext(*runScenario, catalog, resolve, file);
        for (SpecError& e : resolve) {
            if (e.path.rfind("/scenario", 0) != 0) e.path = "/scenario" + e.path;
            errors.push_back(std::move(e));
        }
    }
    return errors;
}

int validate(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kSpecsHelp; return Ok; }
    if (parsed->positional().empty()) {
        err << "error: specs validate needs at least one FILE\n";
        return Usage;
    }
    const SpecCatalog& catalog = sharedCatalog(err);
    int bad = 0;
    for (const std::string& file : parsed->positional()) {
        const SpecErrors errors = validateAnyFile(file, catalog);
        if (errors.empty()) {
            out << file << ": ok\n";
            continue;
        }
        ++bad;
        for (const SpecError& e : errors) err << e.text() << "\n";
    }
    return bad == 0 ? Ok : BadInput;
}

int paths(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kSpecsHelp; return Ok; }
    if (!parsed->positional().empty()) {
        err << "error: specs paths takes no arguments, found \"" << parsed->positional().front() << "\"\n";
        return Usage;
    }
    for (const auto& root : builtinSpecRoots()) out << "built-in: " << root.string() << "\n";
    out << "user:     " << userSpecDir().string() << "\n";
    return Ok;
}

} // namespace

const SpecCatalog& sharedCatalog(std::ostream& err)
{
    static const SpecCatalog catalog = [&] {
        SpecErrors errors;
        SpecCatalog c = SpecCatalog::load(builtinSpecRoots(), {userSpecDir()}, errors);
        for (const SpecError& e : errors) err << "warning: skipped " << e.text() << "\n";
        return c;
    }();
    return catalog;
}

int runSpecs(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? err : out) << kSpecsHelp;
        return args.empty() ? Usage : Ok;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "list") return list(rest, out, err);
    if (args[0] == "show") return show(rest, out, err);
    if (args[0] == "validate") return validate(rest, out, err);
    if (args[0] == "paths") return paths(rest, out, err);
    err << "error: unknown specs command \"" << args[0] << "\"\n" << kSpecsHelp;
    return Usage;
}

} // namespace scalescope::cli

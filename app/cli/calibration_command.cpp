// scalescope-cli calibration import|list|show: the user's own calibrations
// (nccl-tests logs fitted to a network calibration, compute-calibration
// specs written by tools/calibrate) next to the shipped ones.

#include "cli_args.h"
#include "calibration_writer_run.h"
#include "commands.h"

#include "model/calibration/network_calibration_writer.h"
#include "model/spec/quantity_parser.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_reader.h"
#include "model/spec/user_paths.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <unistd.h>

namespace scalescope::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCalibrationHelp = R"(usage: scalescope-cli calibration import FILE... [--id ID] [-o OUT] [--force]
                                        [--nvlink RATE] [--scale-out RATE] [--fit-from SIZE]
       scalescope-cli calibration list [--json]
       scalescope-cli calibration show ID [--json]

  import  nccl-tests logs (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
          alltoall_perf, sendrecv_perf output, one test per file) fitted to one
          network calibration, and compute-calibration or calibration specs
          (tools/calibrate/writer.py output) checked and copied; written to
          the user spec folder (`specs paths`), calibration/ID.json, or to OUT
            --nvlink RATE     per-GPU NVLink bandwidth one way, for one-node logs
                              ("450 GB/s" on H100 SXM)
            --scale-out RATE  per-GPU scale-out rate one way, for logs over
                              several nodes ("50 GB/s" for a 400 Gb/s NIC per GPU)
            --fit-from SIZE   smallest message in the fit (default 1 MB)
            --id ID           the new calibration's id (one output only)
            --force           replace an existing file
          A tools/calibrate recording (*.recording.json) or a kernel sweep of
          ../shared/calibration is turned into a compute-calibration spec by
          tools/calibrate/writer.py (run with python3), then imported.
  list    shipped and user calibrations: kind, id, where from, what they fit
  show    one calibration, every value with its source
)";

std::optional<std::string> fileText(const std::string& file, std::ostream& err)
{
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        err << "error: " << file << ": cannot be read\n";
        return std::nullopt;
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The date a file was last written, "2026-11-26" (UTC).
std::string fileDate(const std::string& file)
{
    std::error_code ec;
    const auto written = fs::last_write_time(file, ec);
    if (ec) return "unknown";
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(written));
    std::tm utc{};
    gmtime_r(&t, &utc);
    std::ostringstream s;
    s << std::put_time(&utc, "%Y-%m-%d");
    return s.str();
}

bool looksLikeJson(const std::string& text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    return first != std::string::npos && text[first] == '{';
}

// "network", "compute", "memory-reserve", "ep-dispatch" or "critical-batch".
std::string calibrationKind(const SpecDocument& d)
{
    if (d.kind == SpecKind::ComputeCalibration) return "compute";
    if (d.json.contains("nvlink_achievable_fraction")) return "network";
    if (d.json.contains("memory_reserve")) return "memory-reserve";
    if (d.json.contains("ep_dispatch")) return "ep-dispatch";
    return "critical-batch";
}

// What a calibration fits: the architectures of a compute calibration, the
// GPUs and nodes of an imported network one, every system for the shipped ones.
std::string fits(const SpecDocument& d)
{
    if (d.kind == SpecKind::ComputeCalibration) {
        std::string out;
        for (const json& a : d.json.value("architectures", json::array()))
            if (a.is_string()) out += (out.empty() ? "" : ", ") + a.get<std::string>();
        return out.empty() ? "-" : out;
    }
    if (const auto m = d.json.find("measured_on"); m != d.json.end() && m->is_object()) {
        const int nodes = m->value("nodes", 0);
        return std::to_string(m->value("gpus", 0)) + "x " + m->value("device", std::string("GPU")) + ", " +
               std::to_string(nodes) + (nodes == 1 ? " node" : " nodes");
    }
    return "every system";
}

bool isCalibration(const SpecDocument& d) { return d.kind == SpecKind::Calibration || d.kind == SpecKind::ComputeCalibration; }

struct Output {
    json spec;
    std::string from; // the files it came from
};

// Writes `spec` to `target` through a temporary file the spec reader checks first.
bool writeChecked(const Output& o, const fs::path& target, bool force, const SpecCatalog& catalog, std::ostream& out,
                  std::ostream& err)
{
    std::error_code ec;
    if (fs::exists(target, ec) && !force) {
        err << "error: " << target.string() << " exists; --force replaces it, or name another --id or -o\n";
        return false;
    }
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    const fs::path part = target.string() + ".part";
    {
        std::ofstream f(part, std::ios::binary | std::ios::trunc);
        f << o.spec.dump(2) << "\n";
        if (!f) {
            err << "error: " << part.string() << ": cannot be written\n";
            return false;
        }
    }
    const SpecErrors errors = SpecCatalog::validateFile(part, &catalog);
    if (!errors.empty()) {
        for (const SpecError& e : errors) err << "error: " << o.from << ": " << e.path << ": " << e.message << "\n";
        fs::remove(part, ec);
        return false;
    }
    fs::rename(part, target, ec);
    if (ec) {
        err << "error: " << target.string() << ": cannot be written (" << ec.message() << ")\n";
        return false;
    }
    out << "wrote " << target.string() << "  (" << o.spec.value("kind", std::string()) << " " << o.spec.value("id", std::string())
        << ", from " << o.from << ")\n";
    return true;
}

std::optional<double> rateArg(const CliArgs& a, const std::string& option, Dimension d, std::ostream& err, bool& bad)
{
    const auto text = a.value(option);
    if (!text) return std::nullopt;
    const QuantityParse p = parseQuantity(*text, d);
    if (!p || p.quantity->si <= 0) {
        err << "error: " << option << ": " << (p ? "expected a positive quantity" : p.error) << ", found \"" << *text << "\"\n";
        bad = true;
        return std::nullopt;
    }
    return p.quantity->si;
}

int import(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help", "--force"},
                                       {"--id", "-o", "--output", "--nvlink", "--scale-out", "--fit-from", "--name"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kCalibrationHelp; return Ok; }
    if (parsed->positional().empty()) {
        err << "error: calibration import needs at least one FILE\n" << kCalibrationHelp;
        return Usage;
    }
    bool badArg = false;
    NetworkCalibrationImport options;
    options.nvlinkBytesPerSecond = rateArg(*parsed, "--nvlink", Dimension::ByteRate, err, badArg);
    options.scaleOutBytesPerSecond = rateArg(*parsed, "--scale-out", Dimension::ByteRate, err, badArg);
    if (const auto from = rateArg(*parsed, "--fit-from", Dimension::Bytes, err, badArg)) options.minMessageBytes = *from;
    if (badArg) return Usage;
    options.id = parsed->value("--id").value_or("");
    options.name = parsed->value("--name").value_or("");

    const SpecCatalog& catalog = sharedCatalog(err);
    std::vector<Output> outputs;
    std::vector<DatedNcclTestsLog> logs;
    std::string logFiles;
    int bad = 0;
    for (const std::string& file : parsed->positional()) {
        const auto text = fileText(file, err);
        if (!text) { ++bad; continue; }
        if (!looksLikeJson(*text)) {
            NcclTestsLogRead r = readNcclTestsLog(*text, file);
            if (r.error) {
                err << "error: " << r.error->text() << "\n";
                ++bad;
                continue;
            }
            logs.push_back({std::move(*r.log), fileDate(file)});
            logFiles += (logFiles.empty() ? "" : ", ") + file;
            continue;
        }
        SpecErrors errors;
        const auto doc = readJsonFile(file, errors);
        for (const SpecError& e : errors) err << "error: " << e.text() << "\n";
        if (!doc) { ++bad; continue; }
        const std::string kind = documentKind(*doc);
        if (kind == "compute-calibration" || kind == "calibration") {
            outputs.push_back({*doc, file});
        } else if (kind.empty() && doc->is_object() && doc->contains("meta")) {
            // Raw timings: the project's writer makes the spec, then it is imported like one.
            const auto writer = calibrationWriter();
            const fs::path made = fs::temp_directory_path() /
                                  ("scalescope-calibration-" + std::to_string(::getpid()) + "-" +
                                   std::to_string(outputs.size()) + ".json");
            if (writer && runCalibrationWriter(*writer, file, made)) {
                SpecErrors madeErrors;
                auto spec = readJsonFile(made.string(), madeErrors);
                std::error_code ec;
                fs::remove(made, ec);
                if (spec) {
                    outputs.push_back({std::move(*spec), file});
                    continue;
                }
            }
            err << "error: " << file << ": a tools/calibrate recording or kernel sweep, not a spec, and "
                << (writer ? "tools/calibrate/writer.py could not turn it into one (its messages above)"
                           : "tools/calibrate/writer.py was not found beside the specs")
                << ": run\n"
                << "  python3 tools/calibrate/writer.py " << file << " -o SPEC.json\n"
                << "then import SPEC.json\n";
            ++bad;
        } else {
            err << "error: " << file << ": /kind: expected \"compute-calibration\" or \"calibration\" (or an nccl-tests log), found "
                << (kind.empty() ? "none" : "\"" + kind + "\"") << "\n";
            ++bad;
        }
    }
    if (bad > 0) return BadInput;
    if (!logs.empty()) {
        const SpecDocument* baseline = catalog.document(SpecKind::Calibration, "nccl-measured");
        if (!baseline) {
            err << "error: the shipped network calibration nccl-measured was not found (see `scalescope-cli specs paths`)\n";
            return BadInput;
        }
        auto spec = networkCalibrationSpec(logs, baseline->json, options);
        if (const auto* e = std::get_if<std::string>(&spec)) {
            err << "error: " << logFiles << ": " << *e << "\n";
            return BadInput;
        }
        json& j = std::get<json>(spec);
        const NcclTestsLog* widest = &logs.front().log;
        for (const DatedNcclTestsLog& d : logs)
            if (d.log.gpus > widest->gpus) widest = &d.log;
        j["measured_on"] = {{"device", widest->device.empty() ? "GPU" : widest->device},
                            {"gpus", widest->gpus},
                            {"nodes", widest->nodes}};
        outputs.push_back({std::move(j), logFiles});
    }
    const auto explicitOut = parsed->value("-o") ? parsed->value("-o") : parsed->value("--output");
    if (outputs.size() > 1 && (explicitOut || !options.id.empty())) {
        err << "error: --id and -o name one calibration, but the files give " << outputs.size()
            << " (import the specs one at a time)\n";
        return Usage;
    }
    for (Output& o : outputs) {
        if (!options.id.empty()) o.spec["id"] = options.id;
        const std::string id = o.spec.value("id", std::string());
        const fs::path target = explicitOut ? fs::path(*explicitOut) : userSpecDir() / "calibration" / (id + ".json");
        if (!writeChecked(o, target, parsed->has("--force"), catalog, out, err)) return BadInput;
    }
    return Ok;
}

int list(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kCalibrationHelp; return Ok; }
    const SpecCatalog& catalog = sharedCatalog(err);
    if (parsed->has("--json")) {
        json j = json::array();
        for (const SpecDocument& d : catalog.documents())
            if (isCalibration(d))
                j.push_back({{"kind", calibrationKind(d)}, {"id", d.id}, {"name", d.name}, {"user", d.user},
                             {"fits", fits(d)}, {"file", d.file.string()}});
        out << j.dump(2) << "\n";
        return Ok;
    }
    out << std::left << std::setw(16) << "kind" << std::setw(40) << "id" << std::setw(10) << "from" << "fits\n";
    for (const SpecDocument& d : catalog.documents())
        if (isCalibration(d))
            out << std::setw(16) << calibrationKind(d) << std::setw(40) << d.id << std::setw(10) << (d.user ? "user" : "shipped")
                << fits(d) << "\n";
    return Ok;
}

int show(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) { out << kCalibrationHelp; return Ok; }
    if (parsed->positional().size() != 1) {
        err << "error: calibration show needs one ID\n" << kCalibrationHelp;
        return Usage;
    }
    const std::string& id = parsed->positional()[0];
    const SpecCatalog& catalog = sharedCatalog(err);
    for (const SpecDocument& d : catalog.documents()) {
        if (!isCalibration(d) || d.id != id) continue;
        Args specsShow = {"show", std::string(specKindKey(d.kind)) + ":" + id};
        if (parsed->has("--json")) specsShow.push_back("--json");
        else out << calibrationKind(d) << " calibration, " << (d.user ? "user" : "shipped") << ", fits " << fits(d) << "\n";
        return runSpecs(specsShow, out, err);
    }
    std::vector<std::string> known;
    for (const SpecDocument& d : catalog.documents())
        if (isCalibration(d)) known.push_back(d.id);
    err << "error: " << unknownIdMessage("calibration", id, known) << " (see `scalescope-cli calibration list`)\n";
    return BadInput;
}

} // namespace

int runCalibration(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? err : out) << kCalibrationHelp;
        return args.empty() ? Usage : Ok;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "import") return import(rest, out, err);
    if (args[0] == "list") return list(rest, out, err);
    if (args[0] == "show") return show(rest, out, err);
    err << "error: unknown calibration command \"" << args[0] << "\"\n" << kCalibrationHelp;
    return Usage;
}

} // namespace scalescope::cli

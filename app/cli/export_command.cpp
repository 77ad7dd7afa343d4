#include "export_command.h"

#include "cli_args.h"
#include "export_serving_chart.h"
#include "export_sweep.h"
#include "export_timeline.h"
#include "export_views.h"

#include "model/spec/spec_catalog.h"
#include "views/export/breakdown_export.h"
#include "views/export/planner_page_export.h"
#include "views/export/view_export.h"
#include "views/charts/roofline_view.h"
#include "views/hardware/chip_scene.h"
#include "views/hardware/memory_view.h"
#include "views/hardware/rack_scene.h"
#include "views/hardware/sm_scene.h"
#include "views/hardware/superchip_scene.h"
#include "views/hardware/topology_view.h"
#include "views/planner/sharding_map_scene.h"
#include "views/power/power_scene.h"

#include <QApplication>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

// The --help text; the views and their one-line descriptions come from kExportViews.
std::string exportHelp()
{
    std::string views;
    for (const ExportViewInfo& v : kExportViews)
        views += std::string("             ") + v.key + ": " + v.what + "\n";
    return "usage: scalescope-cli export [SCENARIO] --view " + exportViewKeys("|", "|") + "\n" +
           R"(                             [--format svg|png|pdf] -o FILE
                             [--gpu ID] [--system ID] [--page a4|letter|WxH mm | --width PX --height PX]
                             [--dpi N] [--from S] [--to S] [--compare A.json] [--axis A]

Renders one hardware view, in the print palette, with its title, legend and
the spec sources it cites. SVG and PDF keep text as text.
  SCENARIO   a *.scalescope.json file; its "system" picks the system (and
             through it the GPU and superchip)
  --view     one of
)" + views +
           R"(             power, sharding, timeline, breakdown and planner evaluate SCENARIO
             (default: the built-in default); timeline draws a training
             step, or an inference scenario's prefill and decode step;
             breakdown is paged to --page (a PDF page each; SVG and PNG
             hold the pages one under another)
             throughput-latency an inference SCENARIO (default: the LLaMA-3 70B
             serving preset): its layout and the 3 best of the serving search
             sweep a training SCENARIO (default: the built-in default) swept
             over --axis tp|pp|cp|ep|mbs|gpus (see `sweep --help`)
  --format   svg, png or pdf (default: from the file name); a file name
             ending in another of them is refused (exit 2)
  -o FILE    where to write
  --gpu      GPU id for chip, sm and roofline (default: the system's GPU, else b200)
  --gpus     GPUs in the topology, rounded up to whole NVLink domains
             (default: 1,024 for a DGX SuperPOD, one NVL72 rack for NVL72);
             an AllReduce of 1 GB over the first half (or one whole
             NVLink domain) is highlighted
  --system   system id (default: the scenario's, else gb200-nvl72)
  --width, --height   page size in pixels (PNG) or points (SVG, PDF);
             default 1600 x 1000
  --page     a paper page: a4, letter (turned landscape for a wide view) or
             WxH mm ("300x200 mm"); the view is fitted inside its margins
  --from S, --to S   timeline only: the window of the time axis to draw,
             in seconds from the start (default: all of it)
  --compare A.json   planner only: the A/B comparison of two training
             scenarios, A pinned and SCENARIO as B (both timelines, every
             figure with A's beside it), as the planner shows it
  --dpi N    PNG only: pixels per inch of the page (default 72: a point a
             pixel), e.g. --page a4 --dpi 300 for 3508 x 2480 pixels
)";
}

// Defaults when neither an option nor a scenario names one (ids, not numbers).
constexpr const char* kDefaultGpu = "b200";
constexpr const char* kDefaultSystem = "gb200-nvl72";
constexpr const char* kDefaultSuperchip = "gb200";
constexpr const char* kDefaultScenarioFile = "default.scalescope.json";
constexpr double kSeedExampleModelBytes = 500e9; // seed 000 2.1: "a model that is, say, 500 GB"

std::optional<std::string> scenarioSystem(const std::string& file, std::ostream& err)
{
    std::ifstream in(file);
    if (!in) {
        err << "error: " << file << ": cannot open the scenario\n";
        return std::nullopt;
    }
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        err << "error: " << file << ": not a JSON object\n";
        return std::nullopt;
    }
    if (!j.contains("system") || !j["system"].is_string()) {
        err << "error: " << file << ": /system: expected a system id (string)\n";
        return std::nullopt;
    }
    return j["system"].get<std::string>();
}

// The views of an evaluated scenario: power, sharding, the timeline, the breakdown and the planner.
int renderPlanned(const CliArgs& parsed, const SpecCatalog& catalog, const std::string& view, const QString& fileName,
                  ExportFormat format, const ExportPage& page, std::optional<TimeWindow> window, std::ostream& out,
                  std::ostream& err)
{
    const std::string file = parsed.positional().empty() ? std::string(kDefaultScenarioFile) : parsed.positional().front();
    std::filesystem::path path = file;
    if (parsed.positional().empty())
        for (const auto& root : builtinSpecRoots())
            if (std::filesystem::exists(root / "scenarios" / file)) path = root / "scenarios" / file;
    const PlannerResultPtr result = evaluateScenarioFile(catalog, path, err);
    if (!result) return BadInput;
    PlannerResultPtr pinned;
    if (const auto other = parsed.value("--compare")) {
        pinned = evaluateComparedScenario(catalog, result, *other, err);
        if (!pinned) return BadInput;
    }
    if (view == "timeline") return exportTimelineView(result, window, fileName, format, page, out, err);
    if (view == "breakdown" || view == "planner") {
        QString error;
        if (!result->ok()) error = QString::fromStdString(result->evaluationErrorPath() + ": " + result->evaluationError());
        else if (view == "breakdown" ? exportBreakdown(result, fileName, format, page, &error)
                                     : exportPlannerPage(result, fileName, format, page, &error, pinned)) {
            out << "wrote " << fileName.toStdString() << "\n";
            return Ok;
        }
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    ShardingColouring colouring = ShardingColouring::Tp;
    if (const auto c = parsed.value("--colour")) {
        const std::pair<const char*, ShardingColouring> keys[] = {
            {"tp", ShardingColouring::Tp}, {"pp", ShardingColouring::Pp}, {"dp", ShardingColouring::Dp}, {"ep", ShardingColouring::Ep}};
        const auto it = std::find_if(std::begin(keys), std::end(keys), [&](const auto& k) { return *c == k.first; });
        if (it == std::end(keys)) {
            err << "error: --colour: expected tp, pp, dp or ep, found \"" << *c << "\"\n";
            return Usage;
        }
        colouring = it->second;
    }
    const HardwarePalette palette = HardwarePalette::print();
    std::unique_ptr<HardwareScene> scene;
    if (view == "power") scene = std::make_unique<PowerScene>(*result, palette);
    else scene = std::make_unique<ShardingMapScene>(*result, colouring, palette);
    return writeExportedScene(*scene, fileName, format, page, out, err);
}

// The page from --page or --width/--height, and --dpi; on an error, says
// which option and sets exitCode (usage or bad input).
std::optional<ExportPage> exportPageOptions(const CliArgs& parsed, ExportFormat format, std::ostream& err, int& exitCode)
{
    exitCode = Usage;
    ExportPage page;
    if (const auto text = parsed.value("--page")) {
        if (parsed.value("--width") || parsed.value("--height")) {
            err << "error: --page: not with --width or --height\n";
            return std::nullopt;
        }
        QString why;
        const auto paper = exportPageFrom(QString::fromStdString(*text), &why);
        if (!paper) {
            err << "error: --page: " << why.toStdString() << "\n";
            return std::nullopt;
        }
        page = *paper;
    }
    for (const auto& [option, slot] : {std::pair{"--width", &page.size.rwidth()}, std::pair{"--height", &page.size.rheight()}}) {
        if (const auto text = parsed.value(option)) {
            const auto v = parseNumberArg(option, *text, err);
            if (!v) return std::nullopt;
            if (*v < 150 || *v > 20000) {
                err << "error: " << option << ": expected 150 to 20000 pixels, found " << *text << "\n";
                exitCode = BadInput;
                return std::nullopt;
            }
            *slot = static_cast<int>(*v);
        }
    }
    if (const auto text = parsed.value("--dpi")) {
        if (format != ExportFormat::Png) {
            err << "error: --dpi: only for PNG (SVG and PDF are vector: --page sets their size)\n";
            return std::nullopt;
        }
        constexpr double kMinDpi = 36, kMaxDpi = 1200; // a thumbnail to a photo print
        const auto v = parseNumberArg("--dpi", *text, err);
        if (!v) return std::nullopt;
        if (*v < kMinDpi || *v > kMaxDpi) {
            err << "error: --dpi: expected 36 to 1200 dots per inch, found " << *text << "\n";
            exitCode = BadInput;
            return std::nullopt;
        }
        page.dpi = *v;
    }
    return page;
}

int render(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help"},
                                       {"--view", "--format", "-o", "--output", "--gpu", "--system", "--width", "--height", "--colour", "--gpus",
                                        "--page", "--dpi", "--from", "--to", "--compare", "--axis"},
                                       err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) {
        out << exportHelp();
        return Ok;
    }
    if (parsed->positional().size() > 1) {
        err << "error: export takes at most one SCENARIO\n" << exportHelp();
        return Usage;
    }
    const auto view = parsed->value("--view");
    const auto file = parsed->value("-o") ? parsed->value("-o") : parsed->value("--output");
    if (!view || !file) {
        err << "error: export needs --view and -o FILE\n" << exportHelp();
        return Usage;
    }
    const ExportViewInfo* known = findExportView(*view);
    if (!known) {
        err << "error: --view: expected " << exportViewKeys(", ", " or ") << ", found \"" << *view << "\"\n";
        return Usage;
    }
    const bool planned = known->planned;
    if (parsed->value("--compare") && *view != "planner") {
        err << "error: --compare: only with --view planner (the A/B comparison of two training scenarios)\n";
        return Usage;
    }
    if (parsed->value("--axis") && *view != "sweep") {
        err << "error: --axis: only with --view sweep\n";
        return Usage;
    }
    if ((parsed->value("--from") || parsed->value("--to")) && *view != "timeline") {
        err << "error: --from and --to: only with --view timeline\n";
        return Usage;
    }
    int windowError = Ok;
    const auto window = timeWindowOptions(*parsed, err, windowError);
    if (windowError != Ok) return windowError;
    const QString fileName = QString::fromStdString(*file);
    std::optional<ExportFormat> requested;
    if (const auto f = parsed->value("--format")) {
        requested = exportFormatFrom(QString::fromStdString(*f));
        if (!requested || f->find('.') != std::string::npos) {
            err << "error: --format: expected svg, png or pdf, found \"" << *f << "\"\n";
            return Usage;
        }
    }
    QString why;
    const auto format = chooseExportFormat(requested, fileName, &why);
    if (!format) {
        err << "error: " << why.toStdString() << "\n";
        return Usage;
    }
    int pageError = Ok;
    const auto page = exportPageOptions(*parsed, *format, err, pageError);
    if (!page) return pageError;

    const SpecCatalog& catalog = sharedCatalog(err);
    if (*view == "throughput-latency") return exportServingChart(parsed->positional(), fileName, *format, *page, out, err);
    if (*view == "sweep") return exportSweepChart(parsed->positional(), parsed->value("--axis"), fileName, *format, *page, out, err);
    if (planned) return renderPlanned(*parsed, catalog, *view, fileName, *format, *page, window, out, err);
    std::string systemId = kDefaultSystem;
    bool systemChosen = false;
    if (!parsed->positional().empty()) {
        const auto id = scenarioSystem(parsed->positional().front(), err);
        if (!id) return BadInput;
        systemId = *id;
        systemChosen = true;
    }
    if (const auto s = parsed->value("--system")) {
        systemId = *s;
        systemChosen = true;
    }
    const SystemSpec* system = catalog.system(systemId);
    if (!system && (systemChosen || *view == "rack" || *view == "memory" || *view == "topology")) {
        reportUnknownId("--system", "system", systemId, catalog.ids(SpecKind::System), err);
        return BadInput;
    }
    std::string gpuId = systemChosen && system ? system->gpu : kDefaultGpu;
    if (const auto g = parsed->value("--gpu")) gpuId = *g;

    const HardwarePalette palette = HardwarePalette::print();
    std::unique_ptr<HardwareScene> scene;
    if (*view == "chip" || *view == "sm" || *view == "roofline") {
        const GpuSpec* gpu = catalog.gpu(gpuId);
        if (!gpu) {
            reportUnknownId("--gpu", "gpu", gpuId, catalog.ids(SpecKind::Gpu), err);
            return BadInput;
        }
        constexpr double kMatmul = 4096, kElementwise = 1 << 26; // the roofline view's defaults
        if (*view == "roofline")
            scene = createRooflineScene(*gpu, kMatmul, kMatmul, kMatmul, Precision::Bf16, kElementwise, Precision::Fp32,
                                        palette);
        else if (*view == "chip") scene = std::make_unique<ChipScene>(*gpu, palette);
        else scene = std::make_unique<SmScene>(*gpu, BlockShape{256, 255, Bytes{0}}, palette); // seed 004's 8-warp example
    } else if (*view == "superchip") {
        const std::string scId = !systemChosen ? kDefaultSuperchip : system->superchip.value_or("");
        const SuperchipSpec* sc = catalog.superchip(scId);
        const GpuSpec* gpu = sc ? catalog.gpu(sc->gpu) : nullptr;
        if (!sc || !gpu) {
            err << "error: system \"" << systemId << "\" has no superchip; pick one with --system (e.g. gb200-nvl72)\n";
            return BadInput;
        }
        scene = std::make_unique<SuperchipScene>(*sc, catalog.cpu(sc->cpu), *gpu, Bytes{kSeedExampleModelBytes}, sc->gpus.value, QString(), palette);
    } else if (*view == "memory") {
        scene = createMemoryScene(catalog, systemId, palette);
    } else if (*view == "topology") {
        long long gpus = TopologyView::defaultGpus(*system);
        if (const auto text = parsed->value("--gpus")) {
            const auto v = parseNumberArg("--gpus", *text, err);
            if (!v) return Usage;
            if (*v < 1 || *v > 1e6) {
                err << "error: --gpus: expected 1 to 1,000,000 GPUs, found " << *text << "\n";
                return BadInput;
            }
            gpus = static_cast<long long>(*v);
        }
        try {
            const long long group = gpus > system->nvlinkDomain.gpus.value ? gpus / 2 : gpus;
            scene = createTopologyScene(catalog, systemId, gpus, {CollectiveKind::AllReduce, group, Bytes{1e9}}, palette);
        } catch (const std::exception& e) {
            err << "error: " << e.what() << "\n";
            return BadInput;
        }
    } else {
        scene = std::make_unique<RackScene>(*system, catalog, palette);
    }
    return writeExportedScene(*scene, fileName, *format, *page, out, err);
}

} // namespace

int writeExportedScene(HardwareScene& scene, const QString& fileName, ExportFormat format, const ExportPage& page,
                       std::ostream& out, std::ostream& err)
{
    QString error;
    if (!exportScene(scene, fileName, format, page, &error)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << fileName.toStdString() << "\n";
    return Ok;
}

PlannerResultPtr evaluateScenarioFile(const SpecCatalog& catalog, const std::filesystem::path& file, std::ostream& err)
{
    SpecErrors errors;
    const auto scenario = loadScenarioFile(file, errors);
    if (!scenario) {
        for (const SpecError& e : errors) err << "error: " << e.text() << "\n";
        return nullptr;
    }
    PlannerResultPtr result = evaluateScenario(catalog, *scenario, nullptr, 0);
    if (!result->context) {
        for (const SpecError& e : result->errors) err << "error: " << e.text() << "\n";
        return nullptr;
    }
    return result;
}

PlannerResultPtr evaluateComparedScenario(const SpecCatalog& catalog, const PlannerResultPtr& current,
                                          const std::filesystem::path& file, std::ostream& err)
{
    PlannerResultPtr pinned = evaluateScenarioFile(catalog, file, err);
    if (!pinned) return nullptr;
    for (const PlannerResultPtr& r : {current, pinned}) {
        if (r->serving()) {
            err << "error: --compare: " << r->scenario.name << " is an inference scenario; the comparison is of training steps\n";
            return nullptr;
        }
        if (!r->ok()) {
            err << "error: --compare: " << r->scenario.name << ": " << r->evaluationErrorPath() << ": " << r->evaluationError() << "\n";
            return nullptr;
        }
    }
    return pinned;
}

int runExport(const Args& args, std::ostream& out, std::ostream& err)
{
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            out << exportHelp();
            return Ok;
        }
    const auto app = ensureOffscreenApplication();
    return render(args, out, err);
}

std::unique_ptr<QApplication> ensureOffscreenApplication()
{
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "scalescope-cli";
    static char* argv[] = {name, nullptr};
    std::unique_ptr<QApplication> app;
    if (!QCoreApplication::instance()) app = std::make_unique<QApplication>(argc, argv);
    return app;
}

} // namespace scalescope::cli

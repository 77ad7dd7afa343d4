#include "export_sweep.h"

#include "cli_args.h"
#include "export_command.h"
#include "commands.h"
#include "scenario_loading.h"

#include "model/spec/spec_catalog.h"
#include "views/charts/sweep_scene.h"

namespace scalescope::cli {

namespace {
constexpr const char* kDefaultSweepScenario = "default.scalescope.json";
} // namespace

int exportSweepChart(const std::vector<std::string>& positional, const std::optional<std::string>& axisText,
                     const QString& fileName, ExportFormat format, const ExportPage& page, std::ostream& out,
                     std::ostream& err)
{
    const auto axis = axisText ? sweepAxisFromKey(*axisText) : std::nullopt;
    if (!axis) {
        err << "error: --axis: expected tp, pp, cp, ep, mbs or gpus with --view sweep, found \"" << axisText.value_or("")
            << "\"\n";
        return Usage;
    }
    std::string file = positional.empty() ? std::string() : positional.front();
    if (file.empty())
        for (const auto& root : builtinSpecRoots()) file = (root / "scenarios" / kDefaultSweepScenario).string();
    const auto ctx = loadContext(file, err);
    if (!ctx) return BadInput;
    const SpecCatalog& catalog = sharedCatalog(err);
    SweepChartData data{QString::fromStdString(ctx->scenario.name), sweepAxis(*ctx, catalog, *axis)};
    if (!data.sweep.ok) {
        err << file << ": " << data.sweep.errorPath << ": " << data.sweep.error << "\n";
        return BadInput;
    }
    SweepScene scene(data, HardwarePalette::print());
    return writeExportedScene(scene, fileName, format, page, out, err);
}

} // namespace scalescope::cli

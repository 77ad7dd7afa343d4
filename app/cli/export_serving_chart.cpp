#include "export_serving_chart.h"

#include "cli_args.h"
#include "export_command.h"
#include "scenario_loading.h"

#include "model/inference/inference_step.h"
#include "model/search/inference_search.h"
#include "model/spec/spec_catalog.h"
#include "views/charts/throughput_latency_scene.h"

namespace scalescope::cli {

namespace {
constexpr const char* kDefaultServingScenario = "llama3-70b-inference-8xh100.scalescope.json";
constexpr int kComparedLayouts = 3;
} // namespace

int exportServingChart(const std::vector<std::string>& positional, const QString& fileName, ExportFormat format,
                       const ExportPage& page, std::ostream& out, std::ostream& err)
{
    std::string file = positional.empty() ? std::string() : positional.front();
    if (file.empty())
        for (const auto& root : builtinSpecRoots()) file = (root / "scenarios" / kDefaultServingScenario).string();
    const auto ctx = loadContext(file, err);
    if (!ctx) return BadInput;
    if (ctx->scenario.mode != Mode::Inference) {
        err << file << ": /mode: expected an inference scenario for --view throughput-latency\n";
        return BadInput;
    }
    const InferenceEvaluation e = evaluateInference(*ctx);
    if (!e.ok) {
        err << file << ": " << e.errorPath << ": " << e.error << "\n";
        return BadInput;
    }
    ThroughputLatencyData data;
    data.scenario = QString::fromStdString(ctx->scenario.name);
    data.limits = servingLimitsOf(ctx->scenario.inference);
    data.curves = servingCurvesToCompare(*ctx, data.limits, kComparedLayouts);
    data.operating = servingPoint(e);
    ThroughputLatencyScene scene(data, HardwarePalette::print());
    return writeExportedScene(scene, fileName, format, page, out, err);
}

} // namespace scalescope::cli

#include "gui_bench.h"

#include "commands.h"
#include "export_command.h"

#include "app/gui/planner_soak.h"
#include "app/gui/bench_scenario.h"
#include "app/gui/slider_latency.h"
#include "app/gui/view_render_bench.h"

#include <QApplication>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

// The offscreen platform answers every top-level window the benchmarks
// create with "This plugin does not support propagateSizeHints()": hundreds
// of lines that say nothing about ScaleScope. While a benchmark runs, that
// one message is dropped; every other message reaches the previous handler.
class OffscreenNoiseFilter final {
public:
    OffscreenNoiseFilter() { s_previous = qInstallMessageHandler(&OffscreenNoiseFilter::handle); }
    ~OffscreenNoiseFilter() { qInstallMessageHandler(s_previous); }
    OffscreenNoiseFilter(const OffscreenNoiseFilter&) = delete;
    OffscreenNoiseFilter& operator=(const OffscreenNoiseFilter&) = delete;

private:
    static void handle(QtMsgType type, const QMessageLogContext& context, const QString& message)
    {
        if (message.contains(QLatin1String("does not support propagateSizeHints"))) return;
        if (s_previous) s_previous(type, context, message);
    }
    static inline QtMessageHandler s_previous = nullptr;
};

} // namespace

std::string guiBenchJson()
{
    const auto app = ensureOffscreenApplication();
    const OffscreenNoiseFilter quiet;
    const SpecCatalog& catalog = sharedCatalog(std::cerr);
    const UiLatency l = measureSliderToPaint(catalog, QString(), 200);
    nlohmann::json j{{"ui_update_p50_ms", l.p50Ms},
                     {"ui_update_p99_ms", l.p99Ms},
                     {"ui_update_max_ms", l.maxMs},
                     {"ui_update_result_p50_ms", l.resultP50Ms},
                     {"ui_update_paint_p50_ms", l.paintP50Ms},
                     {"ui_update_changes", l.changes}};
    // The same TP slider on a served model: its prefill timeline is what paints.
    const UiLatency serving =
        measureSliderToPaint(catalog, QString::fromStdString(builtinScenarioPath(kBenchInferenceScenario)), 200);
    j["ui_update_inference_p50_ms"] = serving.p50Ms;
    j["ui_update_inference_p99_ms"] = serving.p99Ms;
    j["ui_update_inference_max_ms"] = serving.maxMs;
    for (const ViewRenderTime& v : measureViewRenders(catalog))
        j["view_render_ms"][v.view.toStdString()] = {{"build", v.buildMs}, {"paint", v.paintMs}, {"items", v.items}};
    const std::pair<const char*, TopologyFluidity> clusters[] = {
        {"topology_16k", measureTopologyFluidity(catalog, QStringLiteral("dgx-h100-superpod"), 16384)},
        {"topology_100k", measureTopologyFluidity(catalog, QStringLiteral("gb200-nvl72"), 100008)}};
    for (const auto& [key, t] : clusters)
        j[key] = {{"system", t.system.toStdString()}, {"gpus", t.gpus},    {"items", t.items},
                  {"open_ms", t.openMs},               {"pan_ms", t.panMs}, {"aggregated", t.aggregated}};
    return j.dump();
}

std::string guiSoakJson(int changes)
{
    const auto app = ensureOffscreenApplication();
    const OffscreenNoiseFilter quiet;
    const SoakResult r = soakPlanner(sharedCatalog(std::cerr), QString(), changes);
    return nlohmann::json{{"soak_changes", r.changes},           {"soak_rss_warm_MiB", r.rssWarmMiB},
                          {"soak_rss_end_MiB", r.rssEndMiB},     {"soak_rss_growth_MiB", r.rssGrowthMiB},
                          {"soak_slowest_frame_ms", r.slowestFrameMs}, {"soak_p99_frame_ms", r.p99FrameMs},
                          {"soak_longest_gui_stall_ms", r.longestStallMs},
                          {"soak_scenario", r.scenario.toStdString()}}
        .dump();
}

} // namespace scalescope::cli

#include "slider_latency_bench.h"

#include "commands.h"

#include "app/gui/slider_latency.h"

#include <QApplication>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

std::string uiBenchJson()
{
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "scalescope-cli";
    static char* argv[] = {name, nullptr};
    std::unique_ptr<QApplication> app;
    if (!QCoreApplication::instance()) app = std::make_unique<QApplication>(argc, argv);
    const UiLatency l = measureSliderToPaint(sharedCatalog(std::cerr), QString(), 200);
    return nlohmann::json{{"ui_update_p50_ms", l.p50Ms},
                          {"ui_update_p99_ms", l.p99Ms},
                          {"ui_update_max_ms", l.maxMs},
                          {"ui_update_result_p50_ms", l.resultP50Ms},
                          {"ui_update_paint_p50_ms", l.paintP50Ms},
                          {"ui_update_changes", l.changes}}
        .dump();
}

} // namespace scalescope::cli

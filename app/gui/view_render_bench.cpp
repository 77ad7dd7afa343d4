#include "view_render_bench.h"

#include "bench_scenario.h"

#include "views/charts/roofline_view.h"
#include "views/hardware/chip_view.h"
#include "views/hardware/hardware_scene.h"
#include "views/hardware/memory_view.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/sm_view.h"
#include "views/hardware/superchip_view.h"
#include "views/hardware/topology_view.h"
#include "views/hardware/zoomable_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/power/power_view.h"

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <memory>

namespace scalescope {

namespace {

constexpr QSize kCanvas{1600, 1000};

double median(std::vector<double> v)
{
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double msSince(const QElapsedTimer& t) { return static_cast<double>(t.nsecsElapsed()) / 1e6; }

ViewRenderTime measure(const QString& key, const HardwareView& view, int repeats)
{
    ViewRenderTime out;
    out.view = key;
    std::vector<double> build, paint;
    QImage canvas(kCanvas, QImage::Format_ARGB32_Premultiplied);
    for (int i = 0; i < repeats; ++i) {
        QElapsedTimer t;
        t.start();
        const std::unique_ptr<HardwareScene> scene = view.createScene(HardwarePalette::light());
        build.push_back(msSince(t));
        t.restart();
        canvas.fill(scene->hardwarePalette().background);
        QPainter p(&canvas);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene->render(&p, QRectF(QPointF(0, 0), QSizeF(kCanvas)), scene->sceneRect(), Qt::KeepAspectRatio);
        p.end();
        paint.push_back(msSince(t));
        out.items = scene->items().size();
    }
    out.buildMs = median(build);
    out.paintMs = median(paint);
    return out;
}

} // namespace

std::vector<ViewRenderTime> measureViewRenders(const SpecCatalog& catalog, int repeats)
{
    std::vector<ViewRenderTime> out;
    out.push_back(measure(QStringLiteral("chip"), ChipView(catalog), repeats));
    out.push_back(measure(QStringLiteral("sm"), SmView(catalog), repeats));
    out.push_back(measure(QStringLiteral("superchip"), SuperchipView(catalog), repeats));
    out.push_back(measure(QStringLiteral("rack"), RackView(catalog), repeats));
    out.push_back(measure(QStringLiteral("memory"), MemoryView(catalog), repeats));
    out.push_back(measure(QStringLiteral("roofline"), RooflineView(catalog), repeats));
    out.push_back(measure(QStringLiteral("topology"), TopologyView(catalog), repeats));
    if (const auto scenario = loadBenchScenario()) {
        const PlannerResultPtr result = evaluateScenario(catalog, *scenario, nullptr, 1);
        PowerView power;
        power.setResult(result);
        out.push_back(measure(QStringLiteral("power"), power, repeats));
        ShardingMapView sharding;
        sharding.setResult(result);
        out.push_back(measure(QStringLiteral("sharding"), sharding, repeats));
    }
    return out;
}

TopologyFluidity measureTopologyFluidity(const SpecCatalog& catalog, const QString& system, long long gpus)
{
    TopologyFluidity out;
    out.system = system;
    QElapsedTimer timer;
    timer.start();
    TopologyView view(catalog);
    view.resize(1500, 950);
    view.setSystem(system);
    view.setGpuCount(gpus);
    view.grab();
    out.openMs = msSince(timer);
    if (!view.topology() || !view.scene()) return out;
    out.gpus = view.topology()->gpuCount();
    out.aggregated = view.topology()->aggregated();
    out.items = view.scene()->items().size();
    // Pan: zoom in 8×, then drag across the cluster in 20 steps, repainting each.
    ZoomableGraphicsView* g = view.graphicsView();
    g->zoomBy(8);
    constexpr int kSteps = 20;
    QScrollBar* bar = g->horizontalScrollBar();
    timer.restart();
    for (int i = 0; i < kSteps; ++i) {
        bar->setValue(bar->minimum() + (bar->maximum() - bar->minimum()) * i / (kSteps - 1));
        g->viewport()->grab();
    }
    out.panMs = msSince(timer) / kSteps;
    return out;
}

} // namespace scalescope

#include "slider_latency.h"

#include "bench_planner.h"
#include "bench_scenario.h"

#include "scenario_controller.h"
#include "scenario_controls.h"

#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSlider>

#include <algorithm>

namespace scalescope {

UiLatency measureSliderToPaint(const SpecCatalog& catalog, const QString& scenarioFile, int changes)
{
    UiLatency out;
    const auto scenario = loadBenchScenario(scenarioFile.toStdString());
    if (!scenario) return out;
    out.scenario = QString::fromStdString(scenario->name);

    BenchPlanner planner(catalog, *scenario);
    ScenarioController& controller = planner.controller;
    PlannerView& view = planner.view;
    ScenarioControls& controls = planner.controls;

    QSlider* slider = controls.slider(QStringLiteral("tp"));
    const auto offered = controls.offered(QStringLiteral("tp"));
    if (!slider || offered.size() < 2) return out;
    bool painted = false;
    double resultAt = 0, paintedAt = 0;
    unsigned long long before = 0;
    QElapsedTimer timer;
    // The change has reached the screen when the timeline has painted its
    // result: timed at that paint, not when the event loop next returns (work
    // queued behind the repaint, such as re-bounding the sliders, comes after).
    QObject::connect(view.timeline(), &TimelineView::painted, [&] {
        if (painted || !controller.result() || controller.result()->generation == before) return;
        painted = true;
        paintedAt = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    });
    std::vector<double> ms, toResult, paint;
    const int low = std::max(0, slider->value() - 1), high = slider->value();
    for (int i = 0; i < changes; ++i) {
        painted = false;
        before = controller.result() ? controller.result()->generation : 0;
        timer.start();
        resultAt = -1;
        const auto probe = QObject::connect(&controller, &ScenarioController::resultReady, [&] {
            if (resultAt < 0) resultAt = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        });
        slider->setValue(i % 2 == 0 ? low : high); // an undoable edit, as a user's drag makes
        // The change reaches the screen when the timeline has painted the new result.
        while (!painted) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            if (timer.elapsed() > 10000) break;
        }
        ms.push_back(painted ? paintedAt : static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCoreApplication::processEvents(); // what the change queued behind its repaint runs before the next change
        toResult.push_back(resultAt);
        paint.push_back(view.timeline()->lastPaintMs());
        QObject::disconnect(probe);
    }
    std::sort(toResult.begin(), toResult.end());
    out.resultP50Ms = toResult[toResult.size() / 2];
    std::sort(paint.begin(), paint.end());
    out.paintP50Ms = paint[paint.size() / 2];
    std::sort(ms.begin(), ms.end());
    out.changes = static_cast<int>(ms.size());
    out.p50Ms = ms[ms.size() / 2];
    out.p99Ms = ms[std::min(ms.size() - 1, static_cast<size_t>(static_cast<double>(ms.size()) * 0.99))];
    out.maxMs = ms.back();
    return out;
}

} // namespace scalescope

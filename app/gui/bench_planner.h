#pragma once
// The real planner, offscreen, for the benchmarks (slider latency, soak): the
// controller, the scenario controls and the planner view wired as in the main
// window, loaded with a scenario, evaluated and painted once.

#include "scenario_controller.h"
#include "scenario_controls.h"

#include "views/planner/planner_view.h"

#include <QCoreApplication>

namespace scalescope {

struct BenchPlanner {
    static constexpr int kWidth = 1400, kHeight = 800; // the planner area of a 1920×1080 window

    ScenarioController controller;
    PlannerView view;
    ScenarioControls controls{controller};

    BenchPlanner(const SpecCatalog& catalog, const Scenario& scenario) : controller(catalog)
    {
        view.resize(kWidth, kHeight);
        QObject::connect(&controller, &ScenarioController::resultReady, &view, &PlannerView::setResult);
        controller.load(scenario);
        controller.evaluateNow();
        view.show();
        controls.show();
        QCoreApplication::processEvents();
    }
};

} // namespace scalescope

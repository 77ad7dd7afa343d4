#pragma once
// Driving the real planner in a view test as a user would.

#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/scenario_controls.h"

#include <QCoreApplication>
#include <QPushButton>
#include <QSlider>

#include <algorithm>

#include <catch2/catch.hpp>

namespace scalescope::testing {

// Lets a change reach every layout: a label's new text re-lays out its
// parent, which may re-size a dock, which re-lays out the window, each in
// an event-loop pass of its own.
inline void settle()
{
    constexpr int kLayoutLevels = 4; // label → figure or form → dock or page → window
    for (int i = 0; i < kLayoutLevels; ++i)
        QCoreApplication::processEvents();
}

// Opens the default scenario (a first start) and waits for its result.
inline void startPlanner(MainWindow& window)
{
    window.planner()->start({});
    window.planner()->controller().evaluateNow();
    window.show();
    QCoreApplication::processEvents();
    REQUIRE(window.planner()->controller().result());
}

// Moves the slider of `axis` ("tp", "pp", …) to `value` and waits for the result.
inline void setAxis(MainWindow& window, const QString& axis, int value)
{
    QSlider* slider = window.planner()->controls()->slider(axis);
    REQUIRE(slider);
    const auto offered = window.planner()->controls()->offered(axis);
    const auto at = std::find(offered.begin(), offered.end(), value);
    REQUIRE(at != offered.end());
    slider->setValue(static_cast<int>(at - offered.begin()));
    window.planner()->controller().evaluateNow();
    QCoreApplication::processEvents();
}

// Clicks the scenario dock's Training | Inference switch and waits for the result.
inline void switchMode(MainWindow& window, bool inference)
{
    auto* button = window.planner()->controls()->findChild<QPushButton*>(inference ? QStringLiteral("inferenceMode")
                                                                                   : QStringLiteral("trainingMode"));
    REQUIRE(button);
    button->click();
    window.planner()->controller().evaluateNow();
    QCoreApplication::processEvents();
}

} // namespace scalescope::testing

#pragma once
// Puts the throughput–latency chart in the planner's serving slot and keeps
// it on the scenario: every inference result moves the operating point, new
// curves (anything but the batch changed) redraw it, and a drag of the
// operating point sets the batch as one undoable edit.

#include "views/planner/planner_result.h"

#include <QObject>

namespace scalescope {

class PlannerView;
class ScenarioController;
class ThroughputLatencyChart;

class ServingChartLink final : public QObject {
    Q_OBJECT
public:
    ServingChartLink(ScenarioController& controller, PlannerView& view);

    [[nodiscard]] ThroughputLatencyChart* chart() const noexcept { return m_chart; }

private:
    void show(const PlannerResultPtr& result);
    void chooseBatch(int batch);

    ScenarioController& m_controller;
    ThroughputLatencyChart* m_chart = nullptr;
    std::shared_ptr<const std::vector<ServingCurve>> m_shownCurves;
    int m_dragId = 0;
};

} // namespace scalescope

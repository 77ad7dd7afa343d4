#pragma once
// The hardware in focus: the chip, SM, superchip, rack, topology and memory
// views show the current scenario's system, GPU and cluster size, following
// every new planner result, unless the user picked other hardware in a view
// (which then says so, views/hardware/hardware_view.h).

#include "views/hardware/hardware_view.h"
#include "views/planner/planner_result.h"

#include <QObject>
#include <QPointer>

#include <vector>

namespace scalescope {

class MainWindow;
class ScenarioController;

// The hardware a planner result ran on; invalid when it did not resolve.
[[nodiscard]] HardwareFocus hardwareFocusOf(const PlannerResult& result);

class ScenarioHardwareFocus final : public QObject {
    Q_OBJECT
public:
    // Follows `controller`'s results into `window`'s hardware views.
    ScenarioHardwareFocus(const MainWindow& window, const ScenarioController& controller, QObject* parent = nullptr);

    [[nodiscard]] const HardwareFocus& focus() const noexcept { return m_focus; }

private:
    void follow(const PlannerResultPtr& result);

    std::vector<QPointer<HardwareView>> m_views;
    HardwareFocus m_focus;
};

} // namespace scalescope

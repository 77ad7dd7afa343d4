#pragma once
// Hands the controller's results to a view that follows the planned
// scenario, but only while the view is on screen: rebuilding a 16,384-GPU
// sharding map or the power scene for every slider step nobody sees would
// cost the visible planner its frame. A result that arrives while the view
// is hidden is drawn when it is shown.

#include "views/planner/planner_result.h"

#include <QObject>

#include <functional>

class QEvent;
class QWidget;

namespace scalescope {

class ScenarioController;

class ResultFollower final : public QObject {
public:
    using Draw = std::function<void(const PlannerResultPtr&)>;
    // Owned by `view`; `draw` paints a result into it.
    ResultFollower(QWidget* view, Draw draw);
    void offer(const PlannerResultPtr& result);
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_view;
    Draw m_draw;
    PlannerResultPtr m_pending;
};

// `view` follows the controller's results from now on, starting with the
// current one if there is one.
void followResults(ScenarioController& controller, QWidget* view, ResultFollower::Draw draw);

template <class View>
void followResults(ScenarioController& controller, View* view)
{
    followResults(controller, view, [view](const PlannerResultPtr& r) { view->setResult(r); });
}

} // namespace scalescope

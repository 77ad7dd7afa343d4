#include "result_follower.h"

#include "scenario_controller.h"

#include <QEvent>
#include <QWidget>

namespace scalescope {

ResultFollower::ResultFollower(QWidget* view, Draw draw) : QObject(view), m_view(view), m_draw(std::move(draw))
{
    view->installEventFilter(this);
}

void ResultFollower::offer(const PlannerResultPtr& result)
{
    if (!m_view->isVisible()) {
        m_pending = result;
        return;
    }
    m_pending.reset();
    m_draw(result);
}

bool ResultFollower::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::Show && m_pending) {
        const PlannerResultPtr result = std::move(m_pending);
        m_pending.reset();
        m_draw(result);
    }
    return false;
}

void followResults(ScenarioController& controller, QWidget* view, ResultFollower::Draw draw)
{
    auto* follower = new ResultFollower(view, std::move(draw));
    QObject::connect(&controller, &ScenarioController::resultReady, follower, &ResultFollower::offer);
    if (controller.result()) follower->offer(controller.result());
}

} // namespace scalescope

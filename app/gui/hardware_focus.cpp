#include "hardware_focus.h"

#include "main_window.h"
#include "scenario_controller.h"

#include "views/charts/memory_page.h"
#include "views/hardware/memory_view.h"

namespace scalescope {

HardwareFocus hardwareFocusOf(const PlannerResult& result)
{
    if (!result.context) return {};
    const EvaluationContext& ctx = *result.context;
    HardwareFocus f;
    f.system = QString::fromStdString(result.scenario.system);
    f.systemName = QString::fromStdString(ctx.system.name);
    f.gpu = QString::fromStdString(ctx.gpu.id);
    f.gpuName = QString::fromStdString(ctx.gpu.name);
    if (ctx.superchip) {
        f.superchip = QString::fromStdString(ctx.superchip->id);
        f.superchipName = QString::fromStdString(ctx.superchip->name);
    }
    f.gpus = result.scenario.gpus;
    return f;
}

ScenarioHardwareFocus::ScenarioHardwareFocus(const MainWindow& window, const ScenarioController& controller,
                                             QObject* parent)
    : QObject(parent)
{
    for (const char* key : {"chip", "sm", "superchip", "rack", "topology"})
        if (auto* v = qobject_cast<HardwareView*>(window.view(QString::fromLatin1(key)))) m_views.emplace_back(v);
    if (auto* memory = qobject_cast<MemoryPage*>(window.view(QStringLiteral("memory"))))
        m_views.emplace_back(memory->memoryView());
    connect(&controller, &ScenarioController::resultReady, this, &ScenarioHardwareFocus::follow);
    follow(controller.result());
}

void ScenarioHardwareFocus::follow(const PlannerResultPtr& result)
{
    const HardwareFocus f = result ? hardwareFocusOf(*result) : HardwareFocus{};
    if (!f.valid() || f == m_focus) return;
    m_focus = f;
    for (const QPointer<HardwareView>& v : m_views)
        if (v) v->setScenarioFocus(f);
}

} // namespace scalescope

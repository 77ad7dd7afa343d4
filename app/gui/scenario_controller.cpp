#include "scenario_controller.h"

#include "model/spec/scenario_identity.h"
#include "model/training/layout_check.h"
#include "model/training/pipeline_timeline.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QUndoCommand>
#include <QtConcurrent/QtConcurrentRun>

namespace scalescope {

namespace {

class ChangeScenarioCommand final : public QUndoCommand {
public:
    ChangeScenarioCommand(ScenarioController& c, Scenario before, Scenario after, const QString& text, int dragId)
        : QUndoCommand(text), m_controller(c), m_before(std::move(before)), m_after(std::move(after)), m_dragId(dragId)
    {
    }
    void undo() override { m_controller.apply(m_before); }
    void redo() override { m_controller.apply(m_after); }
    int id() const override { return m_dragId == 0 ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const ChangeScenarioCommand*>(other);
        if (o->m_dragId != m_dragId) return false;
        m_after = o->m_after;
        return true;
    }

private:
    ScenarioController& m_controller;
    Scenario m_before, m_after;
    int m_dragId;
};

} // namespace

ScenarioController::ScenarioController(const SpecCatalog& catalog, QObject* parent)
    : QObject(parent), m_catalog(catalog), m_watcher(new QFutureWatcher<PlannerResultPtr>(this))
{
    m_undo.setUndoLimit(kUndoLimit);
    connect(m_watcher, &QFutureWatcher<PlannerResultPtr>::finished, this, [this] {
        m_running = false;
        publish(m_watcher->result());
        if (m_pending) launch();
    });
}

ScenarioController::~ScenarioController() { m_watcher->waitForFinished(); }

void ScenarioController::edit(const Scenario& next, const QString& description, int dragId)
{
    // The name and description follow a change of model, system or GPU count.
    m_undo.push(new ChangeScenarioCommand(*this, m_scenario, followIdentity(m_scenario, next, m_catalog), description, dragId));
}

void ScenarioController::load(const Scenario& s)
{
    m_undo.clear();
    apply(s);
}

void ScenarioController::apply(const Scenario& s)
{
    m_scenario = s;
    ++m_generation;
    Q_EMIT scenarioChanged();
    schedule();
}

void ScenarioController::schedule()
{
    // Coalesce a burst of changes (a drag) into one evaluation per event-loop turn.
    if (m_pending) return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        if (!m_running && m_pending) launch();
    });
}

bool ScenarioController::quickToEvaluate() const
{
    if (!m_result || !m_result->context || m_result->workMs > m_inlineBudgetMs) return false;
    if (!sameResolution(m_result->context->scenario, m_scenario)) return false; // a new context: specs to resolve
    const ParallelLayout& p = m_scenario.parallel;
    return pipelineOperations(p, microbatchCount(m_scenario, p)) <= kInlineMaxOperations;
}

void ScenarioController::launch()
{
    m_pending = false;
    ++m_started;
    const auto previous = m_result ? m_result->context : nullptr;
    if (quickToEvaluate()) {
        publish(evaluateScenario(m_catalog, m_scenario, previous, m_generation));
        return;
    }
    m_running = true;
    m_watcher->setFuture(QtConcurrent::run(
        [&catalog = m_catalog, s = m_scenario, previous, g = m_generation] { return evaluateScenario(catalog, s, previous, g); }));
}

void ScenarioController::publish(PlannerResultPtr r)
{
    if (!r || r->generation != m_generation) return; // stale: a newer edit is queued or running
    m_result = std::move(r);
    Q_EMIT resultReady(m_result);
}

void ScenarioController::evaluateNow()
{
    m_watcher->waitForFinished();
    m_pending = false;
    m_running = false;
    ++m_started;
    publish(evaluateScenario(m_catalog, m_scenario, m_result ? m_result->context : nullptr, m_generation));
}

} // namespace scalescope

#pragma once
// Owns the scenario being planned. Every change goes through the undo stack
// as a command (a slider drag merges into one step); each change schedules
// one evaluation, tagged with a generation number, and results of superseded
// generations are dropped. Evaluations run off the GUI thread, except quick
// re-evaluations (quickToEvaluate): handing those to a worker and back costs
// more than the work.

#include "views/planner/planner_result.h"

#include <QObject>
#include <QUndoStack>

#include <memory>

template <class T>
class QFutureWatcher;

namespace scalescope {

class ScenarioController final : public QObject {
    Q_OBJECT
public:
    // Undo steps kept: a long session's memory stays bounded (each holds two scenarios).
    static constexpr int kUndoLimit = 1000;
    // A re-evaluation runs on the GUI thread when the previous one took at most
    // this long, reuses its resolved specs and schedules at most
    // kInlineMaxOperations pipeline operations: 405B on 16,384 GPUs at 64
    // micro-batches (2,048 operations) takes ~0.12 ms, while a round trip
    // through the worker thread costs ~1 ms on a busy 2-core machine
    // (`scalescope-cli bench`: ui_update_result_p50_ms).
    static constexpr double kInlineBudgetMs = 2;
    static constexpr long long kInlineMaxOperations = 20'000;

    explicit ScenarioController(const SpecCatalog& catalog, QObject* parent = nullptr);
    ~ScenarioController() override;

    [[nodiscard]] const Scenario& scenario() const noexcept { return m_scenario; }
    [[nodiscard]] PlannerResultPtr result() const { return m_result; }
    [[nodiscard]] QUndoStack* undoStack() noexcept { return &m_undo; }
    [[nodiscard]] const SpecCatalog& catalog() const noexcept { return m_catalog; }
    [[nodiscard]] unsigned long long evaluationsStarted() const noexcept { return m_started; }

    // An edit by the user: undoable. Edits with the same non-zero `dragId`
    // merge into one undo step (one slider drag).
    void edit(const Scenario& next, const QString& description, int dragId = 0);
    // Replaces the scenario without an undo step (open, new, restore).
    void load(const Scenario& s);
    // A fresh drag id for a control that starts being dragged.
    [[nodiscard]] int beginDrag() noexcept { return ++m_dragSerial; }

    // Applied by undo commands; schedules an evaluation.
    void apply(const Scenario& s);
    // Whether the scenario's next evaluation runs on the GUI thread: the last
    // result took at most kInlineBudgetMs, its resolved specs serve the
    // scenario and the timeline has at most kInlineMaxOperations operations.
    [[nodiscard]] bool quickToEvaluate() const;
    // The time budget quickToEvaluate compares the last result's with
    // (kInlineBudgetMs); tests set it so that the clock does not decide.
    void setInlineBudgetMs(double ms) noexcept { m_inlineBudgetMs = ms; }
    // Evaluates now on the calling thread (tests, export, benchmarks).
    void evaluateNow();

Q_SIGNALS:
    void scenarioChanged();
    void resultReady(scalescope::PlannerResultPtr result);

private:
    void schedule();
    void launch();
    void publish(PlannerResultPtr r);

    const SpecCatalog& m_catalog;
    Scenario m_scenario;
    QUndoStack m_undo;
    PlannerResultPtr m_result;
    unsigned long long m_generation = 0;
    unsigned long long m_started = 0;
    bool m_pending = false;
    bool m_running = false;
    int m_dragSerial = 0;
    double m_inlineBudgetMs = kInlineBudgetMs;
    QFutureWatcher<PlannerResultPtr>* m_watcher = nullptr;
};

} // namespace scalescope

// The planner as the main window assembles it: the scenario dock and the
// planner view, the views and docks that follow the planned scenario, the
// File/Edit/Planner menu actions, and pinning and suggested layouts.

#include "planner_workspace.h"

#include "layout_suggestions.h"
#include "result_follower.h"
#include "scenario_controller.h"
#include "scenario_controls.h"
#include "scenario_presets.h"
#include "serving_chart_link.h"

#include "views/charts/sweep_view.h"
#include "views/planner/breakdown_panel.h"
#include "views/planner/planner_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/power/power_view.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QUndoStack>

namespace scalescope {

PlannerWorkspace::PlannerWorkspace(const SpecCatalog& catalog, QMainWindow& window)
    : QObject(&window), m_catalog(catalog), m_window(window), m_controller(new ScenarioController(catalog, this)),
      m_autosave(new QTimer(this))
{
    m_view = new PlannerView(&window);
    m_controls = new ScenarioControls(*m_controller, &window);
    m_dock = new QDockWidget(&window);
    m_dock->setObjectName(QStringLiteral("scenarioDock"));
    auto* scroll = new QScrollArea(m_dock);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    m_dock->setWidget(scroll);
    // The dock is never narrower than its controls (in any language): every
    // label is read whole, never behind a horizontal scrollbar. The controls
    // themselves are narrow (combo boxes elide long choices), so the dock
    // leaves the room to the planner on a 1366-px screen.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const auto fitDock = [this, scroll] {
        const int width = m_controls->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() +
                          2 * scroll->frameWidth();
        m_dock->setMinimumWidth(width);
    };
    connect(m_controls, &ScenarioControls::layoutChanged, this, fitDock);
    fitDock();
    connect(m_controller, &ScenarioController::resultReady, m_view, &PlannerView::setResult);
    new ServingChartLink(*m_controller, *m_view);
    connect(m_controller, &ScenarioController::scenarioChanged, this, [this] {
        Q_EMIT titleChanged(QString::fromStdString(m_controller->scenario().name));
        m_autosave->start();
        followMode();
    });
    connect(m_controller->undoStack(), &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    initScenarioFiles();
}

PlannerWorkspace::~PlannerWorkspace() = default;

PowerView* PlannerWorkspace::createPowerView(QWidget* parent)
{
    auto* view = new PowerView(parent);
    followResults(*m_controller, view);
    connect(view, &PowerView::facilityEdited, this, [this](const FacilitySettings& f, const QString& what, int drag) {
        if (drag != 0 && drag != m_powerDragSerial) {
            m_powerDragSerial = drag;
            m_powerDragId = m_controller->beginDrag();
        }
        Scenario next = m_controller->scenario();
        next.facility.deltaTK = f.deltaTK;
        next.facility.coolant = f.coolant;
        m_controller->edit(next, what, drag != 0 ? m_powerDragId : 0);
    });
    return view;
}

QDockWidget* PlannerWorkspace::breakdownDock()
{
    if (m_breakdownDock) return m_breakdownDock;
    m_breakdownDock = new QDockWidget(&m_window);
    m_breakdownDock->setObjectName(QStringLiteral("breakdownDock"));
    auto* panel = new BreakdownPanel(m_breakdownDock);
    m_breakdownDock->setWidget(panel);
    followResults(*m_controller, panel);
    retranslate();
    return m_breakdownDock;
}

ShardingMapView* PlannerWorkspace::createShardingView(QWidget* parent)
{
    auto* view = new ShardingMapView(parent);
    followResults(*m_controller, view);
    return view;
}

SweepView* PlannerWorkspace::createSweepView(QWidget* parent)
{
    auto* view = new SweepView(m_catalog, parent);
    followResults(*m_controller, view);
    connect(view, &SweepView::pointChosen, this, [this, view](int index) {
        const AxisSweep& sweep = view->data().sweep;
        if (index < 0 || index >= static_cast<int>(sweep.points.size())) return;
        const SweepPoint& pt = sweep.points[static_cast<std::size_t>(index)];
        Scenario next = m_controller->scenario();
        next.gpus = pt.gpus;
        next.parallel = pt.layout;
        m_controller->edit(next, tr("Set %1 to %2 from the sweep chart").arg(sweepAxisTitle(sweep.axis)).arg(pt.value), 0);
    });
    return view;
}

void PlannerWorkspace::installMenus(QMenu* file, QMenu* edit, QMenu* planner)
{
    QAction* first = file->actions().isEmpty() ? nullptr : file->actions().first();
    m_new = new QAction(this);
    m_new->setShortcut(QKeySequence::New);
    m_open = new QAction(this);
    m_open->setShortcut(QKeySequence::Open);
    m_save = new QAction(this);
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = new QAction(this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_recentMenu = new QMenu(file);
    m_presetMenu = new QMenu(file);
    m_presetMenu->setObjectName(QStringLiteral("presetMenu"));
    m_presetMenu->setToolTipsVisible(true);
    for (const ScenarioPreset& p : shippedPresets()) {
        QAction* a = m_presetMenu->addAction(p.name, this, [this, path = p.path] { openPreset(path); });
        a->setData(p.path);
        a->setToolTip(p.description);
        a->setStatusTip(p.description);
    }
    m_presetMenu->setEnabled(!m_presetMenu->isEmpty());
    file->insertActions(first, {m_new, m_open});
    file->insertMenu(first, m_presetMenu);
    file->insertMenu(first, m_recentMenu);
    file->insertActions(first, {m_save, m_saveAs});
    file->insertSeparator(first);
    connect(m_new, &QAction::triggered, this, [this] { newScenario(); });
    connect(m_open, &QAction::triggered, this, &PlannerWorkspace::openDialog);
    connect(m_save, &QAction::triggered, this, &PlannerWorkspace::save);
    connect(m_saveAs, &QAction::triggered, this, &PlannerWorkspace::saveAs);
    m_undo = m_controller->undoStack()->createUndoAction(this);
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_controller->undoStack()->createRedoAction(this);
    m_redo->setShortcut(QKeySequence::Redo);
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    m_pin = planner->addAction(QString(), this, &PlannerWorkspace::togglePin);
    m_pin->setObjectName(QStringLiteral("pinAction"));
    m_pin->setCheckable(true);
    m_suggest = planner->addAction(QString(), this, &PlannerWorkspace::suggestLayouts);
    m_suggest->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    planner->setToolTipsVisible(true); // the disabled actions say why
    rebuildRecentMenu();
    retranslate();
}

void PlannerWorkspace::retranslate()
{
    m_dock->setWindowTitle(tr("Scenario"));
    if (m_breakdownDock) m_breakdownDock->setWindowTitle(tr("Why this number"));
    if (!m_new) return;
    m_new->setText(tr("&New scenario"));
    m_open->setText(tr("&Open scenario…"));
    m_save->setText(tr("&Save scenario"));
    m_saveAs->setText(tr("Save scenario &as…"));
    m_recentMenu->setTitle(tr("Open &recent"));
    m_presetMenu->setTitle(tr("Open &preset"));
    m_undo->setText(tr("&Undo"));
    m_redo->setText(tr("&Redo"));
    m_pin->setText(tr("&Pin as A (compare)"));
    m_suggest->setText(tr("Suggest &layouts…"));
    followMode();
}

void PlannerWorkspace::followMode()
{
    if (!m_pin) return;
    const bool serving = m_controller->scenario().mode == Mode::Inference;
    if (serving && m_pin->isChecked()) { // A is a training step: it cannot stand beside serving figures
        m_pin->setChecked(false);
        togglePin();
    }
    m_pin->setEnabled(!serving);
    m_suggest->setEnabled(!serving);
    const QString why = tr("Training only: comparing and suggesting layouts rank training steps");
    m_pin->setToolTip(serving ? why : m_pin->text().remove(QLatin1Char('&')));
    m_suggest->setToolTip(serving ? why : m_suggest->text().remove(QLatin1Char('&')));
}

void PlannerWorkspace::togglePin()
{
    if (m_pin->isChecked() && m_controller->scenario().mode == Mode::Inference) m_pin->setChecked(false);
    m_pinned = m_pin->isChecked() ? m_controller->result() : nullptr;
    m_view->setPinned(m_pinned);
    if (m_pinned) Q_EMIT message(tr("Pinned the current scenario as A: numbers now show A beside B."));
}

void PlannerWorkspace::suggestLayouts()
{
    const PlannerResultPtr r = m_controller->result();
    if (!r || !r->context || r->serving()) return;
    LayoutSuggestions dialog(*r->context, &m_window);
    if (dialog.exec() != QDialog::Accepted || !dialog.chosen()) return;
    Scenario next = m_controller->scenario();
    next.parallel = dialog.chosen()->layout;
    next.training.zeroStage = dialog.chosen()->zeroStage;
    next.training.recompute = dialog.chosen()->recompute;
    m_controller->edit(next, tr("Apply suggested layout"));
}

} // namespace scalescope

#include "planner_workspace.h"

#include "layout_suggestions.h"
#include "scenario_controller.h"
#include "scenario_controls.h"
#include "scenario_presets.h"
#include "serving_chart_link.h"

#include "model/spec/user_paths.h"
#include "views/charts/sweep_view.h"
#include "views/planner/breakdown_panel.h"
#include "views/planner/planner_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/power/power_view.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <fstream>
#include <functional>

namespace scalescope {

namespace {
constexpr int kMaxRecent = 8;
const QString kFilter = QStringLiteral("ScaleScope scenarios (*.scalescope.json);;JSON (*.json)");

// Hands the controller's results to a view that follows the planned
// scenario, but only while the view is on screen: rebuilding a 16,384-GPU
// sharding map or the power scene for every slider step nobody sees would
// cost the visible planner its frame. A result that arrives while the view
// is hidden is drawn when it is shown.
class ResultFollower final : public QObject {
public:
    ResultFollower(QWidget* view, std::function<void(const PlannerResultPtr&)> draw)
        : QObject(view), m_view(view), m_draw(std::move(draw))
    {
        view->installEventFilter(this);
    }
    void offer(const PlannerResultPtr& result)
    {
        if (!m_view->isVisible()) {
            m_pending = result;
            return;
        }
        m_pending.reset();
        m_draw(result);
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_view && event->type() == QEvent::Show && m_pending) {
            const PlannerResultPtr result = std::move(m_pending);
            m_pending.reset();
            m_draw(result);
        }
        return false;
    }

private:
    QWidget* m_view;
    std::function<void(const PlannerResultPtr&)> m_draw;
    PlannerResultPtr m_pending;
};

// One line per problem, for a message box.
QString errorText(const SpecErrors& errors)
{
    QString text;
    for (const SpecError& e : errors)
        text += QString::fromStdString(e.text()) + QLatin1Char('\n');
    return text.trimmed();
}

template <class View>
void followResults(ScenarioController& controller, View* view)
{
    auto* follower = new ResultFollower(view, [view](const PlannerResultPtr& r) { view->setResult(r); });
    QObject::connect(&controller, &ScenarioController::resultReady, follower, &ResultFollower::offer);
    if (controller.result()) follower->offer(controller.result());
}
} // namespace

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
    m_askToSave = [this](const QString& name) {
        return QMessageBox::question(&m_window, tr("Save changes?"),
                                     tr("The scenario “%1” has changes that are not saved. Save them first?").arg(name),
                                     QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    m_askSavePath = [this] {
        const QString dir = m_file.isEmpty() || m_file == defaultScenarioPath() ? QDir::homePath() : QFileInfo(m_file).path();
        return QFileDialog::getSaveFileName(&m_window, tr("Save scenario"), dir, kFilter);
    };
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(1000);
    connect(m_autosave, &QTimer::timeout, this, &PlannerWorkspace::writeAutosave);
}

PlannerWorkspace::~PlannerWorkspace() = default;

QString PlannerWorkspace::autosavePath()
{
    return QString::fromStdString((userDataDir() / "autosave.scalescope.json").string());
}

QString PlannerWorkspace::defaultScenarioPath()
{
    for (const auto& root : builtinSpecRoots()) {
        const auto p = root / "scenarios" / "default.scalescope.json";
        if (QFileInfo::exists(QString::fromStdString(p.string()))) return QString::fromStdString(p.string());
    }
    return {};
}

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

QString PlannerWorkspace::start(const QString& commandLineFile)
{
    if (!commandLineFile.isEmpty()) {
        QString error;
        if (openFile(commandLineFile, &error)) return tr("Opened %1").arg(commandLineFile);
        Q_EMIT fileProblem(tr("%1 was not opened:\n%2").arg(commandLineFile, error));
    }
    if (QFileInfo::exists(autosavePath())) {
        SpecErrors errors;
        if (auto s = loadScenarioFile(autosavePath().toStdString(), errors)) {
            m_controller->load(*s);
            // The restored scenario keeps the file it came from, and it has
            // changes that file does not hold.
            m_file = QSettings().value(QStringLiteral("scenario/autosaveFile")).toString();
            m_controller->undoStack()->resetClean();
            return m_file.isEmpty()
                       ? tr("Restored the scenario autosaved before ScaleScope last stopped unexpectedly.")
                       : tr("Restored the unsaved changes to %1 autosaved before ScaleScope last stopped unexpectedly.").arg(m_file);
        }
    }
    newScenario();
    return tr("Opened the default scenario.");
}

bool PlannerWorkspace::isModified() const { return !m_controller->undoStack()->isClean(); }

bool PlannerWorkspace::maybeSave()
{
    if (!isModified()) return true;
    switch (m_askToSave(QString::fromStdString(m_controller->scenario().name))) {
    case QMessageBox::Save: return save();
    case QMessageBox::Discard: return true;
    default: return false;
    }
}

bool PlannerWorkspace::newScenario(const QString& templatePath, QString* error)
{
    if (!maybeSave()) return false;
    const QString path = templatePath.isEmpty() ? defaultScenarioPath() : templatePath;
    SpecErrors errors;
    const auto s = loadScenarioFile(path.toStdString(), errors);
    if (!s) {
        if (error) *error = errorText(errors);
        return false;
    }
    m_file.clear();
    m_controller->load(*s);
    return true;
}

void PlannerWorkspace::openPreset(const QString& path)
{
    QString error;
    if (!newScenario(path, &error) && !error.isEmpty()) QMessageBox::warning(&m_window, tr("Open preset"), error);
}

bool PlannerWorkspace::openFile(const QString& path, QString* error)
{
    SpecErrors errors;
    const auto s = loadScenarioFile(path.toStdString(), errors);
    if (!s) {
        QString text;
        for (const SpecError& e : errors) text += QString::fromStdString(e.text()) + QLatin1Char('\n');
        if (error) *error = text.trimmed();
        return false;
    }
    m_file = path;
    m_controller->load(*s);
    addRecent(path);
    return true;
}

bool PlannerWorkspace::saveFile(const QString& path, QString* error)
{
    const std::string text = scenarioToJson(m_controller->scenario()).dump(2) + "\n";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.data(), static_cast<qint64>(text.size())) < 0) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    m_file = path;
    m_controller->undoStack()->setClean();
    addRecent(path);
    return true;
}

void PlannerWorkspace::openDialog()
{
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open scenario"), QFileInfo(m_file).path(), kFilter);
    if (path.isEmpty()) return;
    QString error;
    if (!openFile(path, &error)) QMessageBox::warning(&m_window, tr("Open scenario"), error);
}

bool PlannerWorkspace::save()
{
    if (m_file.isEmpty() || m_file == defaultScenarioPath()) return saveAs();
    QString error;
    if (saveFile(m_file, &error)) return true;
    QMessageBox::warning(&m_window, tr("Save scenario"), error);
    return false;
}

bool PlannerWorkspace::saveAs()
{
    QString path = m_askSavePath();
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"))) path += QStringLiteral(".scalescope.json");
    QString error;
    if (saveFile(path, &error)) return true;
    QMessageBox::warning(&m_window, tr("Save scenario"), error);
    return false;
}

void PlannerWorkspace::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("scenario/recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue(QStringLiteral("scenario/recent"), recent);
    rebuildRecentMenu();
}

void PlannerWorkspace::rebuildRecentMenu()
{
    if (!m_recentMenu) return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("scenario/recent")).toStringList();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openRecent(path); })->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void PlannerWorkspace::openRecent(const QString& path)
{
    if (!maybeSave()) return;
    QString error;
    if (!openFile(path, &error)) QMessageBox::warning(&m_window, tr("Open scenario"), error);
}

void PlannerWorkspace::writeAutosave()
{
    QSettings().setValue(QStringLiteral("scenario/autosaveFile"), m_file);
    QDir().mkpath(QFileInfo(autosavePath()).path());
    std::ofstream(autosavePath().toStdString()) << scenarioToJson(m_controller->scenario()).dump(2) << "\n";
}

void PlannerWorkspace::shutDownCleanly()
{
    m_autosave->stop();
    QFile::remove(autosavePath());
    QSettings().remove(QStringLiteral("scenario/autosaveFile"));
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

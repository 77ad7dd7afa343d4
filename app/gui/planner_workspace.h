#pragma once
// The planner as the main window uses it: the scenario controller, the
// controls dock, the planner view, and the file side of a scenario (new,
// open, save, recent files, autosave with restore after a crash or kill,
// pin as A for comparison, suggested layouts).

#include "views/planner/planner_result.h"

#include <QMessageBox>
#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QTimer;

namespace scalescope {

class PlannerView;
class PowerView;
class ShardingMapView;
class SweepView;
class ScenarioController;
class ScenarioControls;

class PlannerWorkspace final : public QObject {
    Q_OBJECT
public:
    PlannerWorkspace(const SpecCatalog& catalog, QMainWindow& window);
    ~PlannerWorkspace() override;

    [[nodiscard]] ScenarioController& controller() const noexcept { return *m_controller; }
    [[nodiscard]] PlannerView* view() const noexcept { return m_view; }
    [[nodiscard]] QDockWidget* controlsDock() const noexcept { return m_dock; }
    [[nodiscard]] ScenarioControls* controls() const noexcept { return m_controls; }
    [[nodiscard]] QString currentFile() const { return m_file; }

    // Adds New/Open/Open preset/Recent/Save/Save as to `file`, Undo/Redo to `edit`,
    // Pin/Suggest to `planner`.
    void installMenus(QMenu* file, QMenu* edit, QMenu* planner);
    // Views that follow the planned scenario: they draw the latest result
    // while on screen (one that arrives while hidden is drawn when shown),
    // and the power view's ΔT and coolant controls become undoable edits.
    [[nodiscard]] PowerView* createPowerView(QWidget* parent);
    [[nodiscard]] ShardingMapView* createShardingView(QWidget* parent);
    // The sweep chart of the planned scenario; a click on a point runs the
    // scenario at that point's layout (one undoable edit).
    [[nodiscard]] SweepView* createSweepView(QWidget* parent);
    // "Why this number": the operation table of the current result, in a
    // dock tabbed with the scenario controls; it follows results while shown.
    [[nodiscard]] QDockWidget* breakdownDock();
    void retranslate();

    // Opens the scenario of the command line, else restores an autosave
    // left by a crash, else the built-in default. Returns what it did.
    QString start(const QString& commandLineFile);
    bool openFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr);
    void shutDownCleanly(); // removes the autosave

    // Unsaved changes are never dropped silently: before New, Open, Open
    // recent and Quit the user is asked to save, discard or cancel. Returns
    // false when the action must not go on (cancelled, or the save failed).
    [[nodiscard]] bool maybeSave();
    [[nodiscard]] bool isModified() const;
    // How the question is asked; tests answer it without a dialog.
    using SaveQuestion = std::function<QMessageBox::StandardButton(const QString& scenarioName)>;
    void setSaveQuestion(SaveQuestion ask) { m_askToSave = std::move(ask); }
    // What a Save needs when the scenario has no file yet; tests answer it.
    using SavePathQuestion = std::function<QString()>;
    void setSavePathQuestion(SavePathQuestion ask) { m_askSavePath = std::move(ask); }
    // A new scenario from the default one, or from a preset (`templatePath`):
    // it has no file yet, so Save asks where to keep it and the shipped file
    // is never overwritten. False when cancelled or the template does not load.
    bool newScenario(const QString& templatePath = {}, QString* error = nullptr);
    // File → Open preset: the shipped scenarios by name, the description in the tooltip.
    [[nodiscard]] QMenu* presetMenu() const noexcept { return m_presetMenu; }
    void openRecent(const QString& path);

    [[nodiscard]] static QString autosavePath();
    [[nodiscard]] static QString defaultScenarioPath();

Q_SIGNALS:
    void titleChanged(const QString& title);
    void modifiedChanged(bool modified);
    void message(const QString& text);     // a passing note (status bar)
    void fileProblem(const QString& text); // a file that could not be read: shown until dismissed

private:
    // The file side's defaults: the save questions as dialogs, the autosave timer.
    void initScenarioFiles();
    void openDialog();
    void openPreset(const QString& path);
    bool save();
    bool saveAs();
    void suggestLayouts();
    void togglePin();
    void followMode(); // pin and suggestions are for training: disabled, with the reason, while serving
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void writeAutosave();

    const SpecCatalog& m_catalog;
    QMainWindow& m_window;
    ScenarioController* m_controller = nullptr;
    ScenarioControls* m_controls = nullptr;
    PlannerView* m_view = nullptr;
    QDockWidget* m_dock = nullptr;
    QDockWidget* m_breakdownDock = nullptr;
    QTimer* m_autosave = nullptr;
    QString m_file;
    SaveQuestion m_askToSave;
    SavePathQuestion m_askSavePath;
    PlannerResultPtr m_pinned;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_presetMenu = nullptr;
    QAction *m_new = nullptr, *m_open = nullptr, *m_save = nullptr, *m_saveAs = nullptr;
    int m_powerDragSerial = 0, m_powerDragId = 0;
    QAction *m_undo = nullptr, *m_redo = nullptr, *m_pin = nullptr, *m_suggest = nullptr;
};

} // namespace scalescope

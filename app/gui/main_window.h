#pragma once
// The desktop shell: navigator of views on the left, the current view in
// the middle, menus for files, views and language.

#include "app_settings.h"

#include "model/spec/spec_error.h"

#include <QMainWindow>

#include <vector>

class QActionGroup;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace scalescope {

class DrillDownHistory;
class Language;
class LessonPanel;
class MessageBar;
class PlannerWorkspace;
class PresentationMode;
class SceneTextActions;
class WelcomeStrip;
class SpecCatalog;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(const SpecCatalog& catalog, std::vector<SpecError> loadErrors, AppSettings settings, Language& language,
               QWidget* parent = nullptr);

    // Shows the view with this navigator key ("specs", "chip", ...).
    bool showView(const QString& key);
    [[nodiscard]] QString currentViewKey() const;
    [[nodiscard]] QWidget* view(const QString& key) const;
    void setScenarioName(const QString& name);
    void setTheme(const QString& key); // "system", "light" or "dark": View → Theme
    [[nodiscard]] const AppSettings& settings() const noexcept { return m_settings; }
    [[nodiscard]] PlannerWorkspace* planner() const noexcept { return m_planner; }
    // Problems with files, shown above the view until dismissed.
    [[nodiscard]] MessageBar* messageBar() const noexcept { return m_messages; }
    [[nodiscard]] DrillDownHistory* drillDown() const noexcept { return m_drillDown; }
    // The first start's welcome strip; null once dismissed (in this or an earlier run).
    [[nodiscard]] WelcomeStrip* welcomeStrip() const noexcept { return m_welcome; }
    // View → Presentation (F11) and the scene text size (Ctrl+= / Ctrl+- / Ctrl+0).
    [[nodiscard]] PresentationMode* presentation() const noexcept { return m_presentation; }
    [[nodiscard]] SceneTextActions* sceneTextActions() const noexcept { return m_sceneText; }
    // Help → Lessons…: the lesson strip under the view.
    [[nodiscard]] LessonPanel* lessonPanel() const noexcept { return m_lessonPanel; }
    void chooseLesson();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void exportView(); // File → Export view…: the current hardware view as SVG, PNG or PDF
    void retranslate();
    void setLanguage(const QString& code);

    const SpecCatalog& m_catalog;
    std::vector<SpecError> m_loadErrors;
    AppSettings m_settings;
    Language& m_language;
    QListWidget* m_navigator = nullptr;
    QStackedWidget* m_stack = nullptr;
    MessageBar* m_messages = nullptr;
    QLabel* m_scenarioLabel = nullptr;
    QLabel* m_specsLabel = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_plannerMenu = nullptr;
    PlannerWorkspace* m_planner = nullptr;
    WelcomeStrip* m_welcome = nullptr;
    DrillDownHistory* m_drillDown = nullptr;
    QDockWidget* m_navigatorDock = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_exportTraceAction = nullptr;
    QAction* m_exportReportAction = nullptr;
    QAction* m_aboutAction = nullptr;
    PresentationMode* m_presentation = nullptr;
    SceneTextActions* m_sceneText = nullptr;
    LessonPanel* m_lessonPanel = nullptr;
    QAction* m_lessonsAction = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QString m_scenarioName;
};

} // namespace scalescope

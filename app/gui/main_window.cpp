#include "model/lesson/lesson_reader.h" // first: see lesson_panel.h

#include "main_window.h"

#include "drill_down_history.h"
#include "hardware_focus.h"
#include "language.h"
#include "lesson_chooser.h"
#include "lesson_panel.h"
#include "message_bar.h"
#include "navigator.h"
#include "planner_export.h"
#include "planner_workspace.h"
#include "presentation_mode.h"
#include "report_action.h"
#include "scenario_controller.h"
#include "scene_text_actions.h"
#include "theme.h"
#include "trace_export.h"
#include "welcome_strip.h"

#include "model/spec/spec_catalog.h"
#include "model/spec/user_paths.h"
#include "views/charts/memory_page.h"
#include "views/charts/sweep_view.h"
#include "views/charts/throughput_latency_chart.h"
#include "views/export/view_export.h"
#include "views/hardware/chip_view.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/sm_view.h"
#include "views/hardware/superchip_view.h"
#include "views/hardware/topology_view.h"
#include "views/planner/planner_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/power/power_view.h"
#include "views/selection/gpu_selection.h"
#include "views/spec_browser_view.h"
#include "views/view_placeholder.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace scalescope {

namespace {
constexpr int kBreakdownDockHeight = 280; // px: the summary and about eight operation rows at 1080p
constexpr int kNavigatorPadding = 24; // px beside the longest navigator entry (its scroll bar and margins)

// The hardware view a page shows: the page itself, or the current tab of the memory page.
HardwareView* hardwareViewIn(QWidget* page)
{
    if (auto* memory = qobject_cast<MemoryPage*>(page)) return memory->currentView();
    return qobject_cast<HardwareView*>(page);
}
} // namespace

MainWindow::MainWindow(const SpecCatalog& catalog, std::vector<SpecError> loadErrors, AppSettings settings,
                       Language& language, QWidget* parent)
    : QMainWindow(parent), m_catalog(catalog), m_loadErrors(std::move(loadErrors)), m_settings(std::move(settings)),
      m_language(language), m_navigator(new QListWidget(this)), m_stack(new QStackedWidget(this)),
      m_messages(new MessageBar(this)), m_scenarioLabel(new QLabel(this)), m_specsLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    m_navigator->setObjectName(QStringLiteral("navigator"));
    m_navigator->setMinimumWidth(150);
    m_planner = new PlannerWorkspace(m_catalog, *this);
    for (const NavigatorEntry& e : navigatorEntries()) {
        auto* item = new QListWidgetItem(m_navigator);
        item->setData(Qt::UserRole, e.key);
        if (e.key == QLatin1String("specs"))
            m_stack->addWidget(new SpecBrowserView(m_catalog, m_stack));
        else if (e.key == QLatin1String("planner"))
            m_stack->addWidget(m_planner->view());
        else if (e.key == QLatin1String("chip"))
            m_stack->addWidget(new ChipView(m_catalog, m_stack));
        else if (e.key == QLatin1String("sm"))
            m_stack->addWidget(new SmView(m_catalog, m_stack));
        else if (e.key == QLatin1String("superchip"))
            m_stack->addWidget(new SuperchipView(m_catalog, m_stack));
        else if (e.key == QLatin1String("rack"))
            m_stack->addWidget(new RackView(m_catalog, m_stack));
        else if (e.key == QLatin1String("memory"))
            m_stack->addWidget(new MemoryPage(m_catalog, m_stack));
        else if (e.key == QLatin1String("topology"))
            m_stack->addWidget(new TopologyView(m_catalog, m_stack));
        else if (e.key == QLatin1String("power"))
            m_stack->addWidget(m_planner->createPowerView(m_stack));
        else if (e.key == QLatin1String("sharding"))
            m_stack->addWidget(m_planner->createShardingView(m_stack));
        else if (e.key == QLatin1String("sweep"))
            m_stack->addWidget(m_planner->createSweepView(m_stack));
        else
            m_stack->addWidget(new ViewPlaceholder(e.title, e.what, m_stack));
        m_stack->widget(m_stack->count() - 1)->setProperty("navigatorKey", e.key);
    }
    connect(m_navigator, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_navigator, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) m_settings.currentView = navigatorEntries()[static_cast<size_t>(row)].key;
        if (m_exportAction)
            m_exportAction->setEnabled(hardwareViewIn(m_stack->currentWidget()) != nullptr || m_stack->currentWidget() == m_planner->view());
    });

    m_navigatorDock = new QDockWidget(this);
    QDockWidget* dock = m_navigatorDock;
    dock->setObjectName(QStringLiteral("navigatorDock"));
    dock->setWidget(m_navigator);
    dock->setFeatures(QDockWidget::DockWidgetMovable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    addDockWidget(Qt::RightDockWidgetArea, m_planner->controlsDock());
    // Below the planner, as wide as the window: the operation table has eleven columns.
    addDockWidget(Qt::BottomDockWidgetArea, m_planner->breakdownDock());
    resizeDocks({m_planner->breakdownDock()}, {kBreakdownDockHeight}, Qt::Vertical);
    connect(m_planner, &PlannerWorkspace::titleChanged, this, &MainWindow::setScenarioName);
    connect(m_planner, &PlannerWorkspace::modifiedChanged, this, &MainWindow::setWindowModified);
    connect(m_planner, &PlannerWorkspace::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_planner, &PlannerWorkspace::fileProblem, m_messages, &MessageBar::addMessage);
    // One GPU selection shared by the rack, topology and sharding views.
    auto* gpuSelection = new GpuSelection(this);
    if (auto* v = qobject_cast<RackView*>(view(QStringLiteral("rack")))) v->setGpuSelection(gpuSelection);
    if (auto* v = qobject_cast<TopologyView*>(view(QStringLiteral("topology")))) v->setGpuSelection(gpuSelection);
    if (auto* v = qobject_cast<ShardingMapView*>(view(QStringLiteral("sharding")))) v->setGpuSelection(gpuSelection);
    // Drill-down rack → tray → superchip → GPU → SM on the same selection, and the scenario's hardware in focus.
    if (auto* v = qobject_cast<SuperchipView*>(view(QStringLiteral("superchip")))) v->setGpuSelection(gpuSelection);
    if (auto* v = qobject_cast<ChipView*>(view(QStringLiteral("chip")))) v->setGpuSelection(gpuSelection);
    if (auto* v = qobject_cast<SmView*>(view(QStringLiteral("sm")))) v->setGpuSelection(gpuSelection);
    m_drillDown = new DrillDownHistory(*this, *m_stack, *gpuSelection, m_catalog);
    new ScenarioHardwareFocus(*this, m_planner->controller(), this);
    connect(gpuSelection, &GpuSelection::changed, this,
            [this](const GpuRef& ref) { statusBar()->showMessage(GpuSelection::describe(ref, m_catalog), 8000); });
    // The scenario's name may be long: the label gives way (its tooltip has it whole)
    // instead of making the status bar, and so the window, wider.
    m_scenarioLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(m_scenarioLabel, 1);
    statusBar()->addPermanentWidget(m_specsLabel);

    buildMenus();
    // The welcome strip above the views until it is dismissed once.
    auto* centre = new QWidget(this);
    auto* column = new QVBoxLayout(centre);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_messages);
    if (!m_settings.welcomeDismissed) {
        m_welcome = new WelcomeStrip(m_planner->presetMenu(), centre);
        column->addWidget(m_welcome);
        connect(m_welcome, &WelcomeStrip::dismissed, this, [this] {
            m_settings.welcomeDismissed = true;
            m_welcome->deleteLater();
            m_welcome = nullptr;
        });
    }
    column->addWidget(m_drillDown->bar());
    column->addWidget(m_stack, 1);
    m_lessonPanel = new LessonPanel(m_catalog, *this, *m_planner, m_language, centre);
    column->addWidget(m_lessonPanel);
    connect(m_lessonPanel, &LessonPanel::problem, m_messages, &MessageBar::addMessage);
    connect(m_presentation, &PresentationMode::activeChanged, m_lessonPanel, &LessonPanel::setPresenting);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool on) {
        if (m_welcome) m_welcome->setVisible(!on); // not on the projector
    });
    setCentralWidget(centre);
    retranslate();
    if (!m_loadErrors.empty()) {
        QString skipped = tr("%n spec file(s) skipped:", nullptr, static_cast<int>(m_loadErrors.size()));
        for (const SpecError& e : m_loadErrors)
            skipped += QLatin1Char('\n') + QString::fromStdString(e.text());
        m_messages->addMessage(skipped);
    }
    // The navigator as wide as its longest entry (not QListWidget's default
    // 256 px): the room goes to the view.
    const int navigatorWidth = m_navigator->sizeHintForColumn(0) + 2 * m_navigator->frameWidth() + kNavigatorPadding;
    resizeDocks({dock}, {std::max(m_navigator->minimumWidth(), navigatorWidth)}, Qt::Horizontal);
    if (!showView(m_settings.currentView)) showView(QStringLiteral("planner"));
    m_drillDown->clear(); // Back starts from the first view shown
    if (!m_settings.geometry.isEmpty()) restoreGeometry(m_settings.geometry);
    else resize(1400, 860);
    if (!m_settings.windowState.isEmpty()) restoreState(m_settings.windowState, AppSettings::kWindowStateVersion);
}

void MainWindow::buildMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_exportAction = m_fileMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportView);
    m_exportAction->setObjectName(QStringLiteral("exportView"));
    m_exportTraceAction = m_fileMenu->addAction(QString(), this, [this] {
        const QString file = exportPlannerTrace(this, m_planner->controller().result());
        if (!file.isEmpty()) statusBar()->showMessage(tr("Exported %1").arg(file), 5000);
    });
    m_exportTraceAction->setObjectName(QStringLiteral("exportTrace"));
    m_exportReportAction = m_fileMenu->addAction(QString(), this, [this] {
        const QString file = exportScenarioReport(this, m_catalog, m_planner->controller().result());
        if (!file.isEmpty()) statusBar()->showMessage(tr("Exported %1").arg(file), 5000);
    });
    m_exportReportAction->setObjectName(QStringLiteral("exportReport"));
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);
    m_editMenu = menuBar()->addMenu(QString());
    m_plannerMenu = menuBar()->addMenu(QString());
    m_planner->installMenus(m_fileMenu, m_editMenu, m_plannerMenu);
    m_viewMenu = menuBar()->addMenu(QString());
    for (const NavigatorEntry& e : navigatorEntries()) {
        QAction* a = m_viewMenu->addAction(QString());
        a->setData(e.key);
        connect(a, &QAction::triggered, this, [this, key = e.key] { showView(key); });
    }
    m_viewMenu->addSeparator();
    m_viewMenu->addActions({m_drillDown->backAction(), m_drillDown->forwardAction()});
    m_viewMenu->addSeparator();
    // Every dock can be brought back from here once closed.
    for (QDockWidget* d : {m_navigatorDock, m_planner->controlsDock(), m_planner->breakdownDock()})
        m_viewMenu->addAction(d->toggleViewAction());
    m_viewMenu->addSeparator();
    m_presentation = new PresentationMode(*this, {m_navigatorDock, m_planner->controlsDock(), m_planner->breakdownDock()});
    m_viewMenu->addAction(m_presentation->action());
    m_sceneText = new SceneTextActions(*this, m_settings);
    m_sceneText->addTo(*m_viewMenu);
    m_viewMenu->addSeparator();
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeGroup = new QActionGroup(this);
    const Theme current = themeFromKey(m_settings.theme).value_or(Theme::System);
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark}) {
        QAction* a = m_themeMenu->addAction(QString());
        a->setCheckable(true);
        a->setData(themeKey(t));
        a->setChecked(t == current);
        m_themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, key = themeKey(t)] { setTheme(key); });
    }
    m_languageMenu = menuBar()->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    // Language names stay in their own language, so anyone can find theirs.
    for (const auto& [code, name] : {std::pair{QStringLiteral("en"), QStringLiteral("English")},
                                     std::pair{QStringLiteral("zh_CN"), QStringLiteral("简体中文")}}) {
        QAction* a = m_languageMenu->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(m_language.current() == code);
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, c = code] { setLanguage(c); });
    }
    m_helpMenu = menuBar()->addMenu(QString());
    m_lessonsAction = m_helpMenu->addAction(QString(), this, &MainWindow::chooseLesson);
    m_lessonsAction->setObjectName(QStringLiteral("lessons"));
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About ScaleScope"),
                           tr("<h3>ScaleScope %1</h3><p>See an AI system from one GPU's SMs up to racks of NVL72s, "
                              "and feel its performance.</p><p>User specs: %2</p>")
                               .arg(QString::fromUtf8(versionString()), QString::fromStdString(userSpecDir().string())));
    });
}

void MainWindow::chooseLesson()
{
    SpecErrors errors;
    const auto dir = builtinLessonDir();
    const std::vector<Lesson> lessons = dir ? loadLessons(*dir, errors) : std::vector<Lesson>{};
    for (const SpecError& e : errors) m_messages->addMessage(QString::fromStdString(e.text()));
    if (const auto chosen = scalescope::chooseLesson(this, lessons, m_language.current()))
        m_lessonPanel->open(lessons[*chosen]);
}

void MainWindow::exportView()
{
    QWidget* page = m_stack->currentWidget();
    if (page == m_planner->view()) {
        const PlannerResultPtr result = m_planner->controller().result();
        const auto* chart = result && result->serving() ? m_planner->view()->findChild<ThroughputLatencyChart*>() : nullptr;
        const QString file =
            exportFromPlanner(this, result, chart && chart->isVisible() ? chart : nullptr, m_planner->view()->pinned());
        if (!file.isEmpty()) statusBar()->showMessage(tr("Exported %1").arg(file), 5000);
        return;
    }
    auto* view = hardwareViewIn(page);
    if (!view) return;
    const auto target = askExportFile(this, view->viewKey());
    if (!target) return;
    QString error;
    if (scalescope::exportView(*view, target->first, target->second, kDefaultExportSize, &error))
        return statusBar()->showMessage(tr("Exported %1").arg(target->first), 5000);
    QMessageBox::warning(this, tr("Export view"), error);
}

void MainWindow::setLanguage(const QString& code)
{
    if (!m_language.apply(code)) {
        QMessageBox::warning(this, tr("Language"), tr("The translation for %1 could not be loaded.").arg(code));
        return;
    }
    m_settings.language = code;
    for (QAction* a : m_languageGroup->actions()) a->setChecked(a->data().toString() == code);
}

void MainWindow::setTheme(const QString& key)
{
    const auto theme = themeFromKey(key);
    if (!theme) return;
    applyTheme(*theme);
    m_settings.theme = key;
    for (QAction* a : m_themeGroup->actions()) a->setChecked(a->data().toString() == key);
}

bool MainWindow::showView(const QString& key)
{
    const auto& entries = navigatorEntries();
    for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].key == key) {
            m_navigator->setCurrentRow(static_cast<int>(i));
            return true;
        }
    }
    return false;
}

QString MainWindow::currentViewKey() const
{
    const int row = m_navigator->currentRow();
    return row >= 0 ? navigatorEntries()[static_cast<size_t>(row)].key : QString();
}

QWidget* MainWindow::view(const QString& key) const
{
    for (int i = 0; i < m_stack->count(); ++i)
        if (m_stack->widget(i)->property("navigatorKey").toString() == key) return m_stack->widget(i);
    return nullptr;
}

void MainWindow::setScenarioName(const QString& name)
{
    m_scenarioName = name;
    retranslate();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // A message in the former language would stand over the status bar's
        // labels (QStatusBar shows them again on a language change): cleared.
        statusBar()->clearMessage();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    // [*] shows the modified marker while the scenario has unsaved changes.
    setWindowTitle(m_scenarioName.isEmpty() ? tr("ScaleScope") : tr("%1[*] — ScaleScope").arg(m_scenarioName));
    m_fileMenu->setTitle(tr("&File"));
    m_quitAction->setText(tr("&Quit"));
    m_exportAction->setText(tr("&Export view…"));
    m_exportTraceAction->setText(tr("Export &trace…"));
    m_exportReportAction->setText(tr("Export &report…"));
    m_viewMenu->setTitle(tr("&View"));
    const auto& entries = navigatorEntries();
    for (size_t i = 0; i < entries.size(); ++i) {
        const QString title = QCoreApplication::translate("Navigator", entries[i].title);
        const QString what = QCoreApplication::translate("Navigator", entries[i].what);
        QListWidgetItem* item = m_navigator->item(static_cast<int>(i));
        item->setText(entries[i].built ? title : tr("%1 (not built yet)").arg(title));
        item->setToolTip(what);
        // A menu reads '&' as a mnemonic marker: "Power & cooling" would show "Power _cooling".
        m_viewMenu->actions().at(static_cast<int>(i))->setText(QString(title).replace(QLatin1Char('&'), QStringLiteral("&&")));
    }
    m_languageMenu->setTitle(tr("&Language"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_presentation->retranslate();
    m_sceneText->retranslate();
    const QList<QAction*> themes = m_themeGroup->actions();
    themes.at(0)->setText(tr("Follow the &system"));
    themes.at(1)->setText(tr("&Light"));
    themes.at(2)->setText(tr("&Dark"));
    m_helpMenu->setTitle(tr("&Help"));
    m_editMenu->setTitle(tr("&Edit"));
    m_plannerMenu->setTitle(tr("&Planner"));
    m_planner->retranslate();
    m_aboutAction->setText(tr("&About ScaleScope"));
    m_lessonsAction->setText(tr("&Lessons…"));
    m_navigator->parentWidget()->setWindowTitle(tr("Views"));
    m_scenarioLabel->setText(m_scenarioName.isEmpty() ? tr("No scenario open") : tr("Scenario: %1").arg(m_scenarioName));
    m_scenarioLabel->setToolTip(m_scenarioLabel->text());
    m_specsLabel->setText(tr("%n spec(s) loaded", nullptr, static_cast<int>(m_catalog.documents().size())) +
                          (m_loadErrors.empty() ? QString() : tr(" · %n file(s) skipped", nullptr, static_cast<int>(m_loadErrors.size()))));
    QString tip;
    for (const SpecError& e : m_loadErrors) tip += QString::fromStdString(e.text()) + QLatin1Char('\n');
    m_specsLabel->setToolTip(tip.trimmed());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_planner->maybeSave()) {
        event->ignore();
        return;
    }
    m_presentation->setActive(false); // the window and docks as the user arranged them
    m_settings.geometry = saveGeometry();
    m_settings.windowState = saveState(AppSettings::kWindowStateVersion);
    m_settings.language = m_language.current();
    m_planner->shutDownCleanly();
    QMainWindow::closeEvent(event);
}

} // namespace scalescope

// A newcomer's first start: the planner on the default scenario with a
// welcome strip (dismissed once, gone for good), File → Open preset listing
// every shipped scenario, and a View menu that brings back every dock.

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/welcome_strip.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QToolButton>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

QMenu* menuTitled(const QMainWindow& window, const QString& title)
{
    for (QAction* a : window.menuBar()->actions())
        if (a->text() == title) return a->menu();
    return nullptr;
}

// name → description of every scenario in specs/scenarios/, read straight from the files.
std::map<QString, QString> shippedScenarioNames()
{
    std::map<QString, QString> names;
    const QDir dir(QStringLiteral(SCALESCOPE_SCENARIO_DIR));
    for (const QString& file : dir.entryList({QStringLiteral("*.scalescope.json")}, QDir::Files)) {
        QFile f(dir.filePath(file));
        REQUIRE(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        names[o.value(QStringLiteral("name")).toString()] = o.value(QStringLiteral("description")).toString();
    }
    return names;
}

} // namespace

TEST_CASE("First start: a clean profile opens the planner on the default scenario with a welcome strip",
          "[gui][first-start]")
{
    const QTemporaryDir profile;
    REQUIRE(profile.isValid());
    QSettings store(profile.filePath(QStringLiteral("clean.ini")), QSettings::IniFormat);
    Language language;
    AppSettings saved;
    {
        MainWindow window(testing::builtinCatalog(), {}, AppSettings::load(store), language);
        window.resize(1500, 900);
        testing::startPlanner(window);
        testing::settle();
        CHECK(window.currentViewKey() == QStringLiteral("planner"));
        CHECK(window.planner()->controller().scenario().name == testing::presetScenario("default").name);
        WelcomeStrip* strip = window.welcomeStrip();
        REQUIRE(strip);
        CHECK(strip->isVisible());
        // What to try first, in the UI's own words.
        CHECK(strip->text().contains(QStringLiteral("<b>TP</b>")));
        CHECK(strip->text().contains(QStringLiteral("File → Open preset")));
        CHECK(strip->text().contains(QStringLiteral("Why this number")));
        auto* presets = strip->findChild<QPushButton*>(QStringLiteral("welcomePresets"));
        REQUIRE(presets);
        CHECK(presets->menu() == window.planner()->presetMenu());
        testing::renderToFile(window, QStringLiteral("first-start-en"));

        auto* dismiss = strip->findChild<QToolButton*>(QStringLiteral("welcomeDismiss"));
        REQUIRE(dismiss);
        dismiss->click();
        QCoreApplication::processEvents();
        CHECK(window.welcomeStrip() == nullptr);
        CHECK(window.settings().welcomeDismissed);
        window.settings().save(store);
    }
    // Remembered: the next start has no strip.
    MainWindow again(testing::builtinCatalog(), {}, AppSettings::load(store), language);
    CHECK(again.welcomeStrip() == nullptr);
}

TEST_CASE("File → Open preset lists every shipped scenario by name, with its description, and opens it untitled",
          "[gui][first-start]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.planner()->start({});
    window.show();
    QMenu* file = menuTitled(window, QStringLiteral("&File"));
    REQUIRE(file);
    QMenu* presets = window.planner()->presetMenu();
    REQUIRE(presets);
    CHECK(file->actions().contains(presets->menuAction()));
    CHECK(presets->title() == QStringLiteral("Open &preset"));

    const auto shipped = shippedScenarioNames();
    REQUIRE(shipped.size() >= 5);
    std::map<QString, QString> listed;
    for (QAction* a : presets->actions())
        listed[a->text()] = a->toolTip();
    CHECK(listed == shipped);
    CHECK(presets->actions().first()->text() == QString::fromStdString(testing::presetScenario("default").name));

    // Opening one: the scenario is the preset's, with no file (Save asks where; the shipped file stays).
    QAction* large = nullptr;
    for (QAction* a : presets->actions())
        if (a->data().toString().endsWith(QStringLiteral("llama3-405b-16k-h100.scalescope.json"))) large = a;
    REQUIRE(large);
    large->trigger();
    CHECK(window.planner()->controller().scenario().name == testing::presetScenario("llama3-405b-16k-h100").name);
    CHECK(window.planner()->currentFile().isEmpty());
    CHECK_FALSE(window.planner()->isModified());

    // Unsaved work is not lost: with changes, the preset asks first; Cancel keeps them.
    Scenario edited = window.planner()->controller().scenario();
    edited.name = "my layout";
    window.planner()->controller().edit(edited, QStringLiteral("rename"));
    int asked = 0;
    window.planner()->setSaveQuestion([&](const QString&) {
        ++asked;
        return QMessageBox::Cancel;
    });
    presets->actions().first()->trigger();
    CHECK(asked == 1);
    CHECK(window.planner()->controller().scenario().name == "my layout");
    CHECK(window.planner()->isModified());
}

TEST_CASE("The View menu brings back every dock", "[gui][first-start]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.show();
    QMenu* viewMenu = menuTitled(window, QStringLiteral("&View"));
    REQUIRE(viewMenu);
    const auto docks = window.findChildren<QDockWidget*>();
    REQUIRE(docks.size() >= 3); // views, scenario, why this number
    for (QDockWidget* dock : docks) {
        INFO(dock->objectName().toStdString());
        CHECK(viewMenu->actions().contains(dock->toggleViewAction()));
        if (!dock->features().testFlag(QDockWidget::DockWidgetClosable)) continue; // the navigator: never closed
        dock->close();
        CHECK_FALSE(dock->isVisible());
        dock->toggleViewAction()->trigger();
        CHECK(dock->isVisible());
    }
}

// View → Theme: light and dark palettes reach the widgets and the hardware
// scenes, the choice survives a restart, and "system" restores the
// platform's look. Renders of the planner and rack view in dark are saved
// for a person to look at.

#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/theme.h"
#include "views/hardware/hardware_scene.h"
#include "views/hardware/hardware_view.h"

#include <QApplication>
#include <QMessageBox>
#include <QCoreApplication>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {
bool isDark(const QColor& c) { return c.lightness() < 128; }
} // namespace

TEST_CASE("Theme keys round-trip and unknown keys are refused", "[gui][theme]")
{
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark}) CHECK(themeFromKey(themeKey(t)) == t);
    CHECK_FALSE(themeFromKey(QStringLiteral("sepia")));
    CHECK_FALSE(themeFromKey(QString()));
}

TEST_CASE("Dark theme turns widgets and hardware scenes dark, and system restores the platform look", "[gui][theme]")
{
    const QColor platformWindow = QApplication::palette().color(QPalette::Window);
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    AppSettings saved;
    {
        MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
        window.resize(1400, 860);
        window.show();
        window.showView(QStringLiteral("rack"));
        auto* rack = qobject_cast<HardwareView*>(window.view(QStringLiteral("rack")));
        REQUIRE(rack);
        REQUIRE(rack->scene());

        window.setTheme(QStringLiteral("dark"));
        QCoreApplication::processEvents();
        CHECK(isDark(QApplication::palette().color(QPalette::Window)));
        CHECK(isDark(rack->palette().color(QPalette::Window)));
        CHECK(rack->scene()->hardwarePalette().background == HardwarePalette::dark().background);
        CHECK(isDark(rack->scene()->backgroundBrush().color()));
        testing::renderToFile(window, QStringLiteral("theme-dark-rack"));
        window.planner()->start(QString()); // the default scenario (test runs have an empty data dir)
        window.planner()->controller().evaluateNow();
        window.showView(QStringLiteral("planner"));
        QCoreApplication::processEvents();
        testing::renderToFile(window, QStringLiteral("theme-dark-planner"));
        REQUIRE(language.apply(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents(); // the layout requests the new texts posted
        CHECK(testing::distinctColours(testing::renderToFile(window, QStringLiteral("theme-dark-planner-zh_CN"))) > 8);
        REQUIRE(language.apply(QStringLiteral("en")));
        QCoreApplication::processEvents();
        window.showView(QStringLiteral("topology"));
        testing::renderToFile(window, QStringLiteral("theme-dark-topology"));

        window.setTheme(QStringLiteral("light"));
        QCoreApplication::processEvents();
        CHECK_FALSE(isDark(rack->palette().color(QPalette::Window)));
        CHECK(rack->scene()->hardwarePalette().background == HardwarePalette::light().background);

        window.setTheme(QStringLiteral("dark"));
        // start() may have restored another test's autosave (modified): answer
        // the "Save changes?" question instead of a dialog nobody can click.
        window.planner()->setSaveQuestion([](const QString&) { return QMessageBox::Discard; });
        window.close();
        saved = window.settings();
    }
    CHECK(saved.theme == QStringLiteral("dark"));
    MainWindow again(testing::builtinCatalog(), {}, saved, language);
    CHECK(again.settings().theme == QStringLiteral("dark"));

    again.setTheme(QStringLiteral("system"));
    QCoreApplication::processEvents();
    CHECK(QApplication::palette().color(QPalette::Window) == platformWindow);
    again.setTheme(QStringLiteral("sepia")); // ignored
    CHECK(again.settings().theme == QStringLiteral("system"));
}

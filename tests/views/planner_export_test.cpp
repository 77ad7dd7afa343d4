// File → Export view… on the planner (issue 31): enabled there, and what it
// writes (the timeline or the per-operation table of the current result) is
// what `export --view timeline|breakdown` writes, on the locale's paper.

#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_export.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "views/planner/planner_view.h"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QTimer>
#include <QFile>
#include <QImage>
#include <QListWidget>
#include <QStackedWidget>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("File → Export view… is enabled on the planner and writes its page, timeline and breakdown", "[planner][export][gui]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    auto* action = window.findChild<QAction*>(QStringLiteral("exportView"));
    REQUIRE(action);
    auto* navigator = window.findChild<QListWidget*>();
    REQUIRE(navigator);
    navigator->setCurrentRow(1); // away from the planner and back
    navigator->setCurrentRow(0);
    REQUIRE(window.findChild<QStackedWidget*>()->currentWidget() == window.planner()->view());
    CHECK(action->isEnabled());

    window.planner()->controller().load(testing::presetScenario("default"));
    window.planner()->controller().evaluateNow();
    const PlannerResultPtr result = window.planner()->controller().result();
    REQUIRE(result);
    REQUIRE(result->ok());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    const QString svg = dir.filePath(QStringLiteral("timeline.svg"));
    REQUIRE(writePlannerExport(result, PlannerExport::Timeline, svg, ExportFormat::Svg, &error));
    QFile f(svg);
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK(f.readAll().contains(">stage 0</text>"));
    const QString page = dir.filePath(QStringLiteral("planner.pdf"));
    REQUIRE(writePlannerExport(result, PlannerExport::Page, page, ExportFormat::Pdf, &error));
    // With A pinned, the planner page is the A/B comparison the planner shows.
    const QString compared = dir.filePath(QStringLiteral("compared.svg"));
    REQUIRE(writePlannerExport(result, PlannerExport::Page, compared, ExportFormat::Svg, &error, result));
    QFile c(compared);
    REQUIRE(c.open(QIODevice::ReadOnly));
    const QByteArray comparedSvg = c.readAll();
    CHECK(comparedSvg.contains("A (pinned)"));
    CHECK(comparedSvg.contains("(A: "));
    const QString png = dir.filePath(QStringLiteral("breakdown.png"));
    REQUIRE(writePlannerExport(result, PlannerExport::Breakdown, png, ExportFormat::Png, &error));
    const QSizeF paper = plannerExportPage().size; // A4 or Letter, portrait; the table turns it landscape
    CHECK(QImage(png).width() == qRound(paper.height() * kPlannerExportDpi / 72));

    // The dialog offers the three planner exports; cancelling it writes nothing.
    QStringList offered;
    QTimer::singleShot(0, [&] {
        if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            offered = dialog->comboBoxItems();
            dialog->reject();
        }
    });
    CHECK(exportFromPlanner(&window, result).isEmpty());
    CHECK(offered == QStringList{QStringLiteral("Planner (figures, memory, timeline, verdicts)"), QStringLiteral("Timeline"),
                                 QStringLiteral("Why this number (per-operation table)")});
}

TEST_CASE("Exporting from the planner without an evaluated scenario says why", "[planner][export][gui]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    CHECK_FALSE(writePlannerExport(nullptr, PlannerExport::Timeline, dir.filePath(QStringLiteral("x.svg")), ExportFormat::Svg, &error));
    CHECK(error.startsWith(QStringLiteral("Nothing to export: the scenario does not evaluate")));
}

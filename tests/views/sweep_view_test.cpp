// The sweep chart: four panels whose points are the model's sweep, the
// NVLink boundary and the memory limit drawn and named, points that do not
// fit hollow, a click on a point offering its layout, the view in the main
// window following the scenario, the export, and the chart in Chinese and
// the dark theme.

#include "planner_drive.h"
#include "scene_checks.h"
#include "test_support.h"

#include "app/cli/export_command.h"
#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/theme.h"
#include "model/training/evaluation_context.h"
#include "views/charts/sweep_view.h"
#include "views/export/view_export.h"
#include "views/hardware/zoomable_view.h"

#include <QAction>
#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <QtCharts/QChart>
#include <QtCharts/QScatterSeries>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;

namespace {

std::shared_ptr<const PlannerResult> resultFor(const std::string& preset)
{
    auto r = std::make_shared<PlannerResult>();
    r->scenario = testing::presetScenario(preset);
    SpecErrors errors;
    auto ctx = makeEvaluationContext(r->scenario, testing::builtinCatalog(), errors);
    if (!ctx) throw std::runtime_error("the preset does not resolve");
    r->context = std::make_shared<const EvaluationContext>(*ctx);
    r->evaluation = evaluate(*ctx);
    return r;
}

int seriesPoints(const QChart& chart, const char* name)
{
    int n = 0;
    for (QAbstractSeries* s : chart.series())
        if (s->objectName() == QLatin1String(name)) n += static_cast<QXYSeries*>(s)->count();
    return n;
}

} // namespace

TEST_CASE("Sweep chart: tp of LLaMA-3 70B on 4,096 H100, the NVLink boundary, the memory limit, hollow points",
          "[gui][sweep]")
{
    SweepView view(testing::builtinCatalog());
    view.resize(1920, 1080);
    view.setAxis(QStringLiteral("tp"));
    view.setResult(resultFor("llama3-70b-4096-h100"));
    const AxisSweep& sweep = view.data().sweep;
    REQUIRE(sweep.ok);
    auto* scene = dynamic_cast<SweepScene*>(view.scene());
    REQUIRE(scene);
    REQUIRE(scene->panels().size() == 4);
    int fitting = 0;
    for (const SweepPoint& p : sweep.points) fitting += p.fits ? 1 : 0;
    for (QChart* chart : scene->panels()) {
        CHECK(seriesPoints(*chart, "fits") == fitting);
        CHECK(seriesPoints(*chart, "does-not-fit") == static_cast<int>(sweep.points.size()) - fitting);
        CHECK(seriesPoints(*chart, "scenario-value") == 1);
        CHECK(seriesPoints(*chart, "nvlink-boundary") == 2);
    }
    CHECK(seriesPoints(*scene->panels()[2], "memory-limit") == static_cast<int>(sweep.points.size()) + 2);
    CHECK(scene->itemsOfKind(QStringLiteral("nvlink-boundary")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("memory-limit")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("excluded")).size() == 1); // tp 1: one micro-batch per pipeline
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("sweep-tp-llama3-70b-4096"))) > 6);

    // Hovering a point names its figures and the layout it ran.
    const QString tip = view.pointTip(0);
    CHECK(tip.contains(QStringLiteral("TP 8 · PP 8 · CP 1 · DP 64")));
    CHECK(tip.contains(QStringLiteral("MFU")));
    // A click on the tp 16 point of the step-time panel offers that point.
    view.show();
    QCoreApplication::processEvents();
    const auto pts = scene->pointsInScene();
    std::size_t at16 = 0;
    while (sweep.points[at16].value != 16) ++at16;
    QSignalSpy spy(&view, &SweepView::pointChosen);
    const QPoint click = view.graphicsView()->mapFromScene(pts[0][at16]);
    QTest::mouseClick(view.graphicsView()->viewport(), Qt::LeftButton, {}, click);
    REQUIRE(spy.size() == 1);
    CHECK(spy.front().at(0).toInt() == static_cast<int>(at16));
}

TEST_CASE("Sweep view in the main window: key \"sweep\", follows the scenario, a click is one undoable edit",
          "[gui][sweep]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1600, 1000);
    testing::startPlanner(window);
    REQUIRE(window.showView(QStringLiteral("sweep")));
    testing::settle();
    auto* view = qobject_cast<SweepView*>(window.view(QStringLiteral("sweep")));
    REQUIRE(view);
    REQUIRE(view->setAxis(QStringLiteral("pp")));
    CHECK(view->axis() == QStringLiteral("pp"));
    CHECK_FALSE(view->setAxis(QStringLiteral("dp")));
    REQUIRE(view->data().sweep.ok);
    CHECK(view->data().sweep.current == window.planner()->controller().scenario().parallel.pp);
    auto* exportAction = window.findChild<QAction*>(QStringLiteral("exportView"));
    REQUIRE(exportAction);
    CHECK(exportAction->isEnabled());

    // A point chosen: the scenario runs at its layout, and one undo brings the old one back.
    const Scenario before = window.planner()->controller().scenario();
    std::size_t other = 0;
    while (view->data().sweep.points[other].value == before.parallel.pp) ++other;
    const ParallelLayout chosen = view->data().sweep.points[other].layout;
    Q_EMIT view->pointChosen(static_cast<int>(other));
    window.planner()->controller().evaluateNow();
    testing::settle();
    CHECK(window.planner()->controller().scenario().parallel == chosen);
    // The view follows: its sweep is of the new scenario.
    CHECK(view->data().sweep.current == chosen.pp);
    window.planner()->controller().undoStack()->undo();
    window.planner()->controller().evaluateNow();
    testing::settle();
    CHECK(window.planner()->controller().scenario().parallel == before.parallel);
}

TEST_CASE("export --view sweep --axis tp writes the chart, and File → Export view takes the sweep view", "[gui][sweep]")
{
    const QString svg = QStringLiteral(SCALESCOPE_RENDER_DIR "/sweep-export.svg");
    std::ostringstream out, err;
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/default.scalescope.json", "--view", "sweep", "--axis", "tp", "-o",
                          svg.toStdString()},
                         out, err) == 0);
    INFO(err.str());
    CHECK(testing::svgTitle(svg).contains(QStringLiteral("TP sweep")));
    const QString png = QStringLiteral(SCALESCOPE_RENDER_DIR "/sweep-export-gpus.png");
    std::ostringstream out2, err2;
    CHECK(cli::runExport({"--view", "sweep", "--axis", "gpus", "-o", png.toStdString()}, out2, err2) == 0);
    INFO(err2.str());
    CHECK(testing::distinctColours(QImage(png)) > 6);
    // File → Export view writes the view's scene through the same path (after its file dialog).
    SweepView view(testing::builtinCatalog());
    view.setAxis(QStringLiteral("cp"));
    view.setResult(resultFor("default"));
    const QString viewSvg = QStringLiteral(SCALESCOPE_RENDER_DIR "/sweep-view-export.svg");
    QString error;
    CHECK(exportView(view, viewSvg, ExportFormat::Svg, kDefaultExportSize, &error));
    INFO(error.toStdString());
    CHECK(testing::svgTitle(viewSvg).contains(QStringLiteral("CP sweep")));
    std::ostringstream out3, err3;
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/llama3-70b-inference-8xh100.scalescope.json", "--view", "sweep",
                          "--axis", "tp", "-o", svg.toStdString()},
                         out3, err3) == 1);
    CHECK(err3.str().find("/mode") != std::string::npos);
}

TEST_CASE("Sweep chart in Simplified Chinese and the dark theme: translated, drawn dark, labels apart",
          "[gui][sweep][i18n][theme]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    applyTheme(Theme::Dark);
    for (const char* preset : {"default", "llama3-70b-4096-h100"}) {
        INFO(preset);
        SweepView view(testing::builtinCatalog());
        view.resize(1920, 1080);
        view.setAxis(QStringLiteral("tp"));
        view.setResult(resultFor(preset));
        QCoreApplication::processEvents();
        REQUIRE(view.scene());
        CHECK(view.scene()->title().contains(QStringLiteral("扫描")));
        CHECK(view.scene()->hardwarePalette().background == HardwarePalette::dark().background);
        INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
        const QString name = QStringLiteral("sweep-tp-%1-dark-zh_CN").arg(QString::fromLatin1(preset));
        CHECK(testing::distinctColours(testing::renderToFile(view, name)) > 6);
    }
    applyTheme(Theme::System);
    REQUIRE(language.apply(QStringLiteral("en")));
}


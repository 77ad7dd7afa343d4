// The power and cooling view: the budget of a GB200 NVL72 rack, its feeds,
// the coolant flow following the ΔT slider through undoable scenario
// edits, and export through the common path, in English and Chinese.

#include "scene_checks.h"
#include "test_support.h"

#include "app/cli/export_command.h"
#include "app/gui/language.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "views/export/view_export.h"
#include "views/power/power_scene.h"
#include "views/power/power_view.h"

#include <QComboBox>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QMainWindow>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QXmlStreamReader>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;

namespace {

Scenario nvl72Scenario()
{
    SpecErrors errors;
    auto s = loadScenarioFile(builtinSpecRoots().front() / "scenarios" / "gb200-nvl72-llama3-405b.scalescope.json", errors);
    REQUIRE(s);
    return *s;
}

void waitForResult(ScenarioController& c)
{
    QSignalSpy spy(&c, &ScenarioController::resultReady);
    REQUIRE(spy.wait(10000));
}

bool svgParses(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return false;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd()) xml.readNext();
    return !xml.hasError();
}

} // namespace

TEST_CASE("Power view: a GB200 NVL72 rack's budget, 2N feeds, flow and energy", "[gui][power]")
{
    PowerView view;
    view.resize(1500, 1000);
    view.setResult(evaluateScenario(testing::builtinCatalog(), nvl72Scenario(), nullptr, 1));
    const auto* scene = dynamic_cast<const PowerScene*>(view.scene());
    REQUIRE(scene);
    REQUIRE(scene->report());
    CHECK(scene->itemsOfKind(QStringLiteral("rack-power")).size() >= 2);
    CHECK(scene->itemsOfKind(QStringLiteral("node-power")).size() >= 2);
    CHECK(scene->itemsOfKind(QStringLiteral("facility-power")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("feed")).size() == std::min(4, scene->report()->rackFeeds.feeds));
    CHECK(scene->itemsOfKind(QStringLiteral("coolant-flow")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("energy-value")).size() >= 8);
    // One energy unit for the panel (the run's 18.7 GWh makes it MWh), costs in the scenario's currency.
    QStringList energyUnits;
    int costs = 0;
    for (const QGraphicsItem* item : scene->itemsOfKind(QStringLiteral("energy-value"))) {
        const QString text = static_cast<const QGraphicsSimpleTextItem*>(item)->text();
        if (text.endsWith(QStringLiteral("Wh"))) energyUnits << text.section(QLatin1Char(' '), -1);
        if (text.contains(QStringLiteral(" USD"))) ++costs;
    }
    CHECK(energyUnits == QStringList{QStringLiteral("MWh"), QStringLiteral("MWh"), QStringLiteral("MWh")});
    CHECK(costs >= 4);
    CHECK(view.shownRackFlowLitresPerMinute() > 100);
    INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("power-gb200-nvl72"))) > 8);

    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("power.svg"));
    REQUIRE(exportView(view, svg, ExportFormat::Svg));
    CHECK(svgParses(svg));
    std::ostringstream out, err;
    const std::string cliSvg = dir.filePath(QStringLiteral("cli-power.svg")).toStdString();
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/gb200-nvl72-llama3-405b.scalescope.json", "--view", "power", "-o", cliSvg}, out, err) == 0);
    INFO(err.str());
    CHECK(svgParses(QString::fromStdString(cliSvg)));
    const std::string png = dir.filePath(QStringLiteral("cli-power.png")).toStdString();
    CHECK(cli::runExport({"--view", "power", "-o", png}, out, err) == 0); // the default scenario
}

TEST_CASE("Power view: the ΔT slider is an undoable edit and the shown flow follows it", "[gui][power]")
{
    QMainWindow window;
    PlannerWorkspace workspace(testing::builtinCatalog(), window);
    PowerView* view = workspace.createPowerView(&window);
    view->resize(1500, 1000);
    window.show(); // the view draws results while on screen
    ScenarioController& c = workspace.controller();
    c.load(nvl72Scenario());
    waitForResult(c);
    const double flow = view->shownRackFlowLitresPerMinute();
    const double deltaT = c.scenario().facility.deltaTK;
    REQUIRE(flow > 0);

    view->deltaTSlider()->setValue(view->deltaTSlider()->value() + 4); // +2 K
    waitForResult(c);
    CHECK(c.scenario().facility.deltaTK == Approx(deltaT + 2));
    const double cooler = view->shownRackFlowLitresPerMinute();
    CHECK(cooler < flow);
    CHECK(cooler == Approx(flow * deltaT / (deltaT + 2)).epsilon(1e-6));

    c.undoStack()->undo();
    waitForResult(c);
    CHECK(view->shownRackFlowLitresPerMinute() == Approx(flow));
    CHECK(view->deltaTSlider()->value() * PowerView::kDeltaTStep == Approx(deltaT));

    view->deltaTSlider()->setValue(view->deltaTSlider()->value() - 6); // −3 K
    waitForResult(c);
    CHECK(view->shownRackFlowLitresPerMinute() > flow);

    view->coolantPicker()->setCurrentIndex(1); // PG25 needs more flow than water
    const double water = view->shownRackFlowLitresPerMinute();
    waitForResult(c);
    CHECK(c.scenario().facility.coolant == "pg25");
    CHECK(view->shownRackFlowLitresPerMinute() > water);
}

TEST_CASE("Power view in Simplified Chinese: translated and labels fit", "[gui][power][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        PowerView view;
        view.resize(1500, 1000);
        view.setResult(evaluateScenario(testing::builtinCatalog(), nvl72Scenario(), nullptr, 1));
        CHECK(view.scene()->title().contains(QStringLiteral("功耗")));
        INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
        testing::renderToFile(view, QStringLiteral("power-gb200-nvl72-zh_CN"));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("Power view: results that arrive while it is hidden are drawn when it is shown", "[gui][power]")
{
    QMainWindow window;
    PlannerWorkspace workspace(testing::builtinCatalog(), window);
    PowerView* view = workspace.createPowerView(&window);
    view->resize(1500, 1000);
    window.show();
    view->hide();
    ScenarioController& c = workspace.controller();
    c.load(nvl72Scenario());
    waitForResult(c);
    CHECK(view->shownRackFlowLitresPerMinute() == 0); // not rebuilt while nobody sees it
    view->show();
    CHECK(view->shownRackFlowLitresPerMinute() > 0);
}

TEST_CASE("Power view: an air-cooled DGX H100 draws an air path, a liquid-cooled GB200 NVL72 its water loop",
          "[gui][power]")
{
    const HardwarePalette palette = HardwarePalette::light();
    for (const auto& [preset, air] :
         {std::pair{"llama3-70b-4096-h100", true}, std::pair{"gb200-nvl72-llama3-405b", false}}) {
        CAPTURE(preset);
        const PlannerResultPtr result =
            evaluateScenario(testing::builtinCatalog(), testing::presetScenario(preset), nullptr, 1);
        REQUIRE(result->context);
        CHECK((result->context->system.cooling == "air") == air);
        PowerScene scene(*result, palette);
        QStringList texts;
        for (QGraphicsItem* i : scene.items())
            if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(i)) texts << t->text();
        if (air) {
            CHECK(scene.itemsOfKind(QStringLiteral("air-block")).size() == 4);
            CHECK(scene.itemsOfKind(QStringLiteral("air-flow")).size() == 1);
            CHECK(scene.itemsOfKind(QStringLiteral("cooling-block")).isEmpty());
            CHECK(scene.itemsOfKind(QStringLiteral("coolant-flow")).isEmpty());
            CHECK(texts.contains(QStringLiteral("Node fans")));
            CHECK_FALSE(texts.contains(QStringLiteral("Rack cold plates")));
        } else {
            CHECK(scene.itemsOfKind(QStringLiteral("cooling-block")).size() == 3);
            CHECK(scene.itemsOfKind(QStringLiteral("coolant-flow")).size() == 1);
            CHECK(scene.itemsOfKind(QStringLiteral("air-block")).isEmpty());
            CHECK(texts.contains(QStringLiteral("Rack cold plates")));
        }
        CHECK(testing::overlappingLabels(scene).isEmpty());
    }
}

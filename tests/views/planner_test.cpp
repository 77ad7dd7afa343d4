// The planner: controller semantics (one evaluation per change, undo, a drag
// is one undo step, stale results dropped), timeline geometry and folding,
// and offscreen renders in both languages (the timeline's own behaviour:
// timeline_view_test.cpp).

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/layout_suggestions.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/scenario_controls.h"
#include "model/validation/context_ceiling.h"
#include "views/planner/memory_bar.h"
#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QCoreApplication>
#include <QListWidget>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>
#include <QTest>

#include <QLabel>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

Scenario preset(const char* name)
{
    SpecErrors errors;
    const auto root = builtinSpecRoots().front();
    auto s = loadScenarioFile(root / "scenarios" / (std::string(name) + ".scalescope.json"), errors);
    REQUIRE(s);
    return *s;
}

PlannerResultPtr waitForResult(ScenarioController& c)
{
    QSignalSpy spy(&c, &ScenarioController::resultReady);
    REQUIRE(spy.wait(10000));
    return c.result();
}

} // namespace

TEST_CASE("A change produces one evaluation; undo restores the previous scenario", "[planner]")
{
    ScenarioController c(testing::builtinCatalog());
    c.load(preset("default"));
    waitForResult(c);
    const auto started = c.evaluationsStarted();
    Scenario next = c.scenario();
    next.parallel.tp = 4;
    next.parallel.dp = 4;
    c.edit(next, QStringLiteral("Set TP to 4"));
    const PlannerResultPtr r = waitForResult(c);
    CHECK(c.evaluationsStarted() == started + 1);
    CHECK(r->scenario.parallel.tp == 4);
    CHECK(r->ok());
    c.undoStack()->undo();
    CHECK(c.scenario().parallel.tp == 8);
    CHECK(waitForResult(c)->scenario.parallel.tp == 8);
}

TEST_CASE("A slider drag merges into one undo step; stale results are dropped", "[planner]")
{
    ScenarioController c(testing::builtinCatalog());
    c.load(preset("default"));
    waitForResult(c);
    const int drag = c.beginDrag();
    QSignalSpy results(&c, &ScenarioController::resultReady);
    for (int pp : {2, 1, 2, 4}) {
        Scenario s = c.scenario();
        s.parallel.pp = pp;
        s.parallel.vpp = 1;
        s.parallel.schedule = Schedule::OneFOneB;
        s.parallel.dp = static_cast<int>(s.gpus / (s.parallel.tp * pp));
        c.edit(s, QStringLiteral("drag PP"), drag);
    }
    CHECK(c.undoStack()->count() == 1);
    REQUIRE(results.wait(10000));
    QTest::qWait(50);
    // Only the newest scenario is ever published: intermediate ones are stale.
    for (const auto& args : results) {
        const auto r = args.at(0).value<PlannerResultPtr>();
        CHECK(r->scenario.parallel.pp == 4);
    }
    c.undoStack()->undo();
    CHECK(c.scenario().parallel.pp == 4);
    CHECK(c.scenario().parallel.vpp == 5); // back to the scenario before the drag
}

TEST_CASE("Timeline geometry matches the evaluation's times; time↔x round-trips; sub-pixel spans fold", "[planner][timeline]")
{
    ScenarioController c(testing::builtinCatalog());
    Scenario s = preset("llama3-405b-16k-h100");
    s.training.globalBatch = 8192; // pp = 16 with 64 micro-batches per pipeline
    c.load(s);
    c.evaluateNow();
    REQUIRE(c.result()->evaluation.microbatches == 64);
    TimelineView view;
    view.resize(600, 500);
    view.setResult(c.result());
    const TimelineLayout& layout = view.layout();
    REQUIRE(!layout.spans.empty());
    CHECK(layout.end == Approx(c.result()->evaluation.stepTime.si).epsilon(1e-12));
    for (size_t i = 0; i < layout.spans.size(); i += 97) {
        const QRectF r = view.spanRect(static_cast<int>(i));
        CHECK(view.axis().seconds(r.left()) == Approx(layout.spans[i].start).margin(1e-12));
        CHECK(view.axis().seconds(r.right()) == Approx(layout.spans[i].end).margin(1e-12));
    }
    for (double x : {0.0, 120.0, 455.5, 599.0}) CHECK(view.axis().x(view.axis().seconds(x)) == Approx(x).margin(1e-9));
    view.grab();
    CHECK(view.lastPaintDrawn() + view.lastPaintFolded() > 0);
    // Zoomed out to 50 pixels for the whole step, a stage's compute row folds into pixel columns.
    TimeAxis coarse;
    coarse.fit(layout.end, 50);
    RowDrawing row;
    drawRow(layout, 0, coarse, 0, 50, 3, row);
    CHECK_FALSE(row.columns.empty());
    CHECK(row.columns.size() + row.spans.size() <= 60);
    double drawn = 0, events = 0;
    for (const DrawnSpan& d : row.spans) drawn += (d.x1 - d.x0) * coarse.secondsPerPixel;
    for (const FoldedColumn& column : row.columns)
        for (int k = 0; k < row.slots; ++k) drawn += column.seconds[static_cast<size_t>(k)];
    for (const TimelineSpan& sp : layout.spans) events += sp.row == 0 ? sp.end - sp.start : 0;
    CHECK(drawn == Approx(events).epsilon(1e-9)); // nothing lost by folding
}

TEST_CASE("Planner renders offscreen in English and Chinese with numbers, memory bar and verdicts", "[planner][gui]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1500, 900);
    window.show();
    window.planner()->controller().load(preset("default"));
    window.planner()->controller().evaluateNow();
    REQUIRE(window.showView(QStringLiteral("planner")));
    QCoreApplication::processEvents();
    PlannerView* view = window.planner()->view();
    CHECK(view->headlineText().contains(QStringLiteral("MFU")));
    CHECK(view->memoryBar()->summary().contains(QStringLiteral("usable HBM")));
    CHECK(view->verdicts()->count() >= 1);
    const QImage en = testing::renderToFile(window, QStringLiteral("planner-en"));
    CHECK(testing::distinctColours(en) > 20);

    // Drag TP from 8 to 16: the TP lane grows and a verdict says it leaves NVLink.
    testing::setAxis(window, QStringLiteral("tp"), 16);
    bool saysSo = false;
    for (int i = 0; i < view->verdicts()->count(); ++i)
        saysSo = saysSo || view->verdicts()->item(i)->text().contains(QStringLiteral("TP = 16 spans 2 NVLink domains"));
    CHECK(saysSo);
    testing::renderToFile(window, QStringLiteral("planner-tp16-en"));
    const double step = window.planner()->controller().result()->evaluation.stepTime.si;
    view->timeline()->showRange(0, step * 0.1); // the first tenth: micro-batches, TP inside them, the fill
    testing::renderToFile(window, QStringLiteral("planner-tp16-zoomed-en"));
    view->timeline()->fit();

    // Pin A, change B: both timelines show, numbers carry A beside B.
    view->setPinned(window.planner()->controller().result());
    CHECK(view->pinnedTimeline()->isVisible());
    CHECK(view->headlineText().contains(QStringLiteral("(A: ")));
    testing::renderToFile(window, QStringLiteral("planner-compare-en"));
    view->setPinned(nullptr);
    CHECK_FALSE(view->pinnedTimeline()->isVisible());

    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents(); // the layout requests the new texts posted
    CHECK(view->headlineText().contains(QStringLiteral("步时间")));
    testing::renderToFile(window, QStringLiteral("planner-zh_CN"));
    // Every label of the scenario dock shows its whole translated text.
    for (QLabel* label : window.planner()->controls()->findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty()) continue;
        INFO(label->text().toStdString());
        CHECK(label->width() >= label->fontMetrics().horizontalAdvance(label->text()));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("Scenario save/load round trip through the workspace, and autosave restore", "[planner]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    PlannerWorkspace& w = *window.planner();
    w.controller().load(preset("llama3-70b-4096-h100"));
    const QString path = QDir::temp().filePath(QStringLiteral("scalescope-roundtrip.scalescope.json"));
    QString error;
    REQUIRE(w.saveFile(path, &error));
    w.controller().load(preset("default"));
    REQUIRE(w.openFile(path, &error));
    CHECK(scenarioToJson(w.controller().scenario()) == scenarioToJson(preset("llama3-70b-4096-h100")));
    // A kill leaves the autosave behind; the next start restores it.
    Scenario edited = w.controller().scenario();
    edited.name = "edited before a crash";
    w.controller().edit(edited, QStringLiteral("rename"));
    QTest::qWait(1300); // autosave is debounced by one second
    REQUIRE(QFileInfo::exists(PlannerWorkspace::autosavePath()));
    MainWindow again(testing::builtinCatalog(), {}, AppSettings{}, language);
    CHECK(again.planner()->start({}).contains(QStringLiteral("Restored")));
    CHECK(again.planner()->controller().scenario().name == "edited before a crash");
    again.planner()->shutDownCleanly();
    CHECK_FALSE(QFileInfo::exists(PlannerWorkspace::autosavePath()));
    QFile::remove(path);
}

TEST_CASE("A layout of more than 2^18 pipeline operations keeps its exact numbers but is not drawn as a timeline", "[planner][timeline]")
{
    Scenario s = preset("llama3-405b-16k-h100");
    s.training.globalBatch = 8192;
    s.parallel.tp = 8;
    s.parallel.cp = 16;
    s.parallel.pp = 64;
    s.parallel.vpp = 1; // plain 1F1B: 64 stages of 2 layers leave no virtual stages
    s.parallel.schedule = Schedule::OneFOneB;
    s.parallel.dp = 2; // 4,096 micro-batches × 64 stages × 2 passes = 524,288 operations
    const PlannerResultPtr r = evaluateScenario(testing::builtinCatalog(), s, nullptr, 1);
    REQUIRE(r->ok());
    CHECK(r->timelineOmittedOperations == 524288);
    CHECK(r->timeline.events.empty());
    CHECK(r->evaluation.stepTime.si > 0);
    TimelineView view;
    view.resize(900, 300);
    view.setResult(r);
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("timeline-omitted-en"))) > 1); // the message
    {
        Language language;
        REQUIRE(language.apply(QStringLiteral("zh_CN")));
        view.update();
        CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("timeline-omitted-zh_CN"))) > 1);
        REQUIRE(language.apply(QStringLiteral("en")));
    }
    s.training.globalBatch = 2048; // 1,024 micro-batches: 131,072 operations, drawn
    const PlannerResultPtr drawn = evaluateScenario(testing::builtinCatalog(), s, nullptr, 2);
    CHECK(drawn->timelineOmittedOperations == 0);
    CHECK_FALSE(drawn->timeline.events.empty());
}

TEST_CASE("Suggested layouts rank every fitting layout by the model's step time, mark those beyond the best published "
          "run of the class and name that run (issue 29)",
          "[planner][search]")
{
    SpecErrors errors;
    Scenario s = preset("default"); // LLaMA-3 70B on 64 H100
    s.efficiency = EfficiencyMode::Theoretical; // the pure roofline: far beyond any published run
    auto roofline = makeEvaluationContext(s, testing::builtinCatalog(), errors);
    REQUIRE(roofline);
    setPublishedMfuCeiling(*roofline, testing::builtinCatalog());
    LayoutSuggestions beyond(*roofline);
    const auto* ceiling = beyond.findChild<QLabel*>(QStringLiteral("publishedCeiling"));
    REQUIRE(ceiling);
    // One ceiling for the dense 16-bit class on every GPU: MPT-7B on 8 A100 (61.7 %).
    CHECK(ceiling->text().contains(QStringLiteral("MPT-7B on 8 A100")));
    CHECK(ceiling->text().contains(QStringLiteral("61.7 %")));
    CHECK(ceiling->text().contains(QStringLiteral("beyond any published run")));
    const auto* beyondTable = beyond.findChild<QTableWidget*>();
    REQUIRE(beyondTable);
    REQUIRE(beyondTable->rowCount() > 0);
    const int marks = beyondTable->columnCount() - 1;
    CHECK(beyondTable->horizontalHeaderItem(marks)->text() == QStringLiteral("Published runs"));
    // The fastest layout is shown, first, and marked (it is not withheld).
    CHECK(beyond.result().best[0].beyondPublishedRun);
    CHECK(beyondTable->item(0, marks)->text() == QStringLiteral("beyond any published run"));
    CHECK(beyondTable->item(0, 0)->font().italic());
    CHECK(testing::distinctColours(testing::renderToFile(beyond, QStringLiteral("suggestions-beyond-en"))) > 1);
    {
        Language language;
        REQUIRE(language.apply(QStringLiteral("zh_CN")));
        LayoutSuggestions zh(*roofline);
        const auto* zhCeiling = zh.findChild<QLabel*>(QStringLiteral("publishedCeiling"));
        REQUIRE(zhCeiling);
        CHECK(zhCeiling->text().contains(QStringLiteral("超出所有已发表运行")));
        CHECK(testing::distinctColours(testing::renderToFile(zh, QStringLiteral("suggestions-beyond-zh_CN"))) > 1);
        REQUIRE(language.apply(QStringLiteral("en")));
    }
    // Calibrated: the fastest layouts of this workload (TP 4 · CP 2, ~56 %) are proposed, above every published
    // H100 run (47.1 %) but below the class's ceiling; none is marked.
    s.efficiency = EfficiencyMode::Measured;
    auto measuredDefault = makeEvaluationContext(s, testing::builtinCatalog(), errors);
    REQUIRE(measuredDefault);
    setPublishedMfuCeiling(*measuredDefault, testing::builtinCatalog());
    const LayoutSuggestions defaultSuggestions(*measuredDefault);
    REQUIRE_FALSE(defaultSuggestions.result().best.empty());
    CHECK(defaultSuggestions.result().best[0].evaluation.mfu > 0.5);
    CHECK(defaultSuggestions.result().aboveCeiling == 0);
    const auto* none = defaultSuggestions.findChild<QLabel*>(QStringLiteral("publishedCeiling"));
    REQUIRE(none);
    CHECK(none->text().contains(QStringLiteral("No fitting layout is above it")));
    s = preset("llama3-70b-4096-h100");
    auto measured = makeEvaluationContext(s, testing::builtinCatalog(), errors);
    REQUIRE(measured);
    setPublishedMfuCeiling(*measured, testing::builtinCatalog());
    const LayoutSuggestions calibrated(*measured);
    // Schedules and recompute modes read as the planner's controls name them, not as JSON keys.
    const auto* table = calibrated.findChild<QTableWidget*>();
    REQUIRE(table);
    REQUIRE(table->rowCount() > 0);
    const QStringList schedules{ScenarioControls::scheduleName(Schedule::GPipe), ScenarioControls::scheduleName(Schedule::OneFOneB),
                                ScenarioControls::scheduleName(Schedule::Interleaved), ScenarioControls::scheduleName(Schedule::ZeroBubble)};
    const QStringList modes{ScenarioControls::recomputeName(Recompute::None), ScenarioControls::recomputeName(Recompute::Selective),
                            ScenarioControls::recomputeName(Recompute::Full), ScenarioControls::recomputeName(Recompute::PerOp)};
    for (int r = 0; r < table->rowCount(); ++r) {
        CHECK(schedules.contains(table->item(r, 9)->text()));
        CHECK(modes.contains(table->item(r, 11)->text()));
    }
    CHECK(ScenarioControls::scheduleName(Schedule::OneFOneB) == QStringLiteral("1F1B"));
}

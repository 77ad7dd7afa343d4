// The planner's inference mode: the Training | Inference switch keeps the
// other mode's settings, the figures are the model's, the batch slider and
// its "max" position drive live re-evaluation, and training-only actions
// are disabled with their reason.

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/scenario_controls.h"
#include "model/core/warning_texts.h"
#include "model/inference/inference_step.h"
#include "model/spec/quantity_parser.h"
#include "model/search/inference_search.h"
#include "views/charts/throughput_latency_chart.h"
#include "views/planner/memory_bar.h"
#include "views/planner/planner_view.h"
#include "views/planner/timeline_view.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

// The model's own evaluation of the planner's current scenario.
InferenceEvaluation modelEvaluation(const Scenario& s)
{
    SpecErrors errors;
    const auto ctx = makeEvaluationContext(s, testing::builtinCatalog(), errors);
    REQUIRE(ctx);
    return evaluateInference(*ctx);
}

QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace

TEST_CASE("Switching the default scenario to inference adds serving defaults, keeps the training settings, is one "
          "undoable edit and saves a scenario the strict parser reads",
          "[gui][inference]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    testing::startPlanner(window);
    PlannerWorkspace& planner = *window.planner();
    const Scenario before = planner.controller().scenario();
    REQUIRE(before.mode == Mode::Training);

    testing::switchMode(window, true);
    const Scenario serving = planner.controller().scenario();
    CHECK(serving.mode == Mode::Inference);
    // The defaults: 64 sequences of 2,048 prompt and 128 output tokens, at the training precision (BF16).
    CHECK(serving.inference.batch == 64);
    CHECK_FALSE(serving.inference.batchMax);
    CHECK(serving.inference.promptTokens == 2048);
    CHECK(serving.inference.outputTokens == 128);
    CHECK(serving.inference.precision == before.training.precision);
    CHECK_FALSE(serving.inference.kvPrecision);
    CHECK(scenarioToJson(serving)["training"] == scenarioToJson(before)["training"]);
    CHECK(serving.parallel == before.parallel); // the default layout serves as it is (cp = 1)
    CHECK(planner.isModified());
    CHECK(planner.controller().undoStack()->count() == 1);

    // Saved, it is a valid inference scenario with both blocks.
    const QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("serving.scalescope.json"));
    QString error;
    REQUIRE(planner.saveFile(file, &error));
    SpecErrors errors;
    const auto saved = loadScenarioFile(file.toStdString(), errors);
    REQUIRE(saved);
    CHECK(errors.empty());
    CHECK(saved->mode == Mode::Inference);
    CHECK(saved->training.globalBatch == before.training.globalBatch);
    CHECK(saved->inference.batch == 64);

    // Switching back loses nothing; undo brings back the serving settings too.
    testing::setAxis(window, QStringLiteral("tp"), 4);
    testing::switchMode(window, false);
    CHECK(planner.controller().scenario().mode == Mode::Training);
    CHECK(scenarioToJson(planner.controller().scenario())["training"] == scenarioToJson(before)["training"]);
    planner.controller().undoStack()->undo();
    planner.controller().evaluateNow();
    CHECK(planner.controller().scenario().mode == Mode::Inference);
    while (planner.controller().undoStack()->canUndo()) planner.controller().undoStack()->undo();
    CHECK(scenarioToJson(planner.controller().scenario()) == scenarioToJson(before));
    planner.shutDownCleanly();
}

TEST_CASE("The inference planner shows the model's figures, the KV cache in the memory bar, the prefill and decode "
          "timelines, an empty slot for the throughput–latency chart, and follows the batch slider to \"max\"",
          "[gui][inference]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1500, 900);
    testing::startPlanner(window);
    PlannerWorkspace& planner = *window.planner();
    PlannerView* view = planner.view();
    REQUIRE(view->servingChartSlot());
    CHECK(view->servingChartSlot()->objectName() == QStringLiteral("servingChartSlot"));
    REQUIRE(view->servingChartSlot()->layout());
    CHECK_FALSE(view->servingChartSlot()->isVisible());

    testing::switchMode(window, true);
    testing::settle();
    const InferenceEvaluation e = modelEvaluation(planner.controller().scenario());
    REQUIRE(e.ok);
    const QString figures = view->headlineText();
    for (const std::string& value : std::initializer_list<std::string>{format(e.ttft), format(e.tpot), formatBytes(e.kvCachePerGpu), format(e.energyPerToken),
                                     groupedNumber(e.tokensPerSPerGpu), formatSignificant(e.tokensPerSPerUser, 3)})
        CHECK(figures.contains(q(value)));
    CHECK(figures.contains(QStringLiteral("%1 (%2)").arg(q(groupedNumber(e.batch)), q(groupedNumber(e.maxBatch)))));
    CHECK(view->memoryBar()->summary().startsWith(
        QStringLiteral("%1 of %2 usable HBM").arg(q(formatBytes(e.memory.total)), q(formatBytes(e.memory.capacity)))));
    CHECK(view->timeline()->pass() == TimelinePass::Prefill);
    CHECK(view->timeline()->layout().end == Approx(e.ttft.si).epsilon(1e-12));
    CHECK(view->decodeTimeline()->isVisible());
    CHECK(view->decodeTimeline()->layout().end == Approx(e.tpot.si).epsilon(1e-12));
    CHECK(view->servingChartSlot()->isVisible());
    CHECK(view->verdicts()->count() == e.warningCount);
    // Comparing and suggesting layouts are training's: disabled, and they say why.
    auto* pin = window.findChild<QAction*>(QStringLiteral("pinAction"));
    REQUIRE(pin);
    CHECK_FALSE(pin->isEnabled());
    CHECK(pin->toolTip().contains(QStringLiteral("Training only")));

    // Dragging the batch slider re-evaluates at every step; its last position serves the largest batch that fits.
    auto* batch = planner.controls()->findChild<QSlider*>(QStringLiteral("servingBatchSlider"));
    REQUIRE(batch);
    batch->setValue(2); // 1, 2, 4, …
    planner.controller().evaluateNow();
    CHECK(planner.controller().scenario().inference.batch == 4);
    CHECK(planner.controller().result()->inference.batch == 4);
    batch->setValue(batch->maximum());
    planner.controller().evaluateNow();
    testing::settle();
    CHECK(planner.controller().scenario().inference.batchMax);
    const InferenceEvaluation max = modelEvaluation(planner.controller().scenario());
    REQUIRE(max.ok);
    CHECK(max.batch == max.maxBatch);
    CHECK(planner.controller().result()->inference.batch == max.maxBatch);
    CHECK(planner.controls()->findChild<QSpinBox*>(QStringLiteral("servingBatch"))->text() == QStringLiteral("max"));
    CHECK(view->headlineText().contains(q(format(max.tpot))));

    // TP is offered as serving allows (it divides the 64 heads; cp is not a serving axis).
    testing::setAxis(window, QStringLiteral("tp"), 4);
    CHECK(planner.controller().result()->ok());
    CHECK(planner.controller().scenario().parallel.dp == 4);

    // Back to training: the training figures and one timeline again, the pin enabled.
    testing::switchMode(window, false);
    testing::settle();
    CHECK_FALSE(view->decodeTimeline()->isVisible());
    CHECK_FALSE(view->servingChartSlot()->isVisible());
    CHECK(view->headlineText().contains(q(format(planner.controller().result()->evaluation.stepTime))));
    CHECK(pin->isEnabled());
    planner.shutDownCleanly();
}

TEST_CASE("The planner's throughput–latency chart draws the model's curves with the evaluated operating point, keeps "
          "its curves while only the batch moves, and a drag along it sets the batch as one undo step",
          "[gui][inference]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1500, 900);
    testing::startPlanner(window);
    PlannerWorkspace& planner = *window.planner();
    testing::switchMode(window, true);
    testing::settle();
    auto* chart = planner.view()->servingChartSlot()->findChild<ThroughputLatencyChart*>(QStringLiteral("servingChart"));
    REQUIRE(chart);
    CHECK(chart->isVisible());
    const PlannerResultPtr first = planner.controller().result();
    REQUIRE(first->ok());
    REQUIRE(first->servingCurves);

    // The curves are the serving search's, the scenario's own layout first; the marker is the evaluation.
    const auto expected = servingCurvesToCompare(*first->context, {}, 3);
    const ThroughputLatencyData& data = chart->data();
    REQUIRE(data.curves.size() == expected.size());
    CHECK(data.curves[0].layout == planner.controller().scenario().parallel);
    for (size_t c = 0; c < expected.size(); ++c) {
        CHECK(data.curves[c].layout == expected[c].layout);
        REQUIRE(data.curves[c].points.size() == expected[c].points.size());
        for (size_t i = 0; i < expected[c].points.size(); ++i)
            CHECK(data.curves[c].points[i].tokensPerSPerGpu == expected[c].points[i].tokensPerSPerGpu);
    }
    REQUIRE(data.operating);
    CHECK(data.operating->batch == first->inference.batch);
    CHECK(data.operating->tokensPerSPerGpu == first->inference.tokensPerSPerGpu);

    // A drag: press, then two batches; one undo step, the curves shared, the marker at the new evaluation.
    const int undoBefore = planner.controller().undoStack()->count();
    Q_EMIT chart->dragStarted();
    Q_EMIT chart->batchChosen(16);
    Q_EMIT chart->batchChosen(8);
    planner.controller().evaluateNow();
    testing::settle();
    CHECK(planner.controller().scenario().inference.batch == 8);
    CHECK_FALSE(planner.controller().scenario().inference.batchMax);
    CHECK(planner.controller().undoStack()->count() == undoBefore + 1);
    const PlannerResultPtr second = planner.controller().result();
    CHECK(second->servingCurves == first->servingCurves);
    REQUIRE(chart->data().operating);
    CHECK(chart->data().operating->batch == 8);
    CHECK(chart->data().operating->tokensPerSPerGpu == second->inference.tokensPerSPerGpu);

    // Another layout is another set of curves.
    testing::setAxis(window, QStringLiteral("tp"), 4);
    testing::settle();
    CHECK(planner.controller().result()->servingCurves != first->servingCurves);
    CHECK(chart->data().curves[0].layout.tp == 4);
    planner.shutDownCleanly();
}

TEST_CASE("Every shipped inference preset opens in the planner with its serving figures, both timelines and no error",
          "[gui][inference]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1500, 900);
    testing::startPlanner(window);
    PlannerWorkspace& planner = *window.planner();
    const QDir dir(QStringLiteral(SCALESCOPE_SCENARIO_DIR));
    int opened = 0;
    for (const QString& name : dir.entryList({QStringLiteral("*.scalescope.json")}, QDir::Files)) {
        SpecErrors errors;
        const auto s = loadScenarioFile(dir.filePath(name).toStdString(), errors);
        REQUIRE(s);
        if (s->mode != Mode::Inference) continue;
        INFO(name.toStdString());
        QString error;
        REQUIRE(planner.openFile(dir.filePath(name), &error));
        planner.controller().evaluateNow();
        testing::settle();
        const PlannerResultPtr r = planner.controller().result();
        REQUIRE(r);
        INFO(r->evaluationErrorPath() << ": " << r->evaluationError());
        CHECK(r->ok());
        CHECK(planner.view()->timeline()->layout().end > 0);
        CHECK(planner.view()->decodeTimeline()->layout().end > 0);
        CHECK(planner.view()->headlineText().contains(QString::fromStdString(format(r->inference.ttft))));
        testing::renderToFile(window, QStringLiteral("inference-preset-%1").arg(name.section(QStringLiteral(".scalescope"), 0, 0)));
        ++opened;
    }
    CHECK(opened >= 2);
    planner.shutDownCleanly();
}

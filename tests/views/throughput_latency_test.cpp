// The throughput–latency chart: one curve per serving layout with the model's
// points, the operating point on the scenario's curve, a drag along that
// curve emitting the batch under the marker, and the export.

#include "scene_checks.h"
#include "test_support.h"

#include "app/cli/commands.h"
#include "app/cli/export_command.h"
#include "app/gui/language.h"
#include "app/gui/theme.h"
#include "model/inference/inference_step.h"
#include "model/search/inference_search.h"
#include "model/training/evaluation_context.h"
#include "views/charts/throughput_latency_chart.h"
#include "views/hardware/zoomable_view.h"

#include <QSignalSpy>
#include <QTest>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;

namespace {

// Batch labels of the own curve whose boxes intersect (the chart's own axis
// labels meet at the origin by their boxes and are Qt Charts' to place).
QStringList overlappingBatchLabels(const HardwareScene& scene)
{
    const QList<QGraphicsItem*> labels = scene.itemsOfKind(QStringLiteral("batch-label"));
    QStringList out;
    for (int i = 0; i < labels.size(); ++i)
        for (int j = i + 1; j < labels.size(); ++j)
            if (labels[i]->sceneBoundingRect().intersects(labels[j]->sceneBoundingRect()))
                out << labels[i]->toolTip() + QStringLiteral(" / ") + labels[j]->toolTip();
    return out;
}

EvaluationContext servingContext()
{
    SpecErrors errors;
    auto ctx = makeEvaluationContext(testing::presetScenario("llama3-70b-inference-8xh100"), testing::builtinCatalog(),
                                     errors);
    if (!ctx) throw std::runtime_error("the serving preset does not resolve");
    return *ctx;
}

} // namespace

TEST_CASE("Throughput–latency chart: the scenario's layout and the search's best, each point a model evaluation",
          "[gui][inference]")
{
    const EvaluationContext ctx = servingContext();
    ThroughputLatencyChart chart;
    chart.resize(1600, 1000);
    const auto curves = servingCurvesToCompare(ctx, {}, 3);
    chart.setCurves(QString::fromStdString(ctx.scenario.name), curves);
    const InferenceEvaluation e = evaluateInference(ctx);
    chart.setOperatingPoint(servingPoint(e));
    auto* scene = dynamic_cast<ThroughputLatencyScene*>(chart.scene());
    REQUIRE(scene);
    // A line and its dots per layout, and the operating point.
    CHECK(scene->chart()->series().size() == static_cast<int>(2 * curves.size() + 1));
    CHECK(scene->legend().size() == curves.size() + 1);
    CHECK(scene->legend().front().label.contains(QStringLiteral("TP 8 · PP 1 · DP 1")));
    // The own curve's line holds the model's points.
    int lines = 0;
    for (QAbstractSeries* s : scene->chart()->series()) {
        auto* line = qobject_cast<QLineSeries*>(s);
        if (!line || s->metaObject()->className() != QByteArray("QLineSeries")) continue;
        ++lines;
        if (!line->name().contains(QStringLiteral("TP 8 · PP 1 · DP 1"))) continue;
        REQUIRE(line->count() == static_cast<int>(curves[0].points.size()));
        for (int i = 0; i < line->count(); ++i) {
            CHECK(line->at(i).x() == curves[0].points[size_t(i)].tokensPerSPerUser);
            CHECK(line->at(i).y() == curves[0].points[size_t(i)].tokensPerSPerGpu);
        }
    }
    CHECK(lines == static_cast<int>(curves.size()));
    // Batch labels on the own curve, none overlapping; here every swept batch has room.
    CHECK(scene->itemsOfKind(QStringLiteral("batch-label")).size() == static_cast<int>(curves[0].points.size()));
    INFO(overlappingBatchLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(overlappingBatchLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(chart, QStringLiteral("throughput-latency"))) > 6);
    // The operating point sits where the evaluation puts it.
    const auto marker = scene->markerInScene();
    REQUIRE(marker);
    const QPointF expected = scene->scenePosition(e.tokensPerSPerUser, e.tokensPerSPerGpu);
    CHECK(marker->x() == Approx(expected.x()));
    CHECK(marker->y() == Approx(expected.y()));
}

TEST_CASE("Throughput–latency chart: dragging the operating point along the curve emits the batch under it",
          "[gui][inference]")
{
    const EvaluationContext ctx = servingContext();
    ThroughputLatencyChart chart;
    chart.resize(1600, 1000);
    chart.show();
    const auto curves = servingCurvesToCompare(ctx, {}, 1);
    chart.setCurves(QStringLiteral("serve"), curves);
    const InferenceEvaluation e = evaluateInference(ctx);
    chart.setOperatingPoint(servingPoint(e));
    auto* scene = dynamic_cast<ThroughputLatencyScene*>(chart.scene());
    REQUIRE(scene);
    const std::vector<ServingPoint>& pts = curves[0].points;
    REQUIRE(pts.size() >= 4);
    // batchAt on a swept point gives its batch; halfway along a doubling segment, about √2 times the lower batch.
    const auto onCurve = scene->currentCurveInScene();
    for (std::size_t i = 0; i < pts.size(); ++i) CHECK(chart.batchAt(onCurve[i]) == pts[i].batch);
    const QPointF mid = (onCurve[2] + onCurve[3]) / 2; // batches 4 and 8
    CHECK(chart.batchAt(mid) == 6);                    // round(4 · 2^0.5)

    QSignalSpy spy(&chart, &ThroughputLatencyChart::batchChosen);
    QWidget* viewport = chart.graphicsView()->viewport();
    auto toView = [&](QPointF scenePos) { return chart.graphicsView()->mapFromScene(scenePos); };
    const QPoint start = toView(*scene->markerInScene());
    QTest::mousePress(viewport, Qt::LeftButton, {}, start);
    QMouseEvent move(QEvent::MouseMove, QPointF(toView(onCurve[1])), QPointF(viewport->mapToGlobal(toView(onCurve[1]))),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(viewport, &move);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, toView(onCurve[1]));
    REQUIRE_FALSE(spy.isEmpty());
    CHECK(spy.last().at(0).toInt() == pts[1].batch);
}

TEST_CASE("export --view throughput-latency writes the chart of an inference scenario and refuses a training one",
          "[gui][inference]")
{
    const QString svg = QStringLiteral(SCALESCOPE_RENDER_DIR "/throughput-latency-export.svg");
    std::ostringstream out, err;
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/llama3-70b-inference-8xh100.scalescope.json", "--view",
                          "throughput-latency", "-o", svg.toStdString()},
                         out, err) == 0);
    INFO(err.str());
    CHECK(testing::svgTitle(svg).contains(QStringLiteral("Throughput against latency")));
    std::ostringstream out2, err2;
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/default.scalescope.json", "--view", "throughput-latency", "-o",
                          (svg + QStringLiteral(".png")).toStdString()},
                         out2, err2) == 1);
    CHECK(err2.str().find("expected an inference scenario") != std::string::npos);
}

TEST_CASE("Throughput–latency chart in Simplified Chinese and the dark theme: translated, drawn dark, labels apart",
          "[gui][inference][i18n][theme]")
{
    const EvaluationContext ctx = servingContext();
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    applyTheme(Theme::Dark);
    {
        ThroughputLatencyChart chart;
        chart.resize(1920, 1080);
        chart.setCurves(QString::fromStdString(ctx.scenario.name), servingCurvesToCompare(ctx, {}, 3));
        chart.setOperatingPoint(servingPoint(evaluateInference(ctx)));
        QCoreApplication::processEvents();
        REQUIRE(chart.scene());
        CHECK(chart.scene()->title().contains(QStringLiteral("吞吐量与延迟")));
        CHECK(chart.scene()->hardwarePalette().background == HardwarePalette::dark().background);
        INFO(overlappingBatchLabels(*chart.scene()).join(QLatin1Char('\n')).toStdString());
        CHECK(overlappingBatchLabels(*chart.scene()).isEmpty());
        CHECK(testing::distinctColours(testing::renderToFile(chart, QStringLiteral("throughput-latency-dark-zh_CN"))) > 6);
    }
    applyTheme(Theme::System);
    REQUIRE(language.apply(QStringLiteral("en")));
}

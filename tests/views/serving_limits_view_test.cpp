// The serving limits in the planner: the Scenario dock's TPOT and TTFT limit
// spin boxes edit the scenario (one undo step each, "none" at 0), the
// throughput–latency chart compares the serving search's best layouts under
// them, draws the TPOT limit as a line at 1 / tpot_max and the points that
// miss the TTFT limit hollow, and the verdicts say when the scenario's own
// point misses a limit.

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/scenario_controls.h"
#include "model/search/inference_search.h"
#include "views/charts/throughput_latency_chart.h"
#include "views/planner/planner_view.h"

#include <QDoubleSpinBox>
#include <QListWidget>
#include <QUndoStack>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

template <class Series>
Series* seriesNamed(const ThroughputLatencyChart& chart, const QString& objectName)
{
    auto* scene = dynamic_cast<ThroughputLatencyScene*>(chart.scene());
    if (!scene) return nullptr;
    for (QAbstractSeries* s : scene->chart()->series())
        if (s->objectName() == objectName) return qobject_cast<Series*>(s);
    return nullptr;
}

int hollowPoints(const ThroughputLatencyChart& chart)
{
    auto* scene = dynamic_cast<ThroughputLatencyScene*>(chart.scene());
    int n = 0;
    for (QAbstractSeries* s : scene->chart()->series())
        if (s->objectName() == QStringLiteral("ttft-over-limit")) n += qobject_cast<QScatterSeries*>(s)->count();
    return n;
}

bool verdictSays(const PlannerView& view, const QString& words)
{
    for (int i = 0; i < view.verdicts()->count(); ++i)
        if (view.verdicts()->item(i)->text().contains(words)) return true;
    return false;
}

void enter(QDoubleSpinBox* box, double value, PlannerWorkspace& planner)
{
    box->setValue(value);
    Q_EMIT box->editingFinished();
    planner.controller().evaluateNow();
    testing::settle();
}

std::vector<ParallelLayout> layoutsOf(const std::vector<ServingCurve>& curves)
{
    std::vector<ParallelLayout> out;
    for (const ServingCurve& c : curves) out.push_back(c.layout);
    return out;
}

} // namespace

TEST_CASE("The TPOT and TTFT limit spin boxes edit the scenario, the chart compares the best layouts under them, "
          "draws the TPOT limit as a line and the points missing the TTFT limit hollow, and the verdicts name a missed "
          "limit",
          "[gui][inference][limits]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1500, 900);
    testing::startPlanner(window);
    PlannerWorkspace& planner = *window.planner();
    testing::switchMode(window, true);
    testing::settle();
    auto* chart = planner.view()->servingChartSlot()->findChild<ThroughputLatencyChart*>(QStringLiteral("servingChart"));
    auto* tpot = planner.controls()->findChild<QDoubleSpinBox*>(QStringLiteral("tpotLimit"));
    auto* ttft = planner.controls()->findChild<QDoubleSpinBox*>(QStringLiteral("ttftLimit"));
    REQUIRE(chart);
    REQUIRE(tpot);
    REQUIRE(ttft);
    CHECK(tpot->isVisible());
    CHECK(tpot->text() == QStringLiteral("none"));
    CHECK(ttft->text() == QStringLiteral("none"));
    const PlannerResultPtr free = planner.controller().result();
    REQUIRE(free->ok());
    CHECK_FALSE(seriesNamed<QLineSeries>(*chart, QStringLiteral("tpot-limit")));
    // Leaving a box unchanged edits nothing.
    const int undoBefore = planner.controller().undoStack()->count();
    Q_EMIT tpot->editingFinished();
    CHECK(planner.controller().undoStack()->count() == undoBefore);

    // A TPOT limit at half the scenario's own TPOT: missed by the scenario's point.
    const double limitMs = std::round(free->inference.tpot.si * 1e3 / 2 * 10) / 10;
    enter(tpot, limitMs, planner);
    const Scenario limited = planner.controller().scenario();
    REQUIRE(limited.inference.tpotMax);
    CHECK(limited.inference.tpotMax->si == Approx(limitMs / 1e3).epsilon(1e-12));
    CHECK(planner.controller().undoStack()->count() == undoBefore + 1);
    const PlannerResultPtr result = planner.controller().result();
    CHECK(result->servingCurves != free->servingCurves);
    const ServingLimits limits = servingLimitsOf(limited.inference);
    CHECK(layoutsOf(chart->data().curves) == layoutsOf(servingCurvesToCompare(*result->context, limits, 3)));
    CHECK(chart->data().limits.tpotMax == limited.inference.tpotMax);
    auto* line = seriesNamed<QLineSeries>(*chart, QStringLiteral("tpot-limit"));
    REQUIRE(line);
    REQUIRE(line->count() == 2);
    CHECK(line->at(0).x() == Approx(1e3 / limitMs).epsilon(1e-12));
    CHECK(line->at(1).x() == line->at(0).x());
    const auto labels = chart->scene()->itemsOfKind(QStringLiteral("tpot-limit"));
    CHECK(labels.size() == 1);
    CHECK(verdictSays(*planner.view(), QStringLiteral("misses the TPOT limit")));
    CHECK(hollowPoints(*chart) == 0);

    // A TTFT limit just below the scenario's own TTFT: its point and every larger batch are hollow.
    const double ttftS = std::floor(free->inference.ttft.si * 0.99 * 100) / 100;
    REQUIRE(ttftS > 0);
    enter(ttft, ttftS, planner);
    REQUIRE(planner.controller().scenario().inference.ttftMax);
    CHECK(planner.controller().scenario().inference.ttftMax->si == Approx(ttftS).epsilon(1e-12));
    CHECK(planner.controller().undoStack()->count() == undoBefore + 2);
    int over = 0;
    for (const ServingCurve& c : chart->data().curves)
        for (const ServingPoint& pt : c.points) over += pt.ttft.si > ttftS ? 1 : 0;
    CHECK(over > 0);
    CHECK(hollowPoints(*chart) == over);
    CHECK(verdictSays(*planner.view(), QStringLiteral("misses the TTFT limit")));
    bool legend = false;
    for (const LegendEntry& l : chart->scene()->legend()) legend = legend || l.label.startsWith(QStringLiteral("Hollow: TTFT over "));
    CHECK(legend);

    // "none" (0) removes a limit; undo brings it back, and the line with it.
    enter(tpot, 0, planner);
    CHECK_FALSE(planner.controller().scenario().inference.tpotMax);
    CHECK_FALSE(seriesNamed<QLineSeries>(*chart, QStringLiteral("tpot-limit")));
    CHECK(tpot->text() == QStringLiteral("none"));
    CHECK_FALSE(verdictSays(*planner.view(), QStringLiteral("misses the TPOT limit")));
    planner.controller().undoStack()->undo();
    planner.controller().evaluateNow();
    testing::settle();
    CHECK(planner.controller().scenario().inference.tpotMax == limited.inference.tpotMax);
    CHECK(tpot->value() == Approx(limitMs));
    CHECK(seriesNamed<QLineSeries>(*chart, QStringLiteral("tpot-limit")));
    planner.shutDownCleanly();
}

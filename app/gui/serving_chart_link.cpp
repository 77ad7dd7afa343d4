#include "serving_chart_link.h"

#include "scenario_controller.h"
#include "views/charts/throughput_latency_chart.h"
#include "views/planner/planner_view.h"

#include <QLayout>

namespace scalescope {

namespace {
// The chart's height in lines of the planner's font: the view fits its
// 1280 × 800 scene below its title, and at this height the scene's 16-px
// labels are drawn at about two thirds of their size (the planner scrolls
// to it on a small screen).
constexpr int kChartHeightLines = 40;
} // namespace

ServingChartLink::ServingChartLink(ScenarioController& controller, PlannerView& view)
    : QObject(&view), m_controller(controller), m_chart(new ThroughputLatencyChart(view.servingChartSlot()))
{
    m_chart->setObjectName(QStringLiteral("servingChart"));
    m_chart->setMinimumHeight(view.fontMetrics().height() * kChartHeightLines);
    m_chart->setDescriptionInTooltip(true); // the planner's trust line and titles already say what is shown
    view.servingChartSlot()->layout()->addWidget(m_chart);
    connect(&controller, &ScenarioController::resultReady, this, &ServingChartLink::show);
    connect(m_chart, &ThroughputLatencyChart::dragStarted, this, [this] { m_dragId = m_controller.beginDrag(); });
    connect(m_chart, &ThroughputLatencyChart::batchChosen, this, &ServingChartLink::chooseBatch);
}

void ServingChartLink::show(const PlannerResultPtr& result)
{
    if (!result || !result->serving()) return;
    if (!result->ok() || !result->servingCurves) {
        m_chart->setOperatingPoint(std::nullopt);
        return;
    }
    if (result->servingCurves != m_shownCurves) { // new limits come with new curves (planner_result.cpp)
        m_shownCurves = result->servingCurves;
        m_chart->setCurves(QString::fromStdString(result->scenario.name), *m_shownCurves,
                           servingLimitsOf(result->scenario.inference));
    }
    m_chart->setOperatingPoint(servingPoint(result->inference));
}

void ServingChartLink::chooseBatch(int batch)
{
    Scenario next = m_controller.scenario();
    if (next.mode != Mode::Inference || batch < 1) return;
    if (next.inference.batch == batch && !next.inference.batchMax) return;
    next.inference.batch = batch;
    next.inference.batchMax = false;
    m_controller.edit(next, tr("Batch from the throughput–latency chart"), m_dragId);
}

} // namespace scalescope

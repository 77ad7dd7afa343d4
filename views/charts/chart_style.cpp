#include "chart_style.h"

#include "views/widgets/scene_text.h"

#include <QGraphicsScene>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QAbstractSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>

namespace scalescope {

QChart* addPaletteChart(QGraphicsScene& scene, const QRectF& geometry, const HardwarePalette& p)
{
    auto* chart = new QChart;
    scene.addItem(chart);
    chart->setGeometry(geometry);
    chart->legend()->hide();
    chart->setBackgroundBrush(p.background);
    chart->setBackgroundPen(QPen(p.outline));
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

void stylePaletteAxis(QAbstractAxis& axis, const HardwarePalette& p, int labelPixels, int titlePixels)
{
    const SceneText& scale = SceneText::instance();
    QFont f;
    f.setPixelSize(qRound(scale.pixels(labelPixels)));
    axis.setLabelsFont(f);
    f.setPixelSize(qRound(scale.pixels(titlePixels)));
    f.setBold(true);
    axis.setTitleFont(f);
    axis.setLabelsColor(p.text);
    axis.setTitleBrush(p.text);
    axis.setGridLineColor(p.outline.lighter(130));
    axis.setLinePenColor(p.outline);
}

void addSeriesOnAxes(QChart& chart, QAbstractSeries* series)
{
    chart.addSeries(series);
    for (QAbstractAxis* axis : chart.axes()) series->attachAxis(axis);
}

} // namespace scalescope

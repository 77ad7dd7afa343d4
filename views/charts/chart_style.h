#pragma once
// The look the Qt Charts scenes share (roofline, throughput–latency): a
// chart added to a hardware scene in its palette, legend hidden (the
// scene's own legend names the series, in the view and in exports), and
// axes with pixel-sized labels in the palette's ink. Qt Charts stays in
// views/charts.

#include "views/hardware/hardware_palette.h"

#include <QRectF>
#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QGraphicsScene;
QT_END_NAMESPACE

namespace scalescope {

inline constexpr int kChartLabelPixels = 15, kChartTitlePixels = 17;

// A new chart owned by `scene`, at `geometry`, no animation.
QChart* addPaletteChart(QGraphicsScene& scene, const QRectF& geometry, const HardwarePalette& palette);

// Labels and title in the palette's ink, grid and axis line in its outline.
void stylePaletteAxis(QAbstractAxis& axis, const HardwarePalette& palette, int labelPixels = kChartLabelPixels,
                      int titlePixels = kChartTitlePixels);

// Adds `series` to the chart on every axis the chart has.
void addSeriesOnAxes(QChart& chart, QAbstractSeries* series);

} // namespace scalescope

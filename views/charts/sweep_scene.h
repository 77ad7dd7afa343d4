#pragma once
// The sweep chart (Qt Charts) as a hardware scene, so that it exports
// through the one export path: step time, MFU, memory per GPU and exposed
// communication against one parallelism axis (model/search/parallelism_sweep.h),
// four panels on one log-2 axis. The NVLink domain boundary is a dashed
// vertical line in every panel, the usable HBM a dashed line in the memory
// panel; points that do not fit in HBM are hollow, the scenario's own value
// is ringed. Plain data in, nothing computed here (createSweepScene asks
// the model).

#include "views/hardware/hardware_scene.h"

#include "model/search/parallelism_sweep.h"

#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace scalescope {

struct SweepChartData {
    QString scenario; // the scenario's name, for the heading
    AxisSweep sweep;
};

// "TP", "PP", "CP", "EP", "Micro-batch size", "GPUs" (translated).
[[nodiscard]] QString sweepAxisTitle(SweepAxis axis);

class SweepScene final : public HardwareScene {
    Q_OBJECT
public:
    SweepScene(const SweepChartData& data, const HardwarePalette& palette, QObject* parent = nullptr);

    // Step time, MFU, memory per GPU, exposed communication; empty when the sweep failed.
    [[nodiscard]] const std::vector<QChart*>& panels() const noexcept { return m_panels; }
    // Scene positions of the points in every panel, index as in sweep.points.
    [[nodiscard]] std::vector<std::vector<QPointF>> pointsInScene() const;

private:
    QChart* addPanel(const QRectF& geometry, const QString& title, const QString& yTitle, const std::vector<double>& y,
                     double yFloor);
    void drawMarkers(QChart& chart, const std::vector<double>& ys);
    void addNvlinkBoundary(QChart& chart, double yTop);
    void addExposedByAxis(QChart& chart);
    void addMemoryLimit(QChart& chart);
    void labelNvlinkBoundary();
    // Where the boundary line is drawn: between the last value inside the domain and the first beyond.
    [[nodiscard]] double boundaryX() const;
    void listExcluded(qreal top, qreal width);

    SweepChartData m_data;
    std::vector<QChart*> m_panels; // owned by the scene
    std::vector<std::vector<double>> m_values; // the y values drawn per panel
    double m_xMin = 1, m_xMax = 2;
};

// Sweeps `axis` of the context's scenario and builds its chart.
[[nodiscard]] std::unique_ptr<HardwareScene> createSweepScene(const EvaluationContext& ctx, const SpecCatalog& catalog,
                                                              SweepAxis axis, const HardwarePalette& palette);

} // namespace scalescope

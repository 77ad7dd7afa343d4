#pragma once
// The throughput–latency chart (Qt Charts) as a hardware scene, so that it
// exports through the one export path: output tokens/s per GPU against
// tokens/s per user, one curve per serving layout as the batch sweeps
// (model/search/serving_curve.h), the scenario's own layout highlighted
// and its operating point marked. The TPOT limit is a vertical line at
// 1 / tpot_max tokens/s per user (points right of it meet it); points whose
// TTFT exceeds the TTFT limit, which these axes cannot show, are hollow.
// Plain data in, nothing computed here.

#include "views/hardware/hardware_scene.h"

#include "model/search/inference_search.h"
#include "model/search/serving_curve.h"

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QScatterSeries;
QT_END_NAMESPACE

namespace scalescope {

struct ThroughputLatencyData {
    QString scenario;                     // the scenario's name, for the heading
    std::vector<ServingCurve> curves;     // the scenario's own layout first
    std::optional<ServingPoint> operating; // on curves[0]
    ServingLimits limits;                  // the scenario's TPOT and TTFT limits
};

// "TP 8 · PP 1 · DP 1" (and "· EP n" when n > 1).
[[nodiscard]] QString servingLayoutLabel(const ParallelLayout& p);

class ThroughputLatencyScene final : public HardwareScene {
    Q_OBJECT
public:
    ThroughputLatencyScene(const ThroughputLatencyData& data, const HardwarePalette& palette,
                           QObject* parent = nullptr);

    [[nodiscard]] QChart* chart() const noexcept { return m_chart; }
    // Scene position of a chart value (x tokens/s per user, y tokens/s per GPU).
    [[nodiscard]] QPointF scenePosition(double perUser, double perGpu) const;
    // The current layout's points, in the scene, ascending batch.
    [[nodiscard]] std::vector<QPointF> currentCurveInScene() const;
    [[nodiscard]] const std::vector<ServingPoint>& currentPoints() const noexcept { return m_current; }
    // Moves the operating-point marker (no rebuild); nullopt hides it.
    void setOperatingPoint(const std::optional<ServingPoint>& point);
    void setMarkerAt(const QPointF& scenePos);
    [[nodiscard]] std::optional<QPointF> markerInScene() const;

private:
    void buildChart(const ThroughputLatencyData& data);
    void labelBatches();
    void drawTpotLimit(const ServingLimits& limits, double yTop);

    QChart* m_chart = nullptr; // owned by the scene
    QScatterSeries* m_marker = nullptr;
    std::vector<ServingPoint> m_current;
};

} // namespace scalescope

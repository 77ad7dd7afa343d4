#pragma once
// The throughput–latency chart as a view: the curves of the serving layouts
// (the scenario's own first), its operating point as a marker the user drags
// along the own curve; a drag emits the batch under the marker, and the
// owner answers with the evaluated point (setOperatingPoint). Wiring:
//
//   chart->setCurves(name, servingCurvesToCompare(ctx, limits, 3), limits);
//   chart->setOperatingPoint(servingPoint(evaluateInference(ctx)));
//   connect(chart, &ThroughputLatencyChart::batchChosen, ..., set the batch);

#include "views/charts/throughput_latency_scene.h"
#include "views/hardware/hardware_view.h"

namespace scalescope {

class ThroughputLatencyChart final : public HardwareView {
    Q_OBJECT
public:
    explicit ThroughputLatencyChart(QWidget* parent = nullptr);

    // Replaces the curves and the limits drawn with them (rebuilds the
    // chart); curves[0] is the scenario's layout.
    void setCurves(const QString& scenario, std::vector<ServingCurve> curves, const ServingLimits& limits = {});
    // Moves the marker to the evaluated point of the scenario's layout (no rebuild).
    void setOperatingPoint(const std::optional<ServingPoint>& point);
    [[nodiscard]] const ThroughputLatencyData& data() const noexcept { return m_data; }

    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("throughput-latency"); }

    // The batch a drag to `scenePos` picks: the nearest place on the own
    // curve, between two swept batches b and b' at fraction t of the way,
    // batch round(b · (b'/b)^t) (the sweep doubles, so the batch grows
    // geometrically along a segment). nullopt without a curve.
    [[nodiscard]] std::optional<int> batchAt(const QPointF& scenePos, QPointF* onCurve = nullptr) const;

Q_SIGNALS:
    // A press grabbed the operating point: the batchChosen that follow, up to
    // the release, are one drag (one undo step for the owner).
    void dragStarted();
    void batchChosen(int batch);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void sceneRebuilt() override;

private:
    [[nodiscard]] ThroughputLatencyScene* chartScene() const;

    ThroughputLatencyData m_data;
    bool m_dragging = false;
    int m_lastBatch = 0;
};

} // namespace scalescope

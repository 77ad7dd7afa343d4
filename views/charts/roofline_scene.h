#pragma once
// A roofline chart (Qt Charts, log-log) as a hardware scene, so that it
// exports through the one export path: a ceiling per precision (dense
// peaks), one per memory level (HBM, and L2 where the spec gives it), the
// ridge points labelled, and the operations the user placed with their
// bound and time from model/chip/roofline.h. A panel beside the chart lists the
// numbers with their sources. Qt Charts stays in views/charts.

#include "views/hardware/hardware_scene.h"

#include "model/spec/hardware_specs.h"
#include "model/chip/roofline.h"

#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace scalescope {

struct RooflineOp {
    QString label;  // "matmul 4096 × 4096 × 4096"
    Precision precision = Precision::Bf16;
    OpCost cost;
};

struct RooflineCeiling {
    QString label;       // "BF16/FP16"
    double peak = 0;     // FLOP/s
    double ridge = 0;    // FLOP/byte at HBM bandwidth
};

class RooflineScene final : public HardwareScene {
    Q_OBJECT
public:
    RooflineScene(const GpuSpec& gpu, std::vector<RooflineOp> ops, const HardwarePalette& palette,
                  QObject* parent = nullptr);

    [[nodiscard]] const std::vector<RooflineCeiling>& ceilings() const noexcept { return m_ceilings; }
    [[nodiscard]] int memoryCeilings() const noexcept { return m_memoryCeilings; }
    [[nodiscard]] QChart* chart() const noexcept { return m_chart; }

private:
    void buildChart(const GpuSpec& gpu);
    void buildPanel(const GpuSpec& gpu, qreal left);

    std::vector<RooflineOp> m_ops;
    std::vector<RooflineCeiling> m_ceilings;
    int m_memoryCeilings = 0;
    QChart* m_chart = nullptr; // owned by the scene
};

} // namespace scalescope

#pragma once
// One streaming multiprocessor drawn from its spec: the sub-partitions with
// their warp scheduler, warp slots, register file share, FP32/INT32/FP64
// lanes and Tensor Cores; L1/SMEM and TMEM; and the occupancy of a block
// shape as the model computes it (resident warps per scheduler, the limit).

#include "hardware_scene.h"

#include "model/chip/occupancy.h"

namespace scalescope {

struct GpuSpec;

class SmScene final : public HardwareScene {
    Q_OBJECT
public:
    // smNumber: the SM named in the heading (0-based); -1 for any SM of the GPU.
    SmScene(const GpuSpec& gpu, const BlockShape& shape, const HardwarePalette& palette, int smNumber = -1,
            QObject* parent = nullptr);

    [[nodiscard]] const Occupancy& occupancyResult() const noexcept { return m_occupancy; }

private:
    qreal buildSubpartition(const GpuSpec& gpu, int index, const QRectF& column);
    void buildOccupancyPanel(const GpuSpec& gpu, const BlockShape& shape, const QRectF& area);
    qreal laneBlock(const QString& name, int lanes, const QColor& colour, const QString& tip, const QRectF& area);

    OccupancyLimits m_limits;
    Occupancy m_occupancy;
};

} // namespace scalescope

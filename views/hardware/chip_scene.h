#pragma once
// The GPU package drawn from its spec: dies (joined by their die-to-die link
// when there are two), the SM array split over the dies and around the L2
// partitions, HBM stacks around the dies, and the NVLink, PCIe and C2C ports.

#include "hardware_scene.h"

namespace scalescope {

struct GpuSpec;

class ChipScene final : public HardwareScene {
    Q_OBJECT
public:
    ChipScene(const GpuSpec& gpu, const HardwarePalette& palette, QObject* parent = nullptr);

private:
    QRectF buildPackage(const GpuSpec& gpu);
    void buildPorts(const GpuSpec& gpu, const QRectF& package);
    void buildFigures(const GpuSpec& gpu, const QRectF& package);
};

} // namespace scalescope

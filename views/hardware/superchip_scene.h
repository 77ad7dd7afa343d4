#pragma once
// A superchip drawn from its spec: the Grace CPU between its GPUs, the
// NVLink-C2C links, the LPDDR5X and HBM pools drawn to one scale of
// capacity, and where a model's weights land (HBM, spilled to LPDDR5X, or
// nowhere) with the bandwidth each part is read at, from the model's fit.

#include "hardware_scene.h"

#include "model/chip/superchip_fit.h"

namespace scalescope {

struct CpuSpec;

class SuperchipScene final : public HardwareScene {
    Q_OBJECT
public:
    // cpu may be null when the catalog lacks it; modelName labels the weights
    // ("" for a size typed in by hand).
    SuperchipScene(const SuperchipSpec& superchip, const CpuSpec* cpu, const GpuSpec& gpu, Bytes model, int gpusUsed,
                   const QString& modelName, const HardwarePalette& palette, QObject* parent = nullptr);

    [[nodiscard]] const SuperchipFit& fit() const noexcept { return m_fit; }

private:
    qreal buildFitBar(const QString& modelName, qreal left, qreal top, qreal scale);

    SuperchipMemory m_memory;
    SuperchipFit m_fit;
};

} // namespace scalescope

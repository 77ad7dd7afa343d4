#pragma once
// The memory hierarchy of one GPU in its system, fastest first: registers,
// SMEM/L1, L2, HBM, CPU memory over NVLink-C2C (superchips), peer HBM over
// NVLink and the network. Capacity and bandwidth are bars on log scales;
// each number comes from a spec and its tooltip cites it. Derived numbers
// (register and SMEM bandwidth) state their formula. Latency is not drawn:
// no spec or seed gives it for these levels, and we do not invent it.

#include "hardware_scene.h"

#include "model/spec/hardware_specs.h"
#include "model/spec/system_spec.h"

#include <optional>

namespace scalescope {

class MemoryScene final : public HardwareScene {
    Q_OBJECT
public:
    // system and superchip may be null (a bare GPU).
    MemoryScene(const GpuSpec& gpu, const SystemSpec* system, const SuperchipSpec* superchip,
                const HardwarePalette& palette, QObject* parent = nullptr);

    struct Level {
        QString name, detail;
        std::optional<Bytes> capacity;
        std::optional<BytesPerSecond> bandwidth;
        QString capacityTip, bandwidthTip;
        QColor colour;
    };
    [[nodiscard]] const std::vector<Level>& levels() const noexcept { return m_levels; }

private:
    void collect(const GpuSpec& gpu, const SystemSpec* system, const SuperchipSpec* superchip);
    void draw();

    std::vector<Level> m_levels;
};

} // namespace scalescope

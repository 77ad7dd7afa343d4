#pragma once
// The sharding map's scene: every GPU of the job as a cell, placed as the
// hardware is (GPUs in nodes or trays, nodes in NVLink domains, domains in
// scalable units), filled by its coordinate along one mesh axis. Built whole
// from a PlannerResult; the coordinates come from model/network/mesh_placement.h.

#include "planner_result.h"

#include "views/hardware/hardware_scene.h"

namespace scalescope {

// What the cells are coloured by.
enum class ShardingColouring { Tp, Pp, Dp, Ep };
[[nodiscard]] Axis colouringAxis(ShardingColouring c) noexcept;

class ShardingMapScene final : public HardwareScene {
    Q_OBJECT
public:
    // Above this many GPUs cells get no labels and no tooltips (click for details).
    static constexpr long long kDetailedCells = 4096;

    ShardingMapScene(const PlannerResult& result, ShardingColouring colouring, const HardwarePalette& palette,
                     QObject* parent = nullptr);

    // Fill of the cell with this coordinate among `count` values.
    [[nodiscard]] static QColor cellColour(int value, int count);
    // Scene rectangle of a rank's cell (empty when out of range).
    [[nodiscard]] QRectF cellRect(long long rank) const;
    [[nodiscard]] long long cellCount() const noexcept { return static_cast<long long>(m_cells.size()); }

private:
    void build(const PlannerResult& result, ShardingColouring colouring);

    std::vector<QRectF> m_cells; // by rank
};

} // namespace scalescope

#pragma once
// A rack elevation drawn from SystemSpec.rack.slots: U numbers, every slot
// with its label and power, and inside each compute tray or node the
// superchips, CPUs, GPUs and NVSwitch chips the node spec lists (drawn in
// detail when zoomed in). Works for NVL72 racks and DGX/HGX racks alike.
// GPU boxes (kind "gpu") carry their 0-based place in the rack as index and
// are labelled with their cluster GPU number, nodes with their cluster node
// number, trays with their place in the rack (`rackIndex`, 0-based, places
// the rack in the cluster: model/network/rack_position.h, docs/views.md).

#include "hardware_scene.h"

namespace scalescope {

class SpecCatalog;
struct RackSlotSpec;
struct SystemSpec;

class RackScene final : public HardwareScene {
    Q_OBJECT
public:
    RackScene(const SystemSpec& system, const SpecCatalog& catalog, const HardwarePalette& palette,
              long long rackIndex = 0, QObject* parent = nullptr);

    // Slot item kinds a click zooms into.
    [[nodiscard]] static bool isSlotKind(const QString& kind);
    // Compute trays and nodes: the slots that hold GPUs (their index: 0-based among them).
    [[nodiscard]] static bool isComputeSlotKind(const QString& kind);
    // Scene rectangle of the rack's GPU with this 0-based index (empty when none).
    [[nodiscard]] QRectF gpuRect(int gpuInRack) const;

private:
    QString slotLabel(const SystemSpec& system, const RackSlotSpec& slot, int ordinal) const;
    long long m_rack = 0;
    void buildContents(const SystemSpec& system, const RackSlotSpec& slot, const QRectF& area, QGraphicsItem* parent);
    void buildSummary(const SystemSpec& system, const QRectF& area);

    const SpecCatalog& m_catalog;
    long long m_firstGpu = 0; // cluster number of the rack's first GPU
    int m_gpuCounter = 0;
    std::vector<QRectF> m_gpuRects;
    int m_switchCounter = 0;
};

} // namespace scalescope

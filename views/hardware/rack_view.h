#pragma once
// The rack view: the elevation of the picked system's rack. Clicking a tray
// zooms into it, where its superchips, CPUs and GPUs are labelled. A rack
// number picks which rack of the cluster it is, so that its GPUs carry
// their cluster GPU numbers; clicking a GPU selects it in the shared
// GpuSelection, and a GPU selected elsewhere is shown here: the view turns
// to its system and rack, outlines it and zooms to its tray.

#include "hardware_view.h"

#include "views/selection/gpu_selection.h"

#include <QPointer>

class QComboBox;
class QGraphicsItem;
class QLabel;
class QSpinBox;

namespace scalescope {

class SpecCatalog;

class RackView final : public HardwareView {
    Q_OBJECT
public:
    explicit RackView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setSystem(const QString& id);
    [[nodiscard]] QString systemId() const;
    // 0-based rack of the cluster, as the spin box shows it.
    void setRack(long long rack);
    [[nodiscard]] long long rack() const;
    // Zooms to the slot under this item (or its parents); false when none.
    bool zoomToSlot(QGraphicsItem* item);
    // Follows and publishes the GPU selection shared with the other views (not owned).
    void setGpuSelection(GpuSelection* selection);
    [[nodiscard]] const GpuRef& selectedGpu() const noexcept { return m_selected; }
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("rack"); }

protected:
    void retranslateControls() override;
    void applyFocus(const HardwareFocus& focus) override { setSystem(focus.system); }
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override
    {
        return pickerMismatch(*m_system, focus.system, focus.systemName);
    }
    void sceneRebuilt() override;

private:
    void updateRackRange();
    [[nodiscard]] long long clusterGpuOf(int gpuInRack) const;
    void pick(const GpuRef& ref); // a click here: publish, or show when nothing is shared
    void follow(const GpuRef& ref);
    bool zoomToSlotAt(const QPointF& scenePos);
    // A double-click: into the tray or node under it, then (inside that tray)
    // into the superchip or GPU under it.
    void drillAt(const QPointF& scenePos);
    void followDrill(const DrillPath& path);
    // The box of the rack's compute tray or node with this 0-based index; null when none.
    [[nodiscard]] QGraphicsItem* computeSlotItem(int tray) const;

    const SpecCatalog& m_catalog;
    QLabel* m_systemLabel = nullptr;
    QComboBox* m_system = nullptr;
    QLabel* m_rackLabel = nullptr;
    QSpinBox* m_rack = nullptr;
    QPointer<GpuSelection> m_selection; // not owned
    GpuRef m_selected;
};

} // namespace scalescope

#pragma once
// The topology view: pick a system and a GPU count, see the network graph
// the model builds, and highlight the links a collective over the first N
// GPUs uses. The Topology (and its bisection max flow) is built only when
// the system or GPU count changes; picking a collective only redraws.
// Clicking a GPU (or a folded domain: its first GPU) selects it in the
// shared GpuSelection; a GPU selected elsewhere is outlined here, after
// switching system or growing the GPU count when the graph lacks it (when
// next shown, if hidden: a 100,000-GPU graph takes seconds). A selection
// alone only moves the marks; the graph is not rebuilt for it.

#include "hardware_view.h"

#include "topology_scene.h"

#include "views/selection/gpu_selection.h"

#include <QPointer>

#include <memory>

class QComboBox;
class QLabel;
class QSpinBox;
class QTimer;

namespace scalescope {

class ByteSizeSpinBox;
class SpecCatalog;

class TopologyView final : public HardwareView {
    Q_OBJECT
public:
    explicit TopologyView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setSystem(const QString& id); // also resets the GPU count to the system's default
    [[nodiscard]] QString systemId() const;
    void setGpuCount(long long gpus);
    void setCollective(CollectiveKind kind, long long groupSize, Bytes bytes);
    [[nodiscard]] const Topology* topology() const noexcept { return m_topology.get(); }
    [[nodiscard]] long long gpuCount() const;
    // Follows and publishes the GPU selection shared with the other views (not owned).
    void setGpuSelection(GpuSelection* selection);
    [[nodiscard]] const GpuRef& selectedGpu() const noexcept { return m_selected; }
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("topology"); }

    // 1,024 GPUs for a DGX SuperPOD, one NVLink domain for an NVL72 system.
    [[nodiscard]] static long long defaultGpus(const SystemSpec& system);
    // The collective's group by default: half a multi-domain cluster, else all of it.
    [[nodiscard]] static long long defaultGroup(const SystemSpec& system);

protected:
    void retranslateControls() override;
    void sceneRebuilt() override;
    void showEvent(QShowEvent* event) override;
    // The scenario's system and cluster size.
    void applyFocus(const HardwareFocus& focus) override;
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override;

private:
    void rebuildTopology();
    void pick(const GpuRef& ref); // a click here: publish, or show when nothing is shared
    void follow(const GpuRef& ref);

    const SpecCatalog& m_catalog;
    QLabel* m_systemLabel = nullptr;
    QComboBox* m_system = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QSpinBox* m_gpus = nullptr;
    QLabel* m_collectiveLabel = nullptr;
    QComboBox* m_collective = nullptr;
    QSpinBox* m_groupSize = nullptr;
    ByteSizeSpinBox* m_bytes = nullptr;
    QTimer* m_coalesce = nullptr;
    std::shared_ptr<const Topology> m_topology;
    BytesPerSecond m_bisection{};
    QPointer<GpuSelection> m_selection; // not owned
    GpuRef m_selected;
    bool m_followPending = false; // a selection arrived while hidden
    bool m_focusPending = false;  // the scenario's hardware arrived while hidden
};

// A scene for the CLI and tests: system, GPU count and collective.
[[nodiscard]] std::unique_ptr<HardwareScene> createTopologyScene(const SpecCatalog& catalog, const std::string& systemId,
                                                                 long long gpus, const TopologyHighlight& highlight,
                                                                 const HardwarePalette& palette);

} // namespace scalescope

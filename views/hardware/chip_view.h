#pragma once
// The chip view: one GPU package, picked from the catalog.

#include "hardware_view.h"

#include "views/selection/gpu_selection.h"

#include <QPointer>

class QComboBox;
class QLabel;

namespace scalescope {

class SpecCatalog;

class ChipView final : public HardwareView {
    Q_OBJECT
public:
    explicit ChipView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setGpu(const QString& id); // false if the catalog has no such GPU
    [[nodiscard]] QString gpuId() const;
    // Follows the drill-down (drilled into a GPU: its system's GPU); a
    // double-clicked SM drills into it.
    void setGpuSelection(GpuSelection* selection);
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("chip"); }

protected:
    void retranslateControls() override;
    void applyFocus(const HardwareFocus& focus) override { setGpu(focus.gpu); }
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override
    {
        return pickerMismatch(*m_gpu, focus.gpu, focus.gpuName);
    }

private:
    const SpecCatalog& m_catalog;
    QLabel* m_gpuLabel = nullptr;
    QComboBox* m_gpu = nullptr;
    QPointer<GpuSelection> m_selection; // not owned
};

} // namespace scalescope

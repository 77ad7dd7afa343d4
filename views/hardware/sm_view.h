#pragma once
// The SM view: one streaming multiprocessor of the picked GPU, and an
// occupancy control (threads and registers per thread, shared memory per
// block) that shows how many warps stay resident.

#include "hardware_view.h"

#include "model/chip/occupancy.h"
#include "views/selection/gpu_selection.h"

#include <QPointer>

class QComboBox;
class QLabel;
class QSpinBox;

namespace scalescope {

class SpecCatalog;

class SmView final : public HardwareView {
    Q_OBJECT
public:
    explicit SmView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setGpu(const QString& id);
    [[nodiscard]] QString gpuId() const;
    void setBlockShape(int threadsPerBlock, int registersPerThread, int sharedKiB);
    [[nodiscard]] BlockShape blockShape() const;
    // The SM drawn, 0-based, named in the heading; -1: any SM.
    void setSmNumber(int sm);
    [[nodiscard]] int smNumber() const noexcept { return m_smNumber; }
    // Follows the drill-down: drilled into an SM, its GPU and number.
    void setGpuSelection(GpuSelection* selection);
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("sm"); }

protected:
    void retranslateControls() override;
    void applyFocus(const HardwareFocus& focus) override { setGpu(focus.gpu); }
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override
    {
        return pickerMismatch(*m_gpu, focus.gpu, focus.gpuName);
    }

private:
    void applyLimits();

    const SpecCatalog& m_catalog;
    QLabel* m_gpuLabel = nullptr;
    QComboBox* m_gpu = nullptr;
    QLabel* m_threadsLabel = nullptr;
    QSpinBox* m_threads = nullptr;
    QLabel* m_registersLabel = nullptr;
    QSpinBox* m_registers = nullptr;
    QLabel* m_sharedLabel = nullptr;
    QSpinBox* m_shared = nullptr;
    int m_smNumber = -1;
    QPointer<GpuSelection> m_selection; // not owned
};

} // namespace scalescope

#pragma once
// The superchip view: pick a superchip, then a model size in GB or a model
// and precision (parameters × bytes per element), and see where it lands.

#include "hardware_view.h"

#include "model/spec/units.h"
#include "views/selection/gpu_selection.h"

#include <QPointer>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace scalescope {

class SpecCatalog;

class SuperchipView final : public HardwareView {
    Q_OBJECT
public:
    explicit SuperchipView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setSuperchip(const QString& id);
    [[nodiscard]] QString superchipId() const;
    void setModelSizeGB(double gb);                          // custom size
    bool setModel(const QString& modelId, const QString& precisionKey); // from the catalog
    void setGpusUsed(int gpus);
    [[nodiscard]] Bytes modelBytes() const;
    // Follows the drill-down (drilled into a superchip: its system's
    // superchip, the GPU outlined); a double-clicked GPU drills into it.
    void setGpuSelection(GpuSelection* selection);
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("superchip"); }

protected:
    void retranslateControls() override;
    void sceneRebuilt() override;
    // A system without superchips leaves the view as it is.
    void applyFocus(const HardwareFocus& focus) override { setSuperchip(focus.superchip); }
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override
    {
        return pickerMismatch(*m_superchip, focus.superchip, focus.superchipName);
    }

private:
    void modelPicked();
    void superchipPicked();
    void followDrill(const DrillPath& path);
    void drillAt(const QPointF& scenePos);

    const SpecCatalog& m_catalog;
    QLabel* m_superchipLabel = nullptr;
    QComboBox* m_superchip = nullptr;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    QComboBox* m_precision = nullptr;
    QDoubleSpinBox* m_size = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QSpinBox* m_gpus = nullptr;
    QPointer<GpuSelection> m_selection; // not owned
};

} // namespace scalescope

#pragma once
// The chip view: one GPU package, picked from the catalog.

#include "hardware_view.h"

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
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("chip"); }

protected:
    void retranslateControls() override;

private:
    const SpecCatalog& m_catalog;
    QLabel* m_gpuLabel = nullptr;
    QComboBox* m_gpu = nullptr;
};

} // namespace scalescope

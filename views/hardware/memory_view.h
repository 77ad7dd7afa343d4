#pragma once
// The memory hierarchy view: pick a system (and through it the GPU and any
// superchip), see registers to network on log scales.

#include "hardware_view.h"

class QComboBox;
class QLabel;

namespace scalescope {

class SpecCatalog;

class MemoryView final : public HardwareView {
    Q_OBJECT
public:
    explicit MemoryView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setSystem(const QString& id);
    [[nodiscard]] QString systemId() const;
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("memory"); }

protected:
    void retranslateControls() override;
    void applyFocus(const HardwareFocus& focus) override { setSystem(focus.system); }
    [[nodiscard]] std::optional<FocusMismatch> focusMismatch(const HardwareFocus& focus) const override
    {
        return pickerMismatch(*m_system, focus.system, focus.systemName);
    }

private:
    const SpecCatalog& m_catalog;
    QLabel* m_systemLabel = nullptr;
    QComboBox* m_system = nullptr;
};

// The scene for a system id, or an empty scene when the catalog lacks it.
[[nodiscard]] std::unique_ptr<HardwareScene> createMemoryScene(const SpecCatalog& catalog, const std::string& systemId,
                                                               const HardwarePalette& palette);

} // namespace scalescope

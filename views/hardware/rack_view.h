#pragma once
// The rack view: the elevation of the picked system's rack. Clicking a tray
// zooms into it, where its superchips, CPUs and GPUs are labelled.

#include "hardware_view.h"

class QComboBox;
class QGraphicsItem;
class QLabel;

namespace scalescope {

class SpecCatalog;

class RackView final : public HardwareView {
    Q_OBJECT
public:
    explicit RackView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    bool setSystem(const QString& id);
    [[nodiscard]] QString systemId() const;
    // Zooms to the slot under this item (or its parents); false when none.
    bool zoomToSlot(QGraphicsItem* item);
    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("rack"); }

protected:
    void retranslateControls() override;

private:
    const SpecCatalog& m_catalog;
    QLabel* m_systemLabel = nullptr;
    QComboBox* m_system = nullptr;
};

} // namespace scalescope

#pragma once
// The "memory" page of the navigator: the memory hierarchy and the
// roofline chart as two tabs. Lives here because the roofline uses Qt Charts.

#include <QTabWidget>

namespace scalescope {

class HardwareView;
class MemoryView;
class RooflineView;
class SpecCatalog;

class MemoryPage final : public QTabWidget {
    Q_OBJECT
public:
    explicit MemoryPage(const SpecCatalog& catalog, QWidget* parent = nullptr);

    [[nodiscard]] MemoryView* memoryView() const noexcept { return m_memory; }
    [[nodiscard]] RooflineView* rooflineView() const noexcept { return m_roofline; }
    // The tab shown, for export.
    [[nodiscard]] HardwareView* currentView() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    MemoryView* m_memory = nullptr;
    RooflineView* m_roofline = nullptr;
};

} // namespace scalescope

#include "memory_page.h"

#include "roofline_view.h"

#include "views/hardware/memory_view.h"

#include <QEvent>

namespace scalescope {

MemoryPage::MemoryPage(const SpecCatalog& catalog, QWidget* parent)
    : QTabWidget(parent), m_memory(new MemoryView(catalog, this)), m_roofline(new RooflineView(catalog, this))
{
    setObjectName(QStringLiteral("memoryPage"));
    addTab(m_memory, QString());
    addTab(m_roofline, QString());
    setDocumentMode(true);
    retranslate();
}

HardwareView* MemoryPage::currentView() const
{
    return qobject_cast<HardwareView*>(currentWidget());
}

void MemoryPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QTabWidget::changeEvent(event);
}

void MemoryPage::retranslate()
{
    setTabText(0, tr("Hierarchy"));
    setTabText(1, tr("Roofline"));
}

} // namespace scalescope

#include "memory_view.h"

#include "memory_scene.h"
#include "spec_picker.h"

#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace scalescope {

std::unique_ptr<HardwareScene> createMemoryScene(const SpecCatalog& catalog, const std::string& systemId,
                                                 const HardwarePalette& palette)
{
    const SystemSpec* system = catalog.system(systemId);
    const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
    if (!gpu) return std::make_unique<HardwareScene>(palette);
    const SuperchipSpec* superchip = system->superchip ? catalog.superchip(*system->superchip) : nullptr;
    return std::make_unique<MemoryScene>(*gpu, system, superchip, palette);
}

MemoryView::MemoryView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_systemLabel(new QLabel(this)), m_system(new BoundedComboBox(this))
{
    m_system->setObjectName(QStringLiteral("systemPicker"));
    m_systemLabel->setBuddy(m_system);
    controls()->addWidget(m_systemLabel);
    controls()->addWidget(m_system);
    fillSpecPicker(*m_system, m_catalog, SpecKind::System, QStringLiteral("gb200-nvl72"));
    connect(m_system, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    retranslateControls();
    rebuild();
}

bool MemoryView::setSystem(const QString& id)
{
    return selectSpec(*m_system, id);
}

QString MemoryView::systemId() const
{
    return pickedId(*m_system);
}

std::unique_ptr<HardwareScene> MemoryView::createScene(const HardwarePalette& palette) const
{
    return createMemoryScene(m_catalog, systemId().toStdString(), palette);
}

void MemoryView::retranslateControls()
{
    m_systemLabel->setText(tr("&System:"));
}

} // namespace scalescope

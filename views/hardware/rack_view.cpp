#include "rack_view.h"

#include "rack_scene.h"
#include "spec_picker.h"
#include "zoomable_view.h"

#include "model/spec_catalog.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace scalescope {

RackView::RackView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_systemLabel(new QLabel(this)), m_system(new QComboBox(this))
{
    m_system->setObjectName(QStringLiteral("systemPicker"));
    m_systemLabel->setBuddy(m_system);
    controls()->addWidget(m_systemLabel);
    controls()->addWidget(m_system);
    fillSpecPicker(*m_system, m_catalog, SpecKind::System, QStringLiteral("gb200-nvl72"));
    connect(m_system, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(graphicsView(), &ZoomableGraphicsView::itemClicked, this, [this](QGraphicsItem* item) {
        if (!zoomToSlot(item)) fit();
    });
    retranslateControls();
    rebuild();
}

bool RackView::setSystem(const QString& id)
{
    return selectSpec(*m_system, id);
}

QString RackView::systemId() const
{
    return pickedId(*m_system);
}

bool RackView::zoomToSlot(QGraphicsItem* item)
{
    // Contents sit on top of their slot: look under them for the slot item.
    if (!item || !scene()) return false;
    for (QGraphicsItem* under : scene()->items(item->sceneBoundingRect().center())) {
        if (!RackScene::isSlotKind(under->data(kItemKindKey).toString())) continue;
        graphicsView()->zoomTo(under->sceneBoundingRect().adjusted(-12, -12, 12, 12));
        return true;
    }
    return false;
}

std::unique_ptr<HardwareScene> RackView::createScene(const HardwarePalette& palette) const
{
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    if (!system) return std::make_unique<HardwareScene>(palette);
    return std::make_unique<RackScene>(*system, m_catalog, palette);
}

void RackView::retranslateControls()
{
    m_systemLabel->setText(tr("&System:"));
}

} // namespace scalescope

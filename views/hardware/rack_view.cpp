#include "rack_view.h"

#include "rack_scene.h"
#include "spec_picker.h"
#include "zoomable_view.h"

#include "model/network/rack_position.h"
#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <limits>

namespace scalescope {

RackView::RackView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_systemLabel(new QLabel(this)), m_system(new BoundedComboBox(this)),
      m_rackLabel(new QLabel(this)), m_rack(new QSpinBox(this))
{
    m_system->setObjectName(QStringLiteral("systemPicker"));
    m_rack->setObjectName(QStringLiteral("rackNumber"));
    m_rack->setGroupSeparatorShown(true);
    m_rack->setKeyboardTracking(false);
    m_systemLabel->setBuddy(m_system);
    m_rackLabel->setBuddy(m_rack);
    controls()->addWidget(m_systemLabel);
    controls()->addWidget(m_system);
    controls()->addWidget(m_rackLabel);
    controls()->addWidget(m_rack);
    fillSpecPicker(*m_system, m_catalog, SpecKind::System, QStringLiteral("gb200-nvl72"));
    updateRackRange();
    connect(m_system, &QComboBox::currentIndexChanged, this, [this] {
        updateRackRange();
        rebuild();
    });
    // Another rack of the same system has the same geometry: keep the zoom.
    connect(m_rack, &QSpinBox::valueChanged, this, [this] { rebuild(false); });
    connect(graphicsView(), &ZoomableGraphicsView::itemClicked, this, [this](QGraphicsItem* item, QPointF at) {
        // Labels and selection marks lie on top of the GPU box: look under them.
        for (QGraphicsItem* under : scene() ? scene()->items(at) : QList<QGraphicsItem*>{})
            if (under->data(kItemKindKey).toString() == QLatin1String("gpu")) {
                pick({systemId(), clusterGpuOf(under->data(kItemIndexKey).toInt()), 0}); // also zooms to its tray
                return;
            }
        if (!zoomToSlot(item)) fit();
    });
    connect(graphicsView(), &ZoomableGraphicsView::itemDoubleClicked, this,
            [this](QGraphicsItem*, QPointF at) { drillAt(at); });
    retranslateControls();
    rebuild();
}

void RackView::drillAt(const QPointF& scenePos)
{
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    if (!m_selection || !system || !scene()) return;
    int tray = -1, superchip = -1, gpu = -1;
    for (QGraphicsItem* under : scene()->items(scenePos)) {
        const QString kind = under->data(kItemKindKey).toString();
        const int index = under->data(kItemIndexKey).toInt();
        if (RackScene::isComputeSlotKind(kind))
            tray = index;
        else if (kind == QLatin1String("superchip"))
            superchip = index;
        else if (kind == QLatin1String("gpu"))
            gpu = index;
    }
    if (tray < 0) return;
    const DrillPath& at = m_selection->drillPath();
    const bool inTray = at.level >= DrillLevel::Tray && at.system == systemId() && at.rack == rack() && at.tray == tray;
    const int trayGpus = system->node.gpus.value;
    const int superchips = system->node.superchips ? system->node.superchips->value : 0;
    if (!inTray) {
        m_selection->drillTo(drillToTray(m_catalog, systemId(), rack(), tray));
    } else if (gpu >= 0 || superchip >= 0) {
        // A superchip holder without a GPU under the click: its first GPU.
        const int inRack = gpu >= 0 ? gpu : tray * trayGpus + superchip * (superchips > 0 ? trayGpus / superchips : 1);
        m_selection->drillTo(drillToGpu(m_catalog, systemId(), clusterGpuOf(inRack), DrillLevel::Superchip));
    }
}

void RackView::followDrill(const DrillPath& path)
{
    if (path.level == DrillLevel::Rack || path.tray < 0) { // back out to the whole rack
        sceneRebuilt();
        if (path.system.isEmpty() || (path.system == systemId() && path.rack == rack())) fit();
        return;
    }
    if (path.system != systemId() && !setSystem(path.system)) return;
    if (path.rack != rack()) setRack(path.rack);
    sceneRebuilt(); // outlines the tray
    zoomToSlot(computeSlotItem(path.tray));
}

QGraphicsItem* RackView::computeSlotItem(int tray) const
{
    for (QGraphicsItem* slot : scene() ? scene()->items() : QList<QGraphicsItem*>{})
        if (RackScene::isComputeSlotKind(slot->data(kItemKindKey).toString()) &&
            slot->data(kItemIndexKey).toInt() == tray)
            return slot;
    return nullptr;
}

long long RackView::clusterGpuOf(int gpuInRack) const
{
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    return system ? clusterGpu(*system, rack(), gpuInRack) : -1;
}

void RackView::updateRackRange()
{
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    const long long racks = system ? rackCount(*system) : 1;
    const QSignalBlocker blocker(m_rack);
    m_rack->setRange(0, int(std::min<long long>(racks - 1, std::numeric_limits<int>::max())));
    m_rack->setValue(0);
}

bool RackView::setSystem(const QString& id)
{
    return selectSpec(*m_system, id);
}

QString RackView::systemId() const
{
    return pickedId(*m_system);
}

void RackView::setRack(long long rack)
{
    m_rack->setValue(int(rack)); // rebuilds when it changes
}

long long RackView::rack() const
{
    return m_rack->value();
}

void RackView::setGpuSelection(GpuSelection* selection)
{
    attachSelection(m_selection, selection, this, [this](const GpuRef& r) { follow(r); });
    attachDrill(m_selection, selection, this, [this](const DrillPath& p) { followDrill(p); });
}

void RackView::pick(const GpuRef& ref)
{
    publishPick(m_selection, ref, [this](const GpuRef& r) { follow(r); });
}

void RackView::follow(const GpuRef& ref)
{
    m_selected = ref;
    const SystemSpec* system = ref.valid() ? m_catalog.system(ref.system.toStdString()) : nullptr;
    const auto at = system ? rackPosition(*system, ref.gpu) : std::nullopt;
    if (at && at->rack < rackCount(*system) && (ref.system == systemId() || setSystem(ref.system))) {
        if (at->rack != rack()) setRack(at->rack);
    }
    sceneRebuilt();
    if (auto* s = dynamic_cast<RackScene*>(scene()); s && at && ref.system == systemId() && at->rack == rack())
        zoomToSlotAt(s->gpuRect(at->gpuInRack).center());
}

void RackView::sceneRebuilt()
{
    auto* s = dynamic_cast<RackScene*>(scene());
    if (!s) return;
    s->clearSelectionMarks();
    // The tray or node the drill-down stands in.
    if (m_selection) {
        const DrillPath& at = m_selection->drillPath();
        if (at.level >= DrillLevel::Tray && at.system == systemId() && at.rack == rack())
            if (QGraphicsItem* tray = computeSlotItem(at.tray)) s->markSelected(tray->sceneBoundingRect(), false);
    }
    const SystemSpec* system = m_selected.valid() ? m_catalog.system(m_selected.system.toStdString()) : nullptr;
    const auto at = system ? rackPosition(*system, m_selected.gpu) : std::nullopt;
    if (!at || m_selected.system != systemId() || at->rack != rack()) return;
    if (const QRectF r = s->gpuRect(at->gpuInRack); !r.isEmpty()) s->markSelected(r, true);
}

bool RackView::zoomToSlot(QGraphicsItem* item)
{
    return item && zoomToSlotAt(item->sceneBoundingRect().center());
}

bool RackView::zoomToSlotAt(const QPointF& scenePos)
{
    // Contents sit on top of their slot: look under them for the slot item.
    if (!scene()) return false;
    for (QGraphicsItem* under : scene()->items(scenePos)) {
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
    return std::make_unique<RackScene>(*system, m_catalog, palette, rack());
}

void RackView::retranslateControls()
{
    m_systemLabel->setText(tr("&System:"));
    m_rackLabel->setText(tr("&Rack:"));
    m_rack->setToolTip(tr("Which rack of the cluster: its GPUs are numbered as in the topology and the sharding map"));
}

} // namespace scalescope

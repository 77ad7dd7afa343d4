#include "chip_view.h"

#include "chip_scene.h"
#include "spec_picker.h"
#include "views/widgets/bounded_combo_box.h"
#include "zoomable_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace scalescope {

ChipView::ChipView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_gpuLabel(new QLabel(this)), m_gpu(new BoundedComboBox(this))
{
    m_gpu->setObjectName(QStringLiteral("gpuPicker"));
    m_gpuLabel->setBuddy(m_gpu);
    controls()->addWidget(m_gpuLabel);
    controls()->addWidget(m_gpu);
    fillSpecPicker(*m_gpu, m_catalog, SpecKind::Gpu, QStringLiteral("b200"));
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(graphicsView(), &ZoomableGraphicsView::itemDoubleClicked, this, [this](QGraphicsItem*, QPointF at) {
        if (!m_selection || !scene()) return;
        for (QGraphicsItem* under : scene()->items(at))
            if (under->data(kItemKindKey).toString() == QLatin1String("sm")) {
                DrillPath next = m_selection->drillPath();
                next.level = DrillLevel::Sm;
                next.sm = under->data(kItemIndexKey).toInt();
                m_selection->drillTo(next);
                return;
            }
    });
    retranslateControls();
    rebuild();
}

bool ChipView::setGpu(const QString& id)
{
    return selectSpec(*m_gpu, id);
}

void ChipView::setGpuSelection(GpuSelection* selection)
{
    attachDrill(m_selection, selection, this, [this](const DrillPath& path) {
        const SystemSpec* system = m_catalog.system(path.system.toStdString());
        if (path.level >= DrillLevel::Gpu && system) setGpu(QString::fromStdString(system->gpu));
    });
}

QString ChipView::gpuId() const
{
    return pickedId(*m_gpu);
}

std::unique_ptr<HardwareScene> ChipView::createScene(const HardwarePalette& palette) const
{
    const GpuSpec* gpu = m_catalog.gpu(gpuId().toStdString());
    if (!gpu) return std::make_unique<HardwareScene>(palette);
    return std::make_unique<ChipScene>(*gpu, palette);
}

void ChipView::retranslateControls()
{
    m_gpuLabel->setText(tr("&GPU:"));
}

} // namespace scalescope

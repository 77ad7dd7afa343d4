#include "sm_view.h"

#include "sm_scene.h"
#include "spec_picker.h"
#include "views/widgets/bounded_combo_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace scalescope {

namespace {
constexpr double kKiB = 1024.0;
}

SmView::SmView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_gpuLabel(new QLabel(this)), m_gpu(new BoundedComboBox(this)),
      m_threadsLabel(new QLabel(this)), m_threads(new QSpinBox(this)), m_registersLabel(new QLabel(this)),
      m_registers(new QSpinBox(this)), m_sharedLabel(new QLabel(this)), m_shared(new QSpinBox(this))
{
    m_gpu->setObjectName(QStringLiteral("gpuPicker"));
    m_threads->setObjectName(QStringLiteral("threadsPerBlock"));
    m_registers->setObjectName(QStringLiteral("registersPerThread"));
    m_shared->setObjectName(QStringLiteral("sharedPerBlock"));
    m_gpuLabel->setBuddy(m_gpu);
    m_threadsLabel->setBuddy(m_threads);
    m_registersLabel->setBuddy(m_registers);
    m_sharedLabel->setBuddy(m_shared);
    for (QWidget* w : std::initializer_list<QWidget*>{m_gpuLabel, m_gpu, m_threadsLabel, m_threads, m_registersLabel,
                                                      m_registers, m_sharedLabel, m_shared})
        controls()->addWidget(w);
    m_threads->setSingleStep(kWarpSize);
    fillSpecPicker(*m_gpu, m_catalog, SpecKind::Gpu, QStringLiteral("b200"));
    applyLimits();
    m_threads->setValue(256);
    m_registers->setValue(255); // seed 004's example: ~256 registers per thread leave 8 warps
    connect(m_gpu, &QComboBox::currentIndexChanged, this, [this] {
        applyLimits();
        rebuild();
    });
    for (QSpinBox* box : {m_threads, m_registers, m_shared})
        connect(box, &QSpinBox::valueChanged, this, [this] { rebuild(false); });
    retranslateControls();
    rebuild();
}

void SmView::applyLimits()
{
    const GpuSpec* gpu = m_catalog.gpu(gpuId().toStdString());
    if (!gpu) return;
    const OccupancyLimits limits = occupancyLimits(gpu->sm);
    const QSignalBlocker b1(m_threads), b2(m_registers), b3(m_shared);
    m_threads->setRange(kWarpSize, limits.maxThreads);
    m_registers->setRange(1, limits.maxRegistersPerThread > 0 ? limits.maxRegistersPerThread : 1024);
    m_shared->setRange(0, static_cast<int>(limits.sharedMemory.si / kKiB));
}

bool SmView::setGpu(const QString& id)
{
    return selectSpec(*m_gpu, id);
}

QString SmView::gpuId() const
{
    return pickedId(*m_gpu);
}

void SmView::setBlockShape(int threadsPerBlock, int registersPerThread, int sharedKiB)
{
    {
        const QSignalBlocker b1(m_threads), b2(m_registers), b3(m_shared);
        m_threads->setValue(threadsPerBlock);
        m_registers->setValue(registersPerThread);
        m_shared->setValue(sharedKiB);
    }
    rebuild(false);
}

void SmView::setSmNumber(int sm)
{
    if (sm == m_smNumber) return;
    m_smNumber = sm;
    rebuild(false);
}

void SmView::setGpuSelection(GpuSelection* selection)
{
    attachDrill(m_selection, selection, this, [this](const DrillPath& path) {
        const SystemSpec* system = m_catalog.system(path.system.toStdString());
        if (path.level == DrillLevel::Sm && system) setGpu(QString::fromStdString(system->gpu));
        setSmNumber(path.level == DrillLevel::Sm ? path.sm : -1);
    });
}

BlockShape SmView::blockShape() const
{
    return {m_threads->value(), m_registers->value(), Bytes{m_shared->value() * kKiB}};
}

std::unique_ptr<HardwareScene> SmView::createScene(const HardwarePalette& palette) const
{
    const GpuSpec* gpu = m_catalog.gpu(gpuId().toStdString());
    if (!gpu) return std::make_unique<HardwareScene>(palette);
    return std::make_unique<SmScene>(*gpu, blockShape(), palette, m_smNumber);
}

void SmView::retranslateControls()
{
    m_gpuLabel->setText(tr("&GPU:"));
    m_threadsLabel->setText(tr("&Threads per block:"));
    m_registersLabel->setText(tr("&Registers per thread:"));
    m_sharedLabel->setText(tr("&Shared memory per block:"));
    m_shared->setSuffix(tr(" KiB"));
}

} // namespace scalescope

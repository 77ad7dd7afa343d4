#include "topology_view.h"

#include "spec_picker.h"
#include "zoomable_view.h"

#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"
#include "views/widgets/byte_size_spin_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>

#include <algorithm>

namespace scalescope {

namespace {
constexpr long long kSuperPodGpus = 1024; // seed 004's 4-SU DGX H100 SuperPOD
constexpr int kMaxGpus = 200000;
// A collective's message size: the default is 1 GB, the range 1 kB to 1 TB.
constexpr Bytes kDefaultMessage{1e9};
constexpr Bytes kSmallestMessage{1e3};
constexpr Bytes kLargestMessage{1e12};
} // namespace

std::unique_ptr<HardwareScene> createTopologyScene(const SpecCatalog& catalog, const std::string& systemId,
                                                   long long gpus, const TopologyHighlight& highlight,
                                                   const HardwarePalette& palette)
{
    const SystemSpec* system = catalog.system(systemId);
    const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
    if (!gpu) return std::make_unique<HardwareScene>(palette);
    const Topology topology(*system, *gpu, gpus);
    return std::make_unique<TopologyScene>(topology, *system, *gpu, highlight, topology.bisectionBandwidth(), palette);
}

long long TopologyView::defaultGpus(const SystemSpec& system)
{
    if (system.superchip) return system.nvlinkDomain.gpus.value;
    return std::min<long long>(kSuperPodGpus, system.scaleOut.maxGpus.value);
}

long long TopologyView::defaultGroup(const SystemSpec& system)
{
    // Half of a multi-domain cluster, so used and unused links both show; a single domain whole.
    const long long gpus = defaultGpus(system);
    return gpus > system.nvlinkDomain.gpus.value ? gpus / 2 : gpus;
}

TopologyView::TopologyView(const SpecCatalog& catalog, QWidget* parent)
    : HardwareView(parent), m_catalog(catalog), m_systemLabel(new QLabel(this)), m_system(new BoundedComboBox(this)),
      m_gpusLabel(new QLabel(this)), m_gpus(new QSpinBox(this)), m_collectiveLabel(new QLabel(this)),
      m_collective(new BoundedComboBox(this)), m_groupSize(new QSpinBox(this)), m_bytes(new ByteSizeSpinBox(this)),
      m_coalesce(new QTimer(this))
{
    m_system->setObjectName(QStringLiteral("systemPicker"));
    m_gpus->setObjectName(QStringLiteral("gpuCount"));
    m_collective->setObjectName(QStringLiteral("collectivePicker"));
    m_groupSize->setObjectName(QStringLiteral("groupSize"));
    m_bytes->setObjectName(QStringLiteral("collectiveBytes"));
    m_systemLabel->setBuddy(m_system);
    m_gpusLabel->setBuddy(m_gpus);
    m_collectiveLabel->setBuddy(m_collective);
    for (QWidget* w : std::initializer_list<QWidget*>{m_systemLabel, m_system, m_gpusLabel, m_gpus, m_collectiveLabel,
                                                      m_collective, m_groupSize, m_bytes})
        controls()->addWidget(w);
    for (QSpinBox* s : {m_gpus, m_groupSize}) {
        s->setRange(1, kMaxGpus);
        s->setGroupSeparatorShown(true);
        s->setKeyboardTracking(false);
    }
    m_bytes->setByteRange(kSmallestMessage, kLargestMessage);
    m_bytes->setBytes(kDefaultMessage);
    m_bytes->setKeyboardTracking(false);
    for (CollectiveKind k : {CollectiveKind::AllGather, CollectiveKind::AllReduce, CollectiveKind::AllToAll})
        m_collective->addItem(QString(), int(k));
    m_collective->setCurrentIndex(1);
    fillSpecPicker(*m_system, m_catalog, SpecKind::System, QStringLiteral("gb200-nvl72"));
    // Slider and spin-box bursts: one rebuild when they settle.
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(120);
    connect(m_coalesce, &QTimer::timeout, this, [this] {
        rebuildTopology();
        rebuild();
    });
    connect(m_system, &QComboBox::currentIndexChanged, this, [this] {
        if (const SystemSpec* s = m_catalog.system(systemId().toStdString())) {
            const QSignalBlocker b1(m_gpus), b2(m_groupSize);
            m_gpus->setValue(int(defaultGpus(*s)));
            m_groupSize->setValue(int(defaultGroup(*s)));
        }
        rebuildTopology();
        rebuild();
    });
    connect(m_gpus, &QSpinBox::valueChanged, m_coalesce, qOverload<>(&QTimer::start));
    connect(m_collective, &QComboBox::currentIndexChanged, this, [this] { rebuild(false); });
    connect(m_groupSize, &QSpinBox::valueChanged, this, [this] { rebuild(false); });
    connect(m_bytes, &QDoubleSpinBox::valueChanged, this, [this] { rebuild(false); });
    connect(graphicsView(), &ZoomableGraphicsView::itemClicked, this, [this](QGraphicsItem*, QPointF at) {
        // Labels and selection marks may lie on top: look under them for a GPU or domain box.
        for (QGraphicsItem* item : scene() ? scene()->items(at) : QList<QGraphicsItem*>{})
            if (const long long gpu = TopologyScene::gpuOf(*item); gpu >= 0) {
                pick({systemId(), gpu, gpuCount()});
                return;
            }
    });
    if (const SystemSpec* s = m_catalog.system(systemId().toStdString())) {
        m_gpus->setValue(int(defaultGpus(*s)));
        m_groupSize->setValue(int(defaultGroup(*s)));
    }
    m_coalesce->stop();
    retranslateControls();
    rebuildTopology();
    rebuild();
}

void TopologyView::rebuildTopology()
{
    m_topology.reset();
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    const GpuSpec* gpu = system ? m_catalog.gpu(system->gpu) : nullptr;
    if (!gpu) return;
    try {
        auto t = std::make_shared<const Topology>(*system, *gpu, m_gpus->value());
        m_bisection = t->bisectionBandwidth();
        m_topology = std::move(t);
    } catch (const std::exception&) {
        m_topology.reset(); // more GPUs than the spec's tiers join: the scene says so
    }
}

bool TopologyView::setSystem(const QString& id)
{
    return selectSpec(*m_system, id);
}

QString TopologyView::systemId() const
{
    return pickedId(*m_system);
}

void TopologyView::setGpuCount(long long gpus)
{
    {
        const QSignalBlocker blocker(m_gpus);
        m_gpus->setValue(int(gpus));
    }
    m_coalesce->stop();
    rebuildTopology();
    rebuild();
}

void TopologyView::applyFocus(const HardwareFocus& focus)
{
    // As a followed selection: a hidden view builds the scenario's graph when shown.
    m_focusPending = !isVisible();
    if (m_focusPending) return;
    if (focus.system != systemId()) setSystem(focus.system);
    if (focus.gpus > 0) setGpuCount(focus.gpus);
}

std::optional<FocusMismatch> TopologyView::focusMismatch(const HardwareFocus& focus) const
{
    if (focus.system == systemId() && (focus.gpus <= 0 || focus.gpus == gpuCount())) return std::nullopt;
    const QLocale locale;
    return FocusMismatch{tr("%1, %2 GPUs").arg(m_system->currentText(), locale.toString(gpuCount())),
                         tr("%1, %2 GPUs").arg(focus.systemName, locale.toString(focus.gpus))};
}

long long TopologyView::gpuCount() const
{
    return m_topology ? m_topology->gpuCount() : m_gpus->value();
}

void TopologyView::setGpuSelection(GpuSelection* selection)
{
    attachSelection(m_selection, selection, this, [this](const GpuRef& r) { follow(r); });
}

void TopologyView::pick(const GpuRef& ref)
{
    publishPick(m_selection, ref, [this](const GpuRef& r) { follow(r); });
}

void TopologyView::follow(const GpuRef& ref)
{
    m_selected = ref;
    // Switching system or growing the graph can take seconds: a hidden view catches up when shown.
    m_followPending = !isVisible();
    if (m_followPending) return;
    if (ref.valid() && (ref.system == systemId() || setSystem(ref.system))) {
        const SystemSpec* system = m_catalog.system(systemId().toStdString());
        if (system && ref.gpu >= gpuCount()) {
            // Grow to the cluster it was picked in, else to whole NVLink domains around it.
            const long long domain = std::max(1, system->nvlinkDomain.gpus.value);
            const long long wanted = ref.clusterGpus > ref.gpu ? ref.clusterGpus : (ref.gpu / domain + 1) * domain;
            const long long most = std::min<long long>(kMaxGpus, system->scaleOut.maxGpus.value);
            if (ref.gpu < most) setGpuCount(std::min(wanted, most));
        }
    }
    sceneRebuilt();
    if (auto* s = dynamic_cast<TopologyScene*>(scene()); s && ref.system == systemId())
        if (const QRectF r = s->gpuRect(ref.gpu); !r.isEmpty()) graphicsView()->ensureVisible(r, 40, 40);
}

void TopologyView::showEvent(QShowEvent* event)
{
    HardwareView::showEvent(event);
    if (m_focusPending) followScenario();
    if (m_followPending) follow(m_selected);
}

void TopologyView::sceneRebuilt()
{
    auto* s = dynamic_cast<TopologyScene*>(scene());
    if (!s) return;
    s->clearSelectionMarks();
    if (!m_selected.valid() || m_selected.system != systemId()) return;
    if (const QRectF r = s->gpuRect(m_selected.gpu); !r.isEmpty()) s->markSelected(r, true);
}

void TopologyView::setCollective(CollectiveKind kind, long long groupSize, Bytes bytes)
{
    const QSignalBlocker b1(m_collective), b2(m_groupSize), b3(m_bytes);
    m_collective->setCurrentIndex(m_collective->findData(int(kind)));
    m_groupSize->setValue(int(groupSize));
    m_bytes->setBytes(bytes);
    rebuild(false);
}

std::unique_ptr<HardwareScene> TopologyView::createScene(const HardwarePalette& palette) const
{
    const SystemSpec* system = m_catalog.system(systemId().toStdString());
    const GpuSpec* gpu = system ? m_catalog.gpu(system->gpu) : nullptr;
    if (!gpu || !m_topology) return std::make_unique<HardwareScene>(palette);
    const TopologyHighlight highlight{CollectiveKind(m_collective->currentData().toInt()), m_groupSize->value(),
                                      m_bytes->bytes()};
    return std::make_unique<TopologyScene>(*m_topology, *system, *gpu, highlight, m_bisection, palette);
}

void TopologyView::retranslateControls()
{
    m_systemLabel->setText(tr("&System:"));
    m_gpusLabel->setText(tr("&GPUs:"));
    m_collectiveLabel->setText(tr("&Collective:"));
    m_collective->setItemText(0, tr("AllGather"));
    m_collective->setItemText(1, tr("AllReduce"));
    m_collective->setItemText(2, tr("AllToAll"));
    m_groupSize->setPrefix(tr("over "));
    m_groupSize->setSuffix(tr(" GPUs"));
}

} // namespace scalescope

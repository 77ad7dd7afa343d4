#include "gpu_selection.h"

#include "model/network/rack_position.h"
#include "model/spec/spec_catalog.h"

#include <QLocale>

namespace scalescope {

GpuSelection::GpuSelection(QObject* parent) : QObject(parent)
{
    setObjectName(QStringLiteral("gpuSelection"));
}

void GpuSelection::select(const GpuRef& ref)
{
    if (ref == m_current) return;
    m_current = ref;
    Q_EMIT changed(m_current);
}

void GpuSelection::drillTo(const DrillPath& path)
{
    if (path == m_drill) return;
    m_drill = path;
    if (path.gpu >= 0 && !path.system.isEmpty())
        select({path.system, path.gpu, m_current.system == path.system ? m_current.clusterGpus : 0});
    Q_EMIT drilled(m_drill);
}

QString GpuSelection::describe(const GpuRef& ref, const SpecCatalog& catalog)
{
    if (!ref.valid()) return tr("No GPU selected");
    const QLocale locale;
    const QString gpu = locale.toString(ref.gpu);
    const SystemSpec* system = catalog.system(ref.system.toStdString());
    const auto at = system ? rackPosition(*system, ref.gpu) : std::nullopt;
    if (!at) return tr("GPU %1 selected").arg(gpu);
    const QString rack = locale.toString(at->rack);
    const QString slot = locale.toString(computeSlotNumber(*system, at->rack, at->computeSlot));
    return computeSlotsAreNodes(*system) ? tr("GPU %1 selected — rack %2, node %3").arg(gpu, rack, slot)
                                         : tr("GPU %1 selected — rack %2, tray %3").arg(gpu, rack, slot);
}

void attachSelection(QPointer<GpuSelection>& slot, GpuSelection* selection, QObject* receiver,
                     const std::function<void(const GpuRef&)>& follow)
{
    if (slot) QObject::disconnect(slot, nullptr, receiver, nullptr);
    slot = selection;
    if (!selection) return;
    QObject::connect(selection, &GpuSelection::changed, receiver, follow);
    follow(selection->current());
}

void attachDrill(QPointer<GpuSelection>& slot, GpuSelection* selection, QObject* receiver,
                 const std::function<void(const DrillPath&)>& follow)
{
    // A view on both signals attaches with attachSelection first: keep that connection.
    if (slot && slot != selection) QObject::disconnect(slot, nullptr, receiver, nullptr);
    slot = selection;
    if (!selection) return;
    QObject::connect(selection, &GpuSelection::drilled, receiver, follow);
    follow(selection->drillPath());
}

void publishPick(GpuSelection* selection, const GpuRef& ref, const std::function<void(const GpuRef&)>& show)
{
    if (selection && selection->current() != ref) selection->select(ref);
    else show(ref);
}

} // namespace scalescope

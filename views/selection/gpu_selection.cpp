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

QString GpuSelection::describe(const GpuRef& ref, const SpecCatalog& catalog)
{
    if (!ref.valid()) return tr("No GPU selected");
    const QLocale locale;
    const QString gpu = locale.toString(ref.gpu);
    const SystemSpec* system = catalog.system(ref.system.toStdString());
    const auto at = system ? rackPosition(*system, ref.gpu) : std::nullopt;
    if (!at) return tr("GPU %1 selected").arg(gpu);
    const bool node = system->rack.slots[std::size_t(at->slotIndex)].kind == "dgx-node";
    const QString rack = locale.toString(at->rack + 1);
    return node ? tr("GPU %1 selected — rack %2, node %3 (GPU %4 of the rack)")
                      .arg(gpu, rack)
                      .arg(at->computeSlot + 1)
                      .arg(at->gpuInRack + 1)
                : tr("GPU %1 selected — rack %2, tray %3 (GPU %4 of the rack)")
                      .arg(gpu, rack)
                      .arg(at->computeSlot + 1)
                      .arg(at->gpuInRack + 1);
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

void publishPick(GpuSelection* selection, const GpuRef& ref, const std::function<void(const GpuRef&)>& show)
{
    if (selection && selection->current() != ref) selection->select(ref);
    else show(ref);
}

} // namespace scalescope

#pragma once
// The GPU picked in the rack view, the topology view or the sharding map,
// shared by all three: picking a GPU in one picks it in the others.
//
// A GPU is named by its system and its cluster GPU number: its position in
// the cluster's hardware order, the order of the topology's GPU vertices
// (NVLink domain by domain) and of the sharding map's ranks (node by node
// inside a domain); rack r holds GPUs r·gpusPerRack ... in tray or node order
// (model/network/rack_position.h). Every number counts from 0, like ranks:
// cluster GPUs, racks, trays, nodes, superchips and SMs (docs/views.md, "Numbering").
//
// The selection also holds where a drill-down stands (rack → tray →
// superchip → GPU → SM, drill_path.h); a path that names a GPU selects it.

#include "drill_path.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace scalescope {

class SpecCatalog;

struct GpuRef {
    QString system;            // SystemSpec id
    long long gpu = -1;        // cluster GPU number; -1 = none
    long long clusterGpus = 0; // GPUs of the cluster it was picked in; 0 = unknown

    [[nodiscard]] bool valid() const noexcept { return gpu >= 0 && !system.isEmpty(); }
    friend bool operator==(const GpuRef&, const GpuRef&) = default;
};

class GpuSelection final : public QObject {
    Q_OBJECT
public:
    explicit GpuSelection(QObject* parent = nullptr);

    // Emits changed() unless `ref` is the current one.
    void select(const GpuRef& ref);
    [[nodiscard]] const GpuRef& current() const noexcept { return m_current; }

    // Where the drill-down stands; emits drilled() (and changed() when it
    // names another GPU) unless `path` is the current one.
    void drillTo(const DrillPath& path);
    [[nodiscard]] const DrillPath& drillPath() const noexcept { return m_drill; }

    // "GPU 1,157 selected — rack 36, node 144" for a status bar.
    [[nodiscard]] static QString describe(const GpuRef& ref, const SpecCatalog& catalog);

Q_SIGNALS:
    void changed(const scalescope::GpuRef& ref);
    void drilled(const scalescope::DrillPath& path);

private:
    GpuRef m_current;
    DrillPath m_drill;
};

// How a view takes part, so that the three views do it one way:
// `slot` becomes `selection` (nullptr detaches), `follow` runs on every change
// (in `receiver`'s lifetime) and once now for the current GPU.
void attachSelection(QPointer<GpuSelection>& slot, GpuSelection* selection, QObject* receiver,
                     const std::function<void(const GpuRef&)>& follow);
// The same for a view that follows the drill-down: `slot` becomes
// `selection`, `follow` runs on every drilled() and once now.
void attachDrill(QPointer<GpuSelection>& slot, GpuSelection* selection, QObject* receiver,
                 const std::function<void(const DrillPath&)>& follow);
// A click in a view: published to the selection (and followed back through
// its signal), or shown directly when nothing is shared or it is already selected.
void publishPick(GpuSelection* selection, const GpuRef& ref, const std::function<void(const GpuRef&)>& show);

} // namespace scalescope

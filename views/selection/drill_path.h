#pragma once
// Where a drill-down stands: rack → compute tray (or node) → superchip →
// GPU → SM, each level numbered from 0 like every hardware number in the
// views (docs/views.md, "Numbering"). The path is part of the shared
// GpuSelection: its GPU is the selected GPU.

#include <QString>
#include <QStringList>

#include <vector>

namespace scalescope {

class SpecCatalog;
struct SystemSpec;

// Whether the system's compute slots are DGX/HGX nodes rather than NVL compute trays.
[[nodiscard]] bool computeSlotsAreNodes(const SystemSpec& system);
// The number a compute slot carries in every view: a node its cluster-wide
// number (node n holds GPUs n·node.gpus …, as in the sharding map), a tray
// its 0-based place in its rack.
[[nodiscard]] long long computeSlotNumber(const SystemSpec& system, long long rack, int computeSlot);

enum class DrillLevel { Rack, Tray, Superchip, Gpu, Sm };

struct DrillPath {
    DrillLevel level = DrillLevel::Rack;
    QString system;     // SystemSpec id
    long long rack = 0; // 0-based rack of the cluster
    int tray = -1;      // 0-based compute tray or node of the rack
    int superchip = -1; // 0-based superchip of the rack; -1 on systems without superchips
    long long gpu = -1; // cluster GPU number
    int sm = -1;        // 0-based SM of the GPU

    friend bool operator==(const DrillPath&, const DrillPath&) = default;
};

// The navigator key of the view that shows a level: "rack", "superchip", "chip" or "sm".
[[nodiscard]] QString drillViewKey(DrillLevel level);

// The path cut back to `level` (deeper numbers cleared).
[[nodiscard]] DrillPath drillUpTo(DrillPath path, DrillLevel level);

// The path to a GPU of the cluster at `level` (Tray, Superchip or Gpu), its
// rack, tray and superchip filled in from the rack layout.
[[nodiscard]] DrillPath drillToGpu(const SpecCatalog& catalog, const QString& system, long long gpu, DrillLevel level);

// The path to a compute slot (tray or node) of a rack; its GPU is the slot's first.
[[nodiscard]] DrillPath drillToTray(const SpecCatalog& catalog, const QString& system, long long rack, int tray);

// One crumb per level down to path.level: "Rack 0", "Tray 4" (or "Node 4"),
// "Superchip 9", "GPU 18", "SM 42", each with the level it returns to.
struct DrillCrumb {
    DrillLevel level;
    QString text;
};
[[nodiscard]] std::vector<DrillCrumb> drillCrumbs(const DrillPath& path, const SpecCatalog& catalog);

} // namespace scalescope

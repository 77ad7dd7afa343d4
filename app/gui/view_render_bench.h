#pragma once
// How long each view takes to draw on this machine: building its scene from
// the specs (or a planner result) and painting it at 1,600 × 1,000 pixels,
// and how fluid the topology view stays for very large clusters (open =
// Boost.Graph topology + scene + first paint; pan = one repaint while
// dragging at 8× zoom). Needs a QApplication.

#include <QString>

#include <vector>

namespace scalescope {

class SpecCatalog;

struct ViewRenderTime {
    QString view;         // navigator key: "chip", "sm", ...
    double buildMs = 0;   // scene from the spec or result (median)
    double paintMs = 0;   // scene painted into a 1,600 × 1,000 image (median)
    long long items = 0;  // graphics items in the scene
};

struct TopologyFluidity {
    QString system;
    long long gpus = 0;
    long long items = 0;
    bool aggregated = false; // the model folded NVLink domains or switch groups
    double openMs = 0, panMs = 0;
};

// Every hardware view with its default selection; the power view and the
// sharding map show the 16,384-GPU benchmark scenario.
[[nodiscard]] std::vector<ViewRenderTime> measureViewRenders(const SpecCatalog& catalog, int repeats = 5);

[[nodiscard]] TopologyFluidity measureTopologyFluidity(const SpecCatalog& catalog, const QString& system, long long gpus);

} // namespace scalescope

#pragma once
// A soak test of the planner: many random control changes through the real
// controls, controller and planner view, offscreen, watching resident memory
// (it must not grow once warm) and the slowest frame. Needs a QApplication.

#include <QString>

namespace scalescope {

class SpecCatalog;

struct SoakResult {
    int changes = 0;
    double rssWarmMiB = 0;   // resident memory after the warm-up (the first tenth of the changes)
    double rssEndMiB = 0;    // at the end
    double rssGrowthMiB = 0; // end − warm
    double slowestFrameMs = 0;
    double p99FrameMs = 0;
    QString scenario;
};

// Drives `changes` random moves of the parallelism sliders and the
// micro-batch, precision, ZeRO and recompute controls (seeded, so a run can
// be repeated), waiting for each change to be painted.
[[nodiscard]] SoakResult soakPlanner(const SpecCatalog& catalog, const QString& scenarioFile, int changes, unsigned seed = 1);

} // namespace scalescope

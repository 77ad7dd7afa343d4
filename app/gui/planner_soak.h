#pragma once
// A soak test of the planner: many random control changes through the real
// controls, controller and planner view, offscreen, watching resident memory
// (it must not grow once warm) and the slowest frame. Needs a QApplication.

#include <QString>

namespace scalescope {

class SpecCatalog;

struct SoakResult {
    int changes = 0;
    double rssWarmMiB = 0;   // resident memory after the warm-up (2 × the undo limit, or half of a short run)
    double rssEndMiB = 0;    // at the end
    double rssGrowthMiB = 0; // end − warm
    double slowestFrameMs = 0; // a change until its result is painted (evaluation runs off the GUI thread)
    double p99FrameMs = 0;
    double longestStallMs = 0; // the longest the GUI thread was busy in one go (the freeze a user feels)
    QString scenario;
};

// Drives `changes` random moves of the parallelism sliders and of every combo
// (system, model, sequence, micro-batch, precision, ZeRO, recompute, schedule,
// efficiency), as a user would pick them (seeded, so a run can be repeated), waiting for each change
// to be painted. Resident memory is read after returning freed heap to the
// system, so that it measures live memory, not the allocator's cache.
[[nodiscard]] SoakResult soakPlanner(const SpecCatalog& catalog, const QString& scenarioFile, int changes, unsigned seed = 1);

} // namespace scalescope

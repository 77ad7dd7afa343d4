#pragma once
// Measures how long a parallelism-slider change takes to reach the screen:
// the real controls, controller and planner view, offscreen, driven through
// many slider changes on a large scenario. Needs a QApplication.

#include <QString>

namespace scalescope {

class SpecCatalog;

struct UiLatency {
    double p50Ms = 0, p99Ms = 0, maxMs = 0;
    double resultP50Ms = 0; // of which: until the evaluation is published (the rest is layout and paint)
    double paintP50Ms = 0;  // the timeline's paintEvent alone
    int changes = 0;
    QString scenario;
};

// `scenarioFile` empty: the 16,384-GPU LLaMA-3 405B preset with pp = 16 and
// 64 micro-batches per pipeline.
[[nodiscard]] UiLatency measureSliderToPaint(const SpecCatalog& catalog, const QString& scenarioFile, int changes = 200);

} // namespace scalescope

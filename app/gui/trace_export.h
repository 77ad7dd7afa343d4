#pragma once
// File → Export trace…: the planner's step as the Chrome trace-event JSON
// that `scalescope-cli trace` writes (model/report/chrome_trace.h), for
// Perfetto or chrome://tracing.

#include "views/planner/planner_result.h"

#include <QString>

class QWidget;

namespace scalescope {

// A file name from the scenario's name (letters, digits, '-' and '_' kept;
// `fallback` when it has none) + `suffix`.
[[nodiscard]] QString scenarioFileName(const Scenario& scenario, const QString& fallback, const QString& suffix);

// Writes the result's timeline as a Chrome trace to `file` (all or nothing:
// QSaveFile). False, with the reason in `error`, when there is no timeline
// (an error in the scenario, an inference scenario, a timeline too large to
// build in the planner) or the file cannot be written.
bool writePlannerTrace(const PlannerResult& result, const QString& file, QString* error);

// Asks for a file (suggested: the scenario's name) and writes the trace; a
// failure is shown in a message box. Returns the file written, else empty.
QString exportPlannerTrace(QWidget* parent, const PlannerResultPtr& result);

} // namespace scalescope

#pragma once
// File → Export report…: the current scenario's report
// (views/export/report_export.h) as a PDF on the locale's paper, the same
// document `scalescope-cli report` writes.

#include "views/planner/planner_result.h"

#include <QString>

class QWidget;

namespace scalescope {

class SpecCatalog;

// Writes the report of `result` to `file` (a PDF, on plannerExportPage()'s
// paper); false, with the reason in `error`, when the scenario does not
// evaluate or the file cannot be written.
bool writeScenarioReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const QString& file, QString* error);

// Asks for a file (suggested: the scenario's name + ".pdf") and writes the
// report; a failure is shown in a message box. Returns the file written, else empty.
QString exportScenarioReport(QWidget* parent, const SpecCatalog& catalog, const PlannerResultPtr& result);

} // namespace scalescope

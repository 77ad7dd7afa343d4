#pragma once
// File → Export view… on the planner: the planner page, the timeline or the
// per-operation table ("Why this number") of the current result through the one export
// path, on a paper page of the locale (Letter where the locale measures in
// inches, else A4).

#include "views/export/view_export.h"
#include "views/planner/planner_result.h"

#include <QString>

#include <optional>
#include <utility>

class QWidget;

namespace scalescope {

class HardwareView;

enum class PlannerExport { Page, Timeline, Breakdown }; // the order the dialog offers them in

// The paper of the locale; PNGs at kPlannerExportDpi.
[[nodiscard]] ExportPage plannerExportPage();
inline constexpr double kPlannerExportDpi = 150;

// Writes `what` of `result` to `file` (the planner page compared with
// `pinned` when one is pinned); false, with the reason in `error`, when the
// scenario does not evaluate or the file cannot be written.
bool writePlannerExport(const PlannerResultPtr& result, PlannerExport what, const QString& file, ExportFormat format,
                        QString* error, const PlannerResultPtr& pinned = nullptr);

// The export dialog: a file named `suggested` + ".svg" and a type; the type
// chosen is the format asked for, and a file name ending in another is
// refused (a message box says why). nullopt when cancelled or refused.
[[nodiscard]] std::optional<std::pair<QString, ExportFormat>> askExportFile(QWidget* parent, const QString& suggested);

// Asks which (planner page, timeline, breakdown, and the serving chart when
// `servingChart` is given), then the file, and writes it; failures in a
// message box. Returns the file written, else empty.
QString exportFromPlanner(QWidget* parent, const PlannerResultPtr& result, const HardwareView* servingChart = nullptr,
                          const PlannerResultPtr& pinned = nullptr);

} // namespace scalescope

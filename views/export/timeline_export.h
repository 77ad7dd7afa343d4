#pragma once
// The planner's timeline on a page: one training step, or an inference
// scenario's prefill and decode step one above the other on one time scale,
// each with its legend. Drawn by TimelineView itself (QWidget::render into the
// export's painter), so the page and the planner cannot differ; text stays
// text in SVG and PDF.

#include "view_export.h"

#include "views/planner/planner_result.h"

#include <optional>

namespace scalescope {

// A window of the time axis in seconds, from < to.
struct TimeWindow {
    double from = 0, to = 0;
};

// The seconds the page's time axis spans by default: the step, or the longer
// of prefill and decode.
[[nodiscard]] double timelineExportEnd(const PlannerResult& result);

// The timeline(s) of an evaluated `result` as one page of any size, all of it or `window`.
[[nodiscard]] ExportDocument timelineDocument(const PlannerResultPtr& result, std::optional<TimeWindow> window = std::nullopt);

// Writes the timeline(s) of an evaluated `result` (result.ok()) on `page`
// (landscape for paper sizes), all of it or `window`.
bool exportTimeline(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                    std::optional<TimeWindow> window = std::nullopt, QString* error = nullptr);

} // namespace scalescope

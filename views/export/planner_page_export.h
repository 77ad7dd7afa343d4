#pragma once
// The planner on one page: headline figures, memory bar, timeline(s),
// verdicts and the trust line, as PlannerView shows them, rendered offscreen
// at a fixed size (QWidget::render) and fitted to the page; text stays text
// in SVG and PDF.

#include "view_export.h"

#include "views/planner/planner_result.h"

#include <QSize>

namespace scalescope {

// The size the planner is laid out at before it is fitted to the page: a
// 1,440 × 1,000 window, the planner's size on a common laptop screen.
inline constexpr QSize kPlannerPageWidgetSize{1440, 1000};

// The planner of `result` (result.ok()) as one page of any size; with
// `pinned` (a training result) the A/B comparison the planner shows when A
// is pinned: both timelines, every figure with A's beside it.
[[nodiscard]] ExportDocument plannerPageDocument(const PlannerResultPtr& result, const PlannerResultPtr& pinned = nullptr);

// Writes the planner of `result` (result.ok()), compared with `pinned` when
// given, on `page` (landscape for paper sizes).
bool exportPlannerPage(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                       QString* error = nullptr, const PlannerResultPtr& pinned = nullptr);

} // namespace scalescope

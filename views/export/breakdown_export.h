#pragma once
// "Why this number" on paper: the per-operation table of an evaluated
// scenario (operation, phase, stream, count, time, share, efficiency,
// source), read from the planner's OperationTableModel, painted as a table on
// as many pages as it takes, with the sources it cites after it.

#include "view_export.h"

#include "views/planner/planner_result.h"

namespace scalescope {

// The breakdown of `result` (result.ok()) paged for pages of `size` points,
// with the keys the Source column names and their citations; `pageNumbers`:
// "page n of m" at the foot of each page (off where a larger document numbers them).
[[nodiscard]] ExportDocument breakdownDocument(const PlannerResultPtr& result, QSizeF size, bool pageNumbers = true);

// Writes the breakdown of `result` (result.ok()) on pages of `page`'s size
// (landscape for paper sizes): a PDF page each, an SVG or PNG holding them
// one under another.
bool exportBreakdown(const PlannerResultPtr& result, const QString& file, ExportFormat format, const ExportPage& page,
                     QString* error = nullptr);

} // namespace scalescope

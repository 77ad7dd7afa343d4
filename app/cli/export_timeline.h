#pragma once
// `export --view timeline [SCENARIO] [--from S] [--to S]`: the planner's
// timeline of the evaluated scenario (a training step, or an inference
// scenario's prefill and decode step) through the one export path.

#include "cli_args.h"

#include "views/export/timeline_export.h"

#include <ostream>

namespace scalescope::cli {

// --from and --to in seconds (either may be left out: the start, the end);
// nullopt when neither is given. On a bad value writes why to `err` and sets
// `exitCode`.
[[nodiscard]] std::optional<TimeWindow> timeWindowOptions(const CliArgs& parsed, std::ostream& err, int& exitCode);

int exportTimelineView(const PlannerResultPtr& result, std::optional<TimeWindow> window, const QString& fileName,
                       ExportFormat format, const ExportPage& page, std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

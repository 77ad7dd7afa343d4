#pragma once
// `export --view sweep --axis A [SCENARIO]`: the sweep chart of one
// parallelism axis of a training scenario (default: the built-in default
// scenario) through the one export path.

#include "views/export/view_export.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace scalescope::cli {

int exportSweepChart(const std::vector<std::string>& positional, const std::optional<std::string>& axis,
                     const QString& fileName, ExportFormat format, const ExportPage& page, std::ostream& out,
                     std::ostream& err);

} // namespace scalescope::cli

#pragma once
// `export --view throughput-latency [SCENARIO]`: the serving curves of an
// inference scenario (its layout and the best three of the serving search)
// through the one export path.

#include "views/export/view_export.h"

#include <ostream>
#include <string>
#include <vector>

namespace scalescope::cli {

int exportServingChart(const std::vector<std::string>& positional, const QString& fileName, ExportFormat format,
                       const ExportPage& page, std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

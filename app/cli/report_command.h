#pragma once
// `scalescope-cli report SCENARIO -o report.pdf [--page a4|letter] [--lang en|zh_CN]`:
// the scenario report (views/export/report_export.h) as a print-ready PDF.

#include "commands.h"

namespace scalescope::cli {

int runReport(const Args& args, std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

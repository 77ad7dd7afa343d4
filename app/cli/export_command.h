#pragma once
// `scalescope-cli export`: renders a hardware view headless to SVG, PNG or
// PDF. The only command that needs Qt; it starts a QApplication (offscreen
// unless QT_QPA_PLATFORM says otherwise) for the length of the export.

#include "commands.h"

namespace scalescope::cli {

int runExport(const Args& args, std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

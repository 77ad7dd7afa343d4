#pragma once
// `scalescope-cli export`: renders a hardware view headless to SVG, PNG or
// PDF. The only command that needs Qt; it starts a QApplication (offscreen
// unless QT_QPA_PLATFORM says otherwise) for the length of the export.

#include "commands.h"

#include <memory>

class QApplication;

namespace scalescope::cli {

int runExport(const Args& args, std::ostream& out, std::ostream& err);

// A QApplication on the offscreen platform (unless QT_QPA_PLATFORM says
// otherwise), or nullptr when one already runs (tests call in-process).
// Keep the result alive while drawing.
[[nodiscard]] std::unique_ptr<QApplication> ensureOffscreenApplication();

} // namespace scalescope::cli

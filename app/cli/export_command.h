#pragma once
// `scalescope-cli export`: renders a hardware view headless to SVG, PNG or
// PDF. The only command that needs Qt; it starts a QApplication (offscreen
// unless QT_QPA_PLATFORM says otherwise) for the length of the export.

#include "commands.h"

#include "views/export/view_export.h"
#include "views/planner/planner_result.h"

#include <filesystem>
#include <memory>
#include <ostream>

class QApplication;

namespace scalescope::cli {

int runExport(const Args& args, std::ostream& out, std::ostream& err);

// Reads and evaluates a scenario file for the exports drawn from an
// evaluated scenario; null, with every problem on `err`, when it cannot be
// read or its specs cannot be resolved (the evaluation itself may still fail:
// result->ok()).
[[nodiscard]] PlannerResultPtr evaluateScenarioFile(const SpecCatalog& catalog, const std::filesystem::path& file, std::ostream& err);
// --compare A.json: A evaluated to be pinned beside `current` (B) in the
// planner's A/B comparison; null, with the reason on `err`, unless both are
// training scenarios that evaluate.
[[nodiscard]] PlannerResultPtr evaluateComparedScenario(const SpecCatalog& catalog, const PlannerResultPtr& current,
                                                        const std::filesystem::path& file, std::ostream& err);

// Writes `scene` to `fileName` ("wrote FILE" on out); Ok, or BadInput with the reason on err.
[[nodiscard]] int writeExportedScene(HardwareScene& scene, const QString& fileName, ExportFormat format,
                                     const ExportPage& page, std::ostream& out, std::ostream& err);

// A QApplication on the offscreen platform (unless QT_QPA_PLATFORM says
// otherwise), or nullptr when one already runs (tests call in-process).
// Keep the result alive while drawing.
[[nodiscard]] std::unique_ptr<QApplication> ensureOffscreenApplication();

} // namespace scalescope::cli

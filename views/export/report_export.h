#pragma once
// The scenario report: one print-ready PDF of an evaluated scenario, built
// from the exports that exist — a cover (inputs, headline numbers, trust
// line, warnings), the contents, the planner page, the timeline whole and a
// zoomed window, the per-operation breakdown with its sources, communication
// per axis and memory per GPU, the sharding map, the system's rack, topology
// and chip, power and cooling, and for inference the throughput–latency
// chart. Every page carries a footer: page n of m, program version, date and
// the scenario's name.

#include "view_export.h"

#include "views/planner/planner_result.h"

#include <QDate>
#include <QString>
#include <QStringList>

namespace scalescope {

class SpecCatalog;

// The share of the step (or of each pass) the zoomed timeline page shows, from its start.
inline constexpr double kReportZoomShare = 0.1;

// One entry of the contents: a section's title and its first page (1-based).
struct ReportSectionEntry {
    QString title;
    int firstPage = 1;
};

// The report of `result` (result.ok()) on pages of `paper` (A4 or Letter,
// each page landscape): the document and, for tests and the contents, the
// sections. `date` is printed in every footer.
struct ScenarioReport {
    ExportDocument document;
    QList<ReportSectionEntry> sections;
    QSizeF pageSize;
};
// With `pinned` (a training result) the report adds the planner's A/B
// comparison page after the planner.
[[nodiscard]] ScenarioReport scenarioReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const ExportPage& paper,
                                            QDate date, const PlannerResultPtr& pinned = nullptr);

// Writes the report as a PDF; false, with the reason in `error`, when the
// scenario does not evaluate or the file cannot be written.
bool exportReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const QString& file, const ExportPage& paper,
                  QString* error = nullptr, const PlannerResultPtr& pinned = nullptr);

} // namespace scalescope

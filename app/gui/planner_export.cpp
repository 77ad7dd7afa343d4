#include "planner_export.h"

#include "views/export/breakdown_export.h"
#include "views/export/planner_page_export.h"
#include "views/export/timeline_export.h"
#include "views/hardware/hardware_view.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>

#include <algorithm>

namespace scalescope {

namespace {
QString trExport(const char* text) { return QCoreApplication::translate("PlannerExport", text); }
} // namespace

ExportPage plannerExportPage()
{
    const bool inches = QLocale().measurementSystem() == QLocale::ImperialUSSystem;
    ExportPage page = *exportPageFrom(inches ? QStringLiteral("letter") : QStringLiteral("a4"), nullptr);
    page.dpi = kPlannerExportDpi;
    return page;
}

bool writePlannerExport(const PlannerResultPtr& result, PlannerExport what, const QString& file, ExportFormat format,
                        QString* error, const PlannerResultPtr& pinned)
{
    if (!result || !result->ok()) {
        if (error)
            *error = trExport(QT_TRANSLATE_NOOP("PlannerExport", "Nothing to export: the scenario does not evaluate (%1)."))
                         .arg(result ? QString::fromStdString(result->evaluationError()) : QString());
        return false;
    }
    ExportPage page = plannerExportPage();
    if (format != ExportFormat::Png) page.dpi = kPointsPerInch;
    switch (what) {
    case PlannerExport::Page: return exportPlannerPage(result, file, format, page, error, pinned && pinned->ok() ? pinned : nullptr);
    case PlannerExport::Timeline: return exportTimeline(result, file, format, page, std::nullopt, error);
    case PlannerExport::Breakdown: break;
    }
    return exportBreakdown(result, file, format, page, error);
}

std::optional<std::pair<QString, ExportFormat>> askExportFile(QWidget* parent, const QString& suggested)
{
    const QString title = trExport(QT_TRANSLATE_NOOP("PlannerExport", "Export view"));
    const QStringList types{trExport(QT_TRANSLATE_NOOP("PlannerExport", "SVG image (*.svg)")),
                            trExport(QT_TRANSLATE_NOOP("PlannerExport", "PNG image (*.png)")),
                            trExport(QT_TRANSLATE_NOOP("PlannerExport", "PDF document (*.pdf)"))};
    QString type = types.front();
    const QString file =
        QFileDialog::getSaveFileName(parent, title, suggested + QStringLiteral(".svg"), types.join(QStringLiteral(";;")), &type);
    if (file.isEmpty()) return std::nullopt;
    // The file type chosen in the dialog is the format asked for; a file name ending in another is refused.
    const auto asked = types.contains(type) ? std::optional(static_cast<ExportFormat>(types.indexOf(type))) : std::nullopt;
    QString error;
    const auto format = chooseExportFormat(asked, file, &error);
    if (!format) {
        QMessageBox::warning(parent, title, error);
        return std::nullopt;
    }
    return std::pair{file, *format};
}

QString exportFromPlanner(QWidget* parent, const PlannerResultPtr& result, const HardwareView* servingChart,
                          const PlannerResultPtr& pinned)
{
    const QString title = trExport(QT_TRANSLATE_NOOP("PlannerExport", "Export view"));
    const QStringList items{trExport(QT_TRANSLATE_NOOP("PlannerExport", "Planner (figures, memory, timeline, verdicts)")),
                            trExport(QT_TRANSLATE_NOOP("PlannerExport", "Timeline")),
                            trExport(QT_TRANSLATE_NOOP("PlannerExport", "Why this number (per-operation table)"))};
    QStringList offered = items;
    if (servingChart) offered << trExport(QT_TRANSLATE_NOOP("PlannerExport", "Throughput–latency chart"));
    bool ok = false;
    const QString item = QInputDialog::getItem(parent, title, trExport(QT_TRANSLATE_NOOP("PlannerExport", "Export from the planner:")),
                                               offered, 0, false, &ok);
    if (!ok) return {};
    QString error;
    if (servingChart && item == offered.back()) {
        const auto target = askExportFile(parent, servingChart->viewKey());
        if (!target) return {};
        if (exportView(*servingChart, target->first, target->second, kDefaultExportSize, &error)) return target->first;
        QMessageBox::warning(parent, title, error);
        return {};
    }
    const auto what = static_cast<PlannerExport>(std::max<qsizetype>(0, items.indexOf(item)));
    const char* names[] = {"planner", "timeline", "breakdown"};
    const auto target = askExportFile(parent, QString::fromLatin1(names[static_cast<int>(what)]));
    if (!target) return {};
    if (writePlannerExport(result, what, target->first, target->second, &error, pinned)) return target->first;
    QMessageBox::warning(parent, title, error);
    return {};
}

} // namespace scalescope

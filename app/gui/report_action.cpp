#include "report_action.h"

#include "planner_export.h"
#include "trace_export.h"

#include "views/export/report_export.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QStandardPaths>

namespace scalescope {

namespace {

QString trReportAction(const char* text) { return QCoreApplication::translate("ReportAction", text); }

} // namespace

bool writeScenarioReport(const SpecCatalog& catalog, const PlannerResultPtr& result, const QString& file, QString* error)
{
    return exportReport(catalog, result, file, plannerExportPage(), error);
}

QString exportScenarioReport(QWidget* parent, const SpecCatalog& catalog, const PlannerResultPtr& result)
{
    const QString title = trReportAction(QT_TRANSLATE_NOOP("ReportAction", "Export report"));
    if (!result || !result->ok()) {
        QMessageBox::warning(parent, title,
                             trReportAction(QT_TRANSLATE_NOOP("ReportAction", "The scenario has no result to report: fix the problems "
                                                                              "the planner lists first.")));
        return {};
    }
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString file = QFileDialog::getSaveFileName(parent, title, QDir(folder).filePath(scenarioFileName(result->scenario, QStringLiteral("scenario"), QStringLiteral(".pdf"))),
                                                trReportAction(QT_TRANSLATE_NOOP("ReportAction", "PDF document (*.pdf)")));
    if (file.isEmpty()) return {};
    if (!file.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) file += QStringLiteral(".pdf");
    QString error;
    if (!writeScenarioReport(catalog, result, file, &error)) {
        QMessageBox::warning(parent, title, error);
        return {};
    }
    return file;
}

} // namespace scalescope

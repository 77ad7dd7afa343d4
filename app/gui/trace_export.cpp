#include "trace_export.h"

#include "model/report/chrome_trace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>

namespace scalescope {

namespace {

QString trTrace(const char* text)
{
    return QCoreApplication::translate("TraceExport", text);
}

// Why the result has no trace to write; empty when it has one.
QString whyNoTrace(const PlannerResult& result)
{
    if (!result.ok())
        return trTrace(QT_TRANSLATE_NOOP("TraceExport", "The scenario has no result to trace: fix the problems "
                                                             "the planner shows first."));
    if (result.serving()) return {}; // the prefill pass and a decode step, from the evaluation's rows
    if (result.timelineOmittedOperations > 0)
        return trTrace(QT_TRANSLATE_NOOP("TraceExport", "This step schedules %1 pipeline operations, more than the "
                                                             "planner builds a timeline for; write its trace with "
                                                             "scalescope-cli trace."))
                        .arg(QLocale().toString(result.timelineOmittedOperations));
    if (result.timeline.events.empty())
        return trTrace(QT_TRANSLATE_NOOP("TraceExport", "This scenario has no timeline to trace (traces are of "
                                                             "training steps)."));
    return {};
}

} // namespace

QString scenarioFileName(const Scenario& scenario, const QString& fallback, const QString& suffix)
{
    QString name = QString::fromStdString(scenario.name).trimmed();
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_')) c = QLatin1Char('-');
    return (name.isEmpty() ? fallback : name) + suffix;
}

bool writePlannerTrace(const PlannerResult& result, const QString& file, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (const QString why = whyNoTrace(result); !why.isEmpty()) return fail(why);
    const std::string text = (result.serving() ? servingTrace(result.inference) : trainingTrace(result.timeline)).text();
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0 || !out.commit())
        return fail(trTrace(QT_TRANSLATE_NOOP("TraceExport", "Cannot write %1: %2"))
                        .arg(QDir::toNativeSeparators(file), out.errorString()));
    return true;
}

QString exportPlannerTrace(QWidget* parent, const PlannerResultPtr& result)
{
    const QString title = trTrace(QT_TRANSLATE_NOOP("TraceExport", "Export trace"));
    if (!result) {
        QMessageBox::warning(parent, title, trTrace(QT_TRANSLATE_NOOP("TraceExport", "The planner has not evaluated a scenario yet.")));
        return {};
    }
    // Refused before a file is asked for when there is nothing to write.
    if (const QString why = whyNoTrace(*result); !why.isEmpty()) {
        QMessageBox::warning(parent, title, why);
        return {};
    }
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString file = QFileDialog::getSaveFileName(parent, title, QDir(folder).filePath(scenarioFileName(result->scenario, QStringLiteral("step"), QStringLiteral(".trace.json"))),
                                                      trTrace(QT_TRANSLATE_NOOP("TraceExport", "Chrome trace (*.json)")));
    if (file.isEmpty()) return {};
    QString error;
    if (!writePlannerTrace(*result, file, &error)) {
        QMessageBox::warning(parent, title, error);
        return {};
    }
    return file;
}

} // namespace scalescope

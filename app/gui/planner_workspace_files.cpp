// The planner's file side of a scenario: new (from the default or a preset),
// open, save and save as, the recent files, and the autosave that is
// restored after a crash or kill. Unsaved changes are never dropped
// silently: the user is asked first.

#include "planner_workspace.h"

#include "scenario_controller.h"

#include "model/spec/scenario.h"
#include "model/spec/user_paths.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QUndoStack>

#include <fstream>

namespace scalescope {

namespace {
constexpr int kMaxRecent = 8;
const QString kFilter = QStringLiteral("ScaleScope scenarios (*.scalescope.json);;JSON (*.json)");

// One line per problem, for a message box.
QString errorText(const SpecErrors& errors)
{
    QString text;
    for (const SpecError& e : errors)
        text += QString::fromStdString(e.text()) + QLatin1Char('\n');
    return text.trimmed();
}
} // namespace

void PlannerWorkspace::initScenarioFiles()
{
    m_askToSave = [this](const QString& name) {
        return QMessageBox::question(&m_window, tr("Save changes?"),
                                     tr("The scenario “%1” has changes that are not saved. Save them first?").arg(name),
                                     QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    m_askSavePath = [this] {
        const QString dir = m_file.isEmpty() || m_file == defaultScenarioPath() ? QDir::homePath() : QFileInfo(m_file).path();
        return QFileDialog::getSaveFileName(&m_window, tr("Save scenario"), dir, kFilter);
    };
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(1000);
    connect(m_autosave, &QTimer::timeout, this, &PlannerWorkspace::writeAutosave);
}

QString PlannerWorkspace::autosavePath()
{
    return QString::fromStdString((userDataDir() / "autosave.scalescope.json").string());
}

QString PlannerWorkspace::defaultScenarioPath()
{
    for (const auto& root : builtinSpecRoots()) {
        const auto p = root / "scenarios" / "default.scalescope.json";
        if (QFileInfo::exists(QString::fromStdString(p.string()))) return QString::fromStdString(p.string());
    }
    return {};
}

QString PlannerWorkspace::start(const QString& commandLineFile)
{
    if (!commandLineFile.isEmpty()) {
        QString error;
        if (openFile(commandLineFile, &error)) return tr("Opened %1").arg(commandLineFile);
        Q_EMIT fileProblem(tr("%1 was not opened:\n%2").arg(commandLineFile, error));
    }
    if (QFileInfo::exists(autosavePath())) {
        SpecErrors errors;
        if (auto s = loadScenarioFile(autosavePath().toStdString(), errors)) {
            m_controller->load(*s);
            // The restored scenario keeps the file it came from, and it has
            // changes that file does not hold.
            m_file = QSettings().value(QStringLiteral("scenario/autosaveFile")).toString();
            m_controller->undoStack()->resetClean();
            return m_file.isEmpty()
                       ? tr("Restored the scenario autosaved before ScaleScope last stopped unexpectedly.")
                       : tr("Restored the unsaved changes to %1 autosaved before ScaleScope last stopped unexpectedly.").arg(m_file);
        }
    }
    newScenario();
    return tr("Opened the default scenario.");
}

bool PlannerWorkspace::isModified() const { return !m_controller->undoStack()->isClean(); }

bool PlannerWorkspace::maybeSave()
{
    if (!isModified()) return true;
    switch (m_askToSave(QString::fromStdString(m_controller->scenario().name))) {
    case QMessageBox::Save: return save();
    case QMessageBox::Discard: return true;
    default: return false;
    }
}

bool PlannerWorkspace::newScenario(const QString& templatePath, QString* error)
{
    if (!maybeSave()) return false;
    const QString path = templatePath.isEmpty() ? defaultScenarioPath() : templatePath;
    SpecErrors errors;
    const auto s = loadScenarioFile(path.toStdString(), errors);
    if (!s) {
        if (error) *error = errorText(errors);
        return false;
    }
    m_file.clear();
    m_controller->load(*s);
    return true;
}

void PlannerWorkspace::openPreset(const QString& path)
{
    QString error;
    if (!newScenario(path, &error) && !error.isEmpty()) QMessageBox::warning(&m_window, tr("Open preset"), error);
}

bool PlannerWorkspace::openFile(const QString& path, QString* error)
{
    SpecErrors errors;
    const auto s = loadScenarioFile(path.toStdString(), errors);
    if (!s) {
        if (error) *error = errorText(errors);
        return false;
    }
    m_file = path;
    m_controller->load(*s);
    addRecent(path);
    return true;
}

bool PlannerWorkspace::saveFile(const QString& path, QString* error)
{
    const std::string text = scenarioToJson(m_controller->scenario()).dump(2) + "\n";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.data(), static_cast<qint64>(text.size())) < 0) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    m_file = path;
    m_controller->undoStack()->setClean();
    addRecent(path);
    return true;
}

void PlannerWorkspace::openDialog()
{
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open scenario"), QFileInfo(m_file).path(), kFilter);
    if (path.isEmpty()) return;
    QString error;
    if (!openFile(path, &error)) QMessageBox::warning(&m_window, tr("Open scenario"), error);
}

bool PlannerWorkspace::save()
{
    if (m_file.isEmpty() || m_file == defaultScenarioPath()) return saveAs();
    QString error;
    if (saveFile(m_file, &error)) return true;
    QMessageBox::warning(&m_window, tr("Save scenario"), error);
    return false;
}

bool PlannerWorkspace::saveAs()
{
    QString path = m_askSavePath();
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"))) path += QStringLiteral(".scalescope.json");
    QString error;
    if (saveFile(path, &error)) return true;
    QMessageBox::warning(&m_window, tr("Save scenario"), error);
    return false;
}

void PlannerWorkspace::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("scenario/recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue(QStringLiteral("scenario/recent"), recent);
    rebuildRecentMenu();
}

void PlannerWorkspace::rebuildRecentMenu()
{
    if (!m_recentMenu) return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("scenario/recent")).toStringList();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openRecent(path); })->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void PlannerWorkspace::openRecent(const QString& path)
{
    if (!maybeSave()) return;
    QString error;
    if (!openFile(path, &error)) QMessageBox::warning(&m_window, tr("Open scenario"), error);
}

void PlannerWorkspace::writeAutosave()
{
    QSettings().setValue(QStringLiteral("scenario/autosaveFile"), m_file);
    QDir().mkpath(QFileInfo(autosavePath()).path());
    std::ofstream(autosavePath().toStdString()) << scenarioToJson(m_controller->scenario()).dump(2) << "\n";
}

void PlannerWorkspace::shutDownCleanly()
{
    m_autosave->stop();
    QFile::remove(autosavePath());
    QSettings().remove(QStringLiteral("scenario/autosaveFile"));
}

} // namespace scalescope

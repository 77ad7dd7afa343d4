// ScaleScope desktop application.

#include "app/gui/app_settings.h"
#include "app/gui/language.h"
#include "app/gui/main_window.h"

#include "model/spec_catalog.h"
#include "model/user_paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>

#include <nlohmann/json.hpp>

namespace {

// The scenario to open: the one named on the command line, else the
// built-in default. Returns its display name ("" when none could be read).
QString scenarioName(const QString& path)
{
    scalescope::SpecErrors errors;
    const auto doc = scalescope::readJsonFile(path.toStdString(), errors);
    if (!doc || !doc->is_object() || !doc->contains("name") || !(*doc)["name"].is_string()) return {};
    return QString::fromStdString((*doc)["name"].get<std::string>());
}

QString defaultScenarioPath()
{
    for (const auto& root : scalescope::builtinSpecRoots()) {
        const auto p = root / "scenarios" / "default.scalescope.json";
        if (QFileInfo::exists(QString::fromStdString(p.string()))) return QString::fromStdString(p.string());
    }
    return {};
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ScaleScope"));
    QApplication::setApplicationName(QStringLiteral("ScaleScope"));
    QApplication::setApplicationVersion(QString::fromUtf8(scalescope::versionString()));
    QApplication::setDesktopFileName(QStringLiteral("scalescope"));

    QCommandLineParser cli;
    cli.setApplicationDescription(QStringLiteral("See an AI system from one SM to racks of NVL72s."));
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("A *.scalescope.json file to open."));
    cli.process(app);

    QSettings store;
    scalescope::AppSettings settings = scalescope::AppSettings::load(store);
    scalescope::Language language;
    language.apply(settings.language.isEmpty() ? scalescope::Language::systemDefault() : settings.language);

    scalescope::SpecErrors errors;
    const scalescope::SpecCatalog catalog =
        scalescope::SpecCatalog::load(scalescope::builtinSpecRoots(), {scalescope::userSpecDir()}, errors);

    QString scenario = cli.positionalArguments().value(0);
    if (scenario.isEmpty()) scenario = defaultScenarioPath();

    scalescope::MainWindow window(catalog, errors, settings, language);
    window.setScenarioName(scenarioName(scenario));
    window.show();
    const int rc = QApplication::exec();
    window.settings().save(store);
    return rc;
}

// ScaleScope desktop application.

#include "app/gui/app_settings.h"
#include "app/gui/heap_policy.h"
#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/theme.h"

#include "model/spec/spec_catalog.h"
#include "model/spec/user_paths.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QStatusBar>

int main(int argc, char** argv)
{
    scalescope::returnLargeBlocksToSystem();
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
    scalescope::applyTheme(scalescope::themeFromKey(settings.theme).value_or(scalescope::Theme::System));
    scalescope::Language language;
    language.apply(settings.language.isEmpty() ? scalescope::Language::systemDefault() : settings.language);

    scalescope::SpecErrors errors;
    const scalescope::SpecCatalog catalog =
        scalescope::SpecCatalog::load(scalescope::builtinSpecRoots(), {scalescope::userSpecDir()}, errors);

    scalescope::MainWindow window(catalog, errors, settings, language);
    const QString opened = window.planner()->start(cli.positionalArguments().value(0));
    window.show();
    // After show(): QStatusBar hides its normal widgets under a message only
    // when they are visible, so a message shown before would overlap them.
    window.statusBar()->showMessage(opened, 8000);
    const int rc = QApplication::exec();
    window.settings().save(store);
    return rc;
}

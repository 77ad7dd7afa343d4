// File → Export trace… (issue 31) writes the Chrome trace that
// `scalescope-cli trace` writes for the same scenario, byte for byte; a
// scenario without a timeline and an unwritable file are errors that say so.

#include "test_support.h"

#include "app/cli/commands.h"
#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/trace_export.h"

#include <QAction>
#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

using namespace scalescope;

namespace {

QByteArray contents(const QString& file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST_CASE("Export trace writes the same Chrome trace as scalescope-cli trace", "[planner][trace]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string preset = SCALESCOPE_SCENARIO_DIR "/default.scalescope.json";
    const QString cliFile = dir.filePath(QStringLiteral("cli.trace.json"));
    std::ostringstream out, err;
    REQUIRE(cli::runTrace({preset, "-o", cliFile.toStdString()}, out, err) == 0);

    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    REQUIRE(window.findChild<QAction*>(QStringLiteral("exportTrace")));
    CHECK(window.findChild<QAction*>(QStringLiteral("exportTrace"))->text() == QStringLiteral("Export &trace…"));
    window.planner()->controller().load(testing::presetScenario("default"));
    window.planner()->controller().evaluateNow();
    const PlannerResultPtr result = window.planner()->controller().result();
    REQUIRE(result);
    REQUIRE(result->ok());
    const QString guiFile = dir.filePath(QStringLiteral("gui.trace.json"));
    QString error;
    REQUIRE(writePlannerTrace(*result, guiFile, &error));
    const QByteArray gui = contents(guiFile);
    CHECK(gui == contents(cliFile));
    const auto trace = nlohmann::json::parse(gui.toStdString());
    CHECK(trace["traceEvents"].size() > result->timeline.events.size()); // the events and the stage and lane names

    CHECK_FALSE(writePlannerTrace(*result, dir.filePath(QStringLiteral("no such folder/t.json")), &error));
    CHECK(error.contains(QStringLiteral("no such folder")));
}

TEST_CASE("Export trace refuses a scenario without a timeline, saying why", "[planner][trace]")
{
    const PlannerResultPtr inference = evaluateScenario(testing::builtinCatalog(),
                                                        testing::presetScenario("llama3-70b-inference-8xh100"), nullptr, 1);
    REQUIRE(inference);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    const QString file = dir.filePath(QStringLiteral("t.json"));
    CHECK_FALSE(writePlannerTrace(*inference, file, &error));
    CHECK_FALSE(error.isEmpty());
    CHECK_FALSE(QFile::exists(file));
}

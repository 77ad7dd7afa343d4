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

TEST_CASE("Export trace of an inference scenario writes the prefill pass and a decode step, as scalescope-cli trace does",
          "[planner][trace][inference]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string preset = SCALESCOPE_SCENARIO_DIR "/llama3-70b-inference-8xh100.scalescope.json";
    const QString cliFile = dir.filePath(QStringLiteral("cli.trace.json"));
    std::ostringstream out, err;
    REQUIRE(cli::runTrace({preset, "-o", cliFile.toStdString()}, out, err) == 0);
    const PlannerResultPtr inference = evaluateScenario(testing::builtinCatalog(),
                                                        testing::presetScenario("llama3-70b-inference-8xh100"), nullptr, 1);
    REQUIRE(inference);
    REQUIRE(inference->ok());
    QString error;
    const QString guiFile = dir.filePath(QStringLiteral("gui.trace.json"));
    REQUIRE(writePlannerTrace(*inference, guiFile, &error));
    CHECK(contents(guiFile) == contents(cliFile));
}

TEST_CASE("Export trace refuses a scenario without a result, saying why", "[planner][trace]")
{
    Scenario broken = testing::presetScenario("default");
    broken.parallel.tp = 3; // does not divide the heads
    const PlannerResultPtr result = evaluateScenario(testing::builtinCatalog(), broken, nullptr, 1);
    REQUIRE(result);
    REQUIRE_FALSE(result->ok());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    const QString file = dir.filePath(QStringLiteral("t.json"));
    CHECK_FALSE(writePlannerTrace(*result, file, &error));
    CHECK(error.contains(QStringLiteral("no result to trace")));
    CHECK_FALSE(QFile::exists(file));
}

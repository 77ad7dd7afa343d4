// scalescope-cli report (issue 31): the scenario report as a print-ready PDF
// for a training and an inference preset, in English and Simplified Chinese:
// page count, paper, the contents' page numbers, and its text (pdftotext,
// poppler-utils, installed by the installer).

#include "export_checks.h"
#include "test_support.h"

#include "app/cli/commands.h"
#include "app/cli/report_command.h"
#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/report_action.h"
#include "app/gui/scenario_controller.h"
#include "model/spec/spec_catalog.h"
#include "views/export/report_export.h"

#include <QAction>
#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

int runReport(const std::vector<std::string>& args, std::string* errText = nullptr)
{
    std::ostringstream out, err;
    const int code = cli::runReport(args, out, err);
    if (errText) *errText = err.str();
    return code;
}

constexpr double kLetterWidthPt = 8.5 * 72, kLetterHeightPt = 11 * 72;

} // namespace

TEST_CASE("report of a training preset: A4 landscape pages, contents, footers and the numbers as text", "[export][report][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    REQUIRE(runReport({scenarioFile("default"), "--page", "a4", "--lang", "en", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("report-training-en.pdf"));
    const std::vector<QSizeF> pages = mediaBoxes(pdf);
    // Cover, contents, planner, two timelines, the breakdown (2+ pages),
    // communication and memory, sharding, rack, topology, chip, power.
    REQUIRE(pages.size() >= 13);
    REQUIRE(pages.size() <= 20);
    for (const QSizeF& page : pages) {
        CHECK(page.width() == Approx(kA4HeightPt).margin(1));
        CHECK(page.height() == Approx(kA4WidthPt).margin(1));
    }
    const QString text = pdfText(pdf);
    CHECK(text.count(QLatin1Char('\f')) == static_cast<int>(pages.size()));
    CHECK(text.contains(QStringLiteral("Scenario report — Llama 3 70B on 64 H100")));
    CHECK(text.contains(QStringLiteral("Contents")));
    CHECK(text.contains(QStringLiteral("15.9 s"))); // the step time (evaluate: 15.91 s)
    CHECK(text.contains(QStringLiteral("How far to trust these numbers")));
    CHECK(text.contains(QStringLiteral("Communication per parallel axis")));
    CHECK(text.contains(QStringLiteral("Sources")));
    CHECK(text.contains(QStringLiteral("page 1 of %1").arg(pages.size())));
    CHECK(text.contains(QStringLiteral("page %1 of %1").arg(pages.size())));
}

TEST_CASE("report --compare A.json adds the planner's A/B comparison page after the planner, one page more", "[export][report][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString plain = dir.filePath(QStringLiteral("plain.pdf"));
    const QString compared = dir.filePath(QStringLiteral("compared.pdf"));
    REQUIRE(runReport({scenarioFile("default"), "--page", "a4", "--lang", "en", "-o", plain.toStdString()}) == 0);
    REQUIRE(runReport({scenarioFile("default"), "--page", "a4", "--lang", "en", "--compare", scenarioFile("llama3-70b-4096-h100"),
                       "-o", compared.toStdString()}) == 0);
    keepRender(compared, QStringLiteral("report-training-compare-en.pdf"));
    CHECK(mediaBoxes(compared).size() == mediaBoxes(plain).size() + 1);
    const QString text = pdfText(compared);
    CHECK(text.contains(QStringLiteral("Comparison: A (Llama 3 70B on 4,096 H100")));
    CHECK(text.contains(QStringLiteral("A (pinned)")));
    CHECK(text.contains(QStringLiteral("B (current) below")));
    std::string err;
    CHECK(runReport({scenarioFile("default"), "--compare", scenarioFile("llama3-70b-inference-8xh100"), "-o",
                     dir.filePath(QStringLiteral("x.pdf")).toStdString()}, &err) == 1);
    CHECK(err.find("is an inference scenario; the comparison is of training steps") != std::string::npos);
}

TEST_CASE("report of an inference preset in Chinese on Letter: the throughput-latency page and translated headings", "[export][report][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    REQUIRE(runReport({scenarioFile("llama3-70b-inference-8xh100"), "--page", "letter", "--lang", "zh_CN", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("report-inference-zh_CN.pdf"));
    const std::vector<QSizeF> pages = mediaBoxes(pdf);
    REQUIRE(pages.size() >= 14);
    REQUIRE(pages.size() <= 20);
    for (const QSizeF& page : pages) {
        CHECK(page.width() == Approx(kLetterHeightPt).margin(1));
        CHECK(page.height() == Approx(kLetterWidthPt).margin(1));
    }
    const QString text = pdfText(pdf);
    CHECK(text.contains(QStringLiteral("场景报告")));
    CHECK(text.contains(QStringLiteral("目录")));
    CHECK(text.contains(QStringLiteral("吞吐量与延迟")));
    CHECK(text.contains(QStringLiteral("6.24 s"))); // TTFT
    // "第 1 页，共 N 页"; 页 may come back as the radical ⻚, which NFKC leaves.
    CHECK(text.contains(QStringLiteral("第 1 ")));
    CHECK(text.contains(QStringLiteral("共 %1 ").arg(pages.size())));
    // The translator is gone afterwards: the next export is English again.
    CHECK(QCoreApplication::translate("ReportExport", "Contents") == QStringLiteral("Contents"));
}

TEST_CASE("report contents: every section's first page, in order, within the document", "[export][report]")
{
    SpecErrors errors;
    const auto scenario = loadScenarioFile(scenarioFile("llama3-70b-inference-8xh100"), errors);
    REQUIRE(scenario);
    const PlannerResultPtr result = evaluateScenario(cli::sharedCatalog(std::cerr), *scenario, nullptr, 0);
    REQUIRE(result->ok());
    QString why;
    const ScenarioReport report = scenarioReport(cli::sharedCatalog(std::cerr), result, *exportPageFrom(QStringLiteral("a4"), &why), QDate(2026, 1, 2));
    CHECK(report.pageSize.width() > report.pageSize.height());
    REQUIRE(report.sections.size() >= 13);
    CHECK(report.sections.front().firstPage == 1);
    for (qsizetype i = 1; i < report.sections.size(); ++i) CHECK(report.sections[i].firstPage >= report.sections[i - 1].firstPage);
    CHECK(report.sections.back().firstPage == report.document.pages);
}

TEST_CASE("report refuses bad input with the CLI's exit codes", "[export][report][cli]")
{
    std::string err;
    CHECK(runReport({scenarioFile("default"), "-o", "x.svg"}, &err) == 2);
    CHECK(err == "error: -o x.svg: a report is a PDF: name the file .pdf\n");
    CHECK(runReport({scenarioFile("default"), "--page", "a3", "-o", "x.pdf"}, &err) == 2);
    CHECK(err == "error: --page: expected a4 or letter, found \"a3\"\n");
    CHECK(runReport({scenarioFile("default"), "--lang", "fr", "-o", "x.pdf"}, &err) == 2);
    CHECK(runReport({"no-such.scalescope.json", "-o", "x.pdf"}, &err) == 1);
    CHECK(runReport({"-o", "x.pdf"}, &err) == 2);
}

TEST_CASE("File → Export report… writes the report of the planner's scenario", "[export][report][planner]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(builtinCatalog(), {}, AppSettings{}, language);
    const auto* action = window.findChild<QAction*>(QStringLiteral("exportReport"));
    REQUIRE(action);
    CHECK(action->text() == QStringLiteral("Export &report…"));
    window.planner()->controller().load(presetScenario("default"));
    window.planner()->controller().evaluateNow();
    const PlannerResultPtr result = window.planner()->controller().result();
    REQUIRE(result);
    REQUIRE(result->ok());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("gui-report.pdf"));
    QString error;
    REQUIRE(writeScenarioReport(builtinCatalog(), result, pdf, &error));
    CHECK(mediaBoxes(pdf).size() >= 13);
    CHECK_FALSE(writeScenarioReport(builtinCatalog(), result, dir.filePath(QStringLiteral("no such folder/r.pdf")), &error));
    CHECK(error.contains(QStringLiteral("no such folder")));
}

// export --view timeline (issue 31): the planner's own timeline painting on a
// page, in English and Simplified Chinese, SVG text staying text, the PDF on
// the asked paper, a window from --from to --to, and bad input refused.

#include "export_checks.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "views/export/timeline_export.h"

#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>

#include <catch2/catch.hpp>


using namespace scalescope;
using namespace scalescope::testing;


TEST_CASE("export --view timeline draws the training step with its legend, text as text, on an A4 landscape page",
          "[export][timeline][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string scenario = scenarioFile("default");
    const QString svg = dir.filePath(QStringLiteral("timeline.svg"));
    REQUIRE(runExport({scenario, "--view", "timeline", "--page", "a4", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-timeline.svg"));
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("stage 0")));  // a row title
    CHECK(text.contains(QStringLiteral("forward")));  // the legend
    CHECK(text.contains(QStringLiteral("Step timeline")));
    CHECK(svgTitle(svg).startsWith(QStringLiteral("Step timeline — ")));
    CHECK(fileBytes(svg).contains("viewBox=\"0 0 841.89 595.276\"")); // A4, landscape: the timeline is wide

    const QString pdf = dir.filePath(QStringLiteral("timeline.pdf"));
    REQUIRE(runExport({scenario, "--view", "timeline", "--page", "letter", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("export-timeline.pdf"));
    CHECK(mediaBox(pdf).width() == Approx(792).margin(1));
    CHECK(mediaBox(pdf).height() == Approx(612).margin(1));

    const QString png = dir.filePath(QStringLiteral("timeline.png"));
    REQUIRE(runExport({scenario, "--view", "timeline", "--page", "a4", "--dpi", "144", "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-timeline.png"));
    const QImage image(png);
    CHECK(image.size() == QSize(qRound(kA4HeightPt * 2), qRound(kA4WidthPt * 2)));
    CHECK(distinctColours(image) > 8);
}

TEST_CASE("export --view timeline --from --to draws a window of the step", "[export][timeline][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("window.svg"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "timeline", "--from", "0.5", "--to", "1", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-timeline-window.svg"));
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("Shown: 500 ms to 1 s.")));
    // The axis starts at the window: its ticks run from 500 ms, the step's start is off the page.
    CHECK(text.contains(QStringLiteral("\n500 ms\n")));
    CHECK(text.contains(QStringLiteral("\n950 ms\n")));
    CHECK_FALSE(text.contains(QStringLiteral("\n450 ms\n")));
}

TEST_CASE("export --view timeline of an inference scenario draws prefill and decode", "[export][timeline][cli][inference]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("serving.svg"));
    REQUIRE(runExport({scenarioFile("llama3-70b-inference-8xh100"), "--view", "timeline", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-timeline-inference.svg"));
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("Prefill of one batch's prompts")));
    CHECK(text.contains(QStringLiteral("Decode step")));
    CHECK(text.contains(QStringLiteral("stage 0")));
    const QString png = dir.filePath(QStringLiteral("serving.png"));
    REQUIRE(runExport({scenarioFile("llama3-70b-inference-8xh100"), "--view", "timeline", "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-timeline-inference.png"));
    CHECK(distinctColours(QImage(png)) > 8);
}

TEST_CASE("export --view timeline in Simplified Chinese", "[export][timeline][cli][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    for (const char* name : {"default", "llama3-70b-inference-8xh100"}) {
        INFO(name);
        const QString svg = dir.filePath(QStringLiteral("zh.svg"));
        REQUIRE(runExport({scenarioFile(name), "--view", "timeline", "-o", svg.toStdString()}) == 0);
        keepRender(svg, QStringLiteral("export-timeline-%1-zh_CN.svg").arg(QString::fromLatin1(name)));
        CHECK(svgText(svg).contains(QStringLiteral("阶段"))); // "stage" (its number is a run of another font)
        CHECK(svgText(svg).contains(QStringLiteral("时间线")));
        const QString pdf = dir.filePath(QStringLiteral("zh.pdf"));
        REQUIRE(runExport({scenarioFile(name), "--view", "timeline", "--page", "a4", "-o", pdf.toStdString()}) == 0);
        CHECK(mediaBox(pdf).width() == Approx(kA4HeightPt).margin(1));
        keepRender(pdf, QStringLiteral("export-timeline-%1-zh_CN.pdf").arg(QString::fromLatin1(name)));
        const QString png = dir.filePath(QStringLiteral("zh.png"));
        REQUIRE(runExport({scenarioFile(name), "--view", "timeline", "-o", png.toStdString()}) == 0);
        keepRender(png, QStringLiteral("export-timeline-%1-zh_CN.png").arg(QString::fromLatin1(name)));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("export --view timeline refuses an empty or late window, --from elsewhere and --compare", "[export][timeline][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string scenario = scenarioFile("default");
    const std::string svg = dir.filePath(QStringLiteral("x.svg")).toStdString();
    std::string err;
    CHECK(runExport({scenario, "--view", "timeline", "--from", "2", "--to", "1", "-o", svg}, &err) == 2);
    CHECK(err == "error: --from 2 is not before --to 1: the window would be empty\n");
    CHECK(runExport({scenario, "--view", "timeline", "--from", "-1", "-o", svg}, &err) == 2);
    CHECK(err.find("--from: expected seconds from the start of the step") != std::string::npos);
    CHECK(runExport({scenario, "--view", "timeline", "--from", "1e6", "-o", svg}, &err) == 1);
    CHECK(err.find("--from: 1e+06 s is at or after the end of the timeline") != std::string::npos);
    CHECK(runExport({"--view", "chip", "--from", "1", "-o", svg}, &err) == 2);
    CHECK(err == "error: --from and --to: only with --view timeline\n");
    CHECK(runExport({scenario, "--view", "timeline", "--compare", scenario, "-o", svg}, &err) == 2);
    CHECK(err.find("--compare: only with --view planner") != std::string::npos);
    CHECK(runExport({scenario, "--view", "timelines", "-o", svg}, &err) == 2);
    CHECK(err.find("found \"timelines\"") != std::string::npos);
    CHECK_FALSE(QFileInfo::exists(QString::fromStdString(svg))); // nothing written
}

TEST_CASE("export --view planner puts figures, memory bar, timeline, verdicts and trust line on one page, as text",
          "[export][planner-page][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("planner.svg"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "--page", "a4", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-planner.svg"));
    const QString text = svgText(svg);
    for (const char* label : {"Step time", "15.9 s", "MFU", "weights", "stage 0", "forward", "Measured", "TP communication is exposed"})
        CHECK(text.contains(QString::fromUtf8(label)));
    CHECK(fileBytes(svg).contains("viewBox=\"0 0 841.89 595.276\"")); // A4 landscape
    const QString pdf = dir.filePath(QStringLiteral("planner.pdf"));
    REQUIRE(runExport({scenarioFile("llama3-70b-inference-8xh100"), "--view", "planner", "--page", "letter", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("export-planner-inference.pdf"));
    CHECK(mediaBox(pdf) == QSizeF(792, 612));
    const QString png = dir.filePath(QStringLiteral("planner.png"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-planner.png"));
    CHECK(distinctColours(QImage(png)) > 8);

    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "-o", svg.toStdString()}) == 0);
    CHECK(svgText(svg).contains(QStringLiteral("阶段")));
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-planner-zh_CN.png"));
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("export --view planner --compare A.json draws the planner's A/B comparison: A pinned, the scenario as B, as text",
          "[export][planner-page][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("ab.svg"));
    const std::string a = scenarioFile("llama3-70b-4096-h100");
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "--compare", a, "--page", "a4", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-planner-compare.svg"));
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("A (pinned)")));
    CHECK(text.contains(QStringLiteral("B (current) below")));
    CHECK(text.contains(QStringLiteral("15.9 s"))); // B's step time, with A's beside every figure
    CHECK(text.contains(QStringLiteral("(A: ")));
    CHECK(fileBytes(svg).contains("viewBox=\"0 0 841.89 595.276\"")); // A4 landscape
    const QString png = dir.filePath(QStringLiteral("ab.png"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "planner", "--compare", a, "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-planner-compare.png"));

    // Serving has no A/B comparison; a missing A file is bad input; nothing is written.
    const std::string none = dir.filePath(QStringLiteral("none.svg")).toStdString();
    std::string err;
    CHECK(runExport({scenarioFile("default"), "--view", "planner", "--compare", scenarioFile("llama3-70b-inference-8xh100"), "-o", none}, &err) == 1);
    CHECK(err.find("is an inference scenario; the comparison is of training steps") != std::string::npos);
    CHECK(runExport({scenarioFile("default"), "--view", "planner", "--compare", "missing.scalescope.json", "-o", none}, &err) == 1);
    CHECK(err.find("missing.scalescope.json") != std::string::npos);
    CHECK_FALSE(QFileInfo::exists(QString::fromStdString(none)));
}

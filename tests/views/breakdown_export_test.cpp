// export --view breakdown (issue 31): "Why this number" as a paged table, in
// English and Simplified Chinese: a PDF page each, the pages one under another
// in SVG and PNG, cells and sources as text.

#include "export_checks.h"
#include "test_support.h"

#include "app/gui/language.h"

#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>

#include <catch2/catch.hpp>


using namespace scalescope;
using namespace scalescope::testing;


TEST_CASE("export --view breakdown pages the per-operation table on A4, landscape, with its sources", "[export][breakdown][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string scenario = scenarioFile("default");
    const QString pdf = dir.filePath(QStringLiteral("breakdown.pdf"));
    REQUIRE(runExport({scenario, "--view", "breakdown", "--page", "a4", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("export-breakdown.pdf"));
    const std::vector<QSizeF> pages = mediaBoxes(pdf);
    // 35 rows of the default scenario and its sources take more than one page.
    REQUIRE(pages.size() >= 2);
    for (const QSizeF& page : pages) {
        CHECK(page.width() == Approx(kA4HeightPt).margin(1));
        CHECK(page.height() == Approx(kA4WidthPt).margin(1));
    }

    const QString svg = dir.filePath(QStringLiteral("breakdown.svg"));
    REQUIRE(runExport({scenario, "--view", "breakdown", "--page", "a4", "-o", svg.toStdString()}) == 0);
    keepRender(svg, QStringLiteral("export-breakdown.svg"));
    const QString text = svgText(svg);
    for (const char* cell : {"Why this number", "Operation", "Time per step", "Source", "MLP up / gate projection", "backward",
                             "3.64 s", "22.9 %", "h100", "Sources", "page 1 of"})
        CHECK(text.contains(QString::fromUtf8(cell)));
    // The pages one under another: the sheet is as tall as the pages together.
    const QString box = QStringLiteral("viewBox=\"0 0 841.89 %1\"").arg(kA4WidthPt * static_cast<double>(pages.size()), 0, 'g', 6);
    CHECK(QString::fromUtf8(fileBytes(svg)).contains(box));

    const QString png = dir.filePath(QStringLiteral("breakdown.png"));
    REQUIRE(runExport({scenario, "--view", "breakdown", "--page", "a4", "--dpi", "96", "-o", png.toStdString()}) == 0);
    keepRender(png, QStringLiteral("export-breakdown.png"));
    const QImage image(png);
    CHECK(image.width() == qRound(kA4HeightPt * 96 / 72));
    CHECK(image.height() == Approx(kA4WidthPt * 96 / 72 * static_cast<double>(pages.size())).margin(1));
}

TEST_CASE("export --view breakdown of an inference scenario: rows per pass, prefill and decode", "[export][breakdown][cli][inference]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("serving.svg"));
    REQUIRE(runExport({scenarioFile("llama3-70b-inference-8xh100"), "--view", "breakdown", "-o", svg.toStdString()}) == 0);
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("Time per pass")));
    CHECK(text.contains(QStringLiteral("prefill")));
    CHECK(text.contains(QStringLiteral("decode")));
    CHECK(text.contains(QStringLiteral("TTFT")));
}

TEST_CASE("export --view breakdown in Simplified Chinese", "[export][breakdown][cli][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("zh.svg"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "breakdown", "-o", svg.toStdString()}) == 0);
    const QString text = svgText(svg);
    CHECK(text.contains(QStringLiteral("操作")));     // the Operation header
    CHECK(text.contains(QStringLiteral("这个数字从何而来"))); // "Why this number"
    const QString pdf = dir.filePath(QStringLiteral("zh.pdf"));
    REQUIRE(runExport({scenarioFile("default"), "--view", "breakdown", "--page", "letter", "-o", pdf.toStdString()}) == 0);
    keepRender(pdf, QStringLiteral("export-breakdown-zh_CN.pdf"));
    REQUIRE_FALSE(mediaBoxes(pdf).empty());
    CHECK(mediaBoxes(pdf).front() == QSizeF(792, 612));
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("export --view breakdown refuses a scenario that does not evaluate and a window", "[export][breakdown][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string svg = dir.filePath(QStringLiteral("x.svg")).toStdString();
    std::string err;
    CHECK(runExport({scenarioFile("default"), "--view", "breakdown", "--from", "1", "-o", svg}, &err) == 2);
    CHECK(err == "error: --from and --to: only with --view timeline\n");
    CHECK(runExport({std::string(SCALESCOPE_FIXTURES_DIR "/scenarios/misspelt_key.scalescope.json"), "--view", "breakdown", "-o", svg},
                    &err) == 1);
    CHECK(err.find("/training/global_bacth: unknown key") != std::string::npos);
}

// Print-ready exports (issue 31): the format comes from --format or else the
// file's suffix and a contradiction is refused; --page gives a paper page
// (landscape for a wide view) that the PDF's MediaBox and the SVG's viewBox
// carry; --dpi sets a PNG's pixels.

#include "export_checks.h"
#include "test_support.h"

#include "app/cli/export_command.h"
#include "views/export/view_export.h"
#include "views/hardware/chip_scene.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;
using testing::kA4HeightPt;
using testing::kA4WidthPt;
using testing::mediaBox;
using testing::runExport;


TEST_CASE("The export format comes from --format or else the suffix; a contradiction is refused", "[export][page]")
{
    QString error;
    CHECK(chooseExportFormat(std::nullopt, QStringLiteral("a/chip.PDF"), &error) == ExportFormat::Pdf);
    CHECK(chooseExportFormat(ExportFormat::Png, QStringLiteral("chip"), &error) == ExportFormat::Png);
    CHECK(chooseExportFormat(ExportFormat::Png, QStringLiteral("chip.v2"), &error) == ExportFormat::Png);
    CHECK(chooseExportFormat(ExportFormat::Svg, QStringLiteral("x.svg"), &error) == ExportFormat::Svg);
    CHECK_FALSE(chooseExportFormat(ExportFormat::Svg, QStringLiteral("x.png"), &error));
    CHECK(error == QStringLiteral("x.png ends in .png but the format asked for is SVG: name the file .svg or ask for PNG."));
    CHECK_FALSE(chooseExportFormat(std::nullopt, QStringLiteral("x.jpg"), &error));
    CHECK(error.contains(QStringLiteral("x.jpg")));
}

TEST_CASE("Paper pages: A4 and Letter in points, WxH in millimetres, others refused", "[export][page]")
{
    QString error;
    const auto a4 = exportPageFrom(QStringLiteral("A4"), &error);
    REQUIRE(a4);
    CHECK(a4->size.width() == Approx(kA4WidthPt).epsilon(1e-9));
    CHECK(a4->size.height() == Approx(kA4HeightPt).epsilon(1e-9));
    CHECK(a4->landscapeForWide);
    const auto letter = exportPageFrom(QStringLiteral("letter"), &error);
    REQUIRE(letter);
    CHECK(letter->size == QSizeF(612, 792)); // 8.5 x 11 in
    for (const char* text : {"300x200 mm", "300 x 200mm", "300×200 mm"}) {
        INFO(text);
        const auto custom = exportPageFrom(QString::fromUtf8(text), &error);
        REQUIRE(custom);
        CHECK(custom->size.width() == Approx(300 / 25.4 * 72));
        CHECK(custom->size.height() == Approx(200 / 25.4 * 72));
        CHECK_FALSE(custom->landscapeForWide); // as given
    }
    for (const char* text : {"a5", "300x200", "10x10 mm", "300x200 in"}) {
        INFO(text);
        CHECK_FALSE(exportPageFrom(QString::fromUtf8(text), &error));
        CHECK(error.contains(QString::fromUtf8(text)));
    }
}

TEST_CASE("export --page gives the PDF and SVG a paper page, landscape for a wide view; --dpi sizes a PNG",
          "[export][page][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const GpuSpec* gpu = testing::builtinCatalog().gpu("b200");
    REQUIRE(gpu);
    const QRectF chipRect = ChipScene(*gpu, HardwarePalette::print()).sceneRect();
    const bool wide = chipRect.width() > chipRect.height();

    const QString pdf = dir.filePath(QStringLiteral("chip-a4.pdf"));
    REQUIRE(runExport({"--view", "chip", "--gpu", "b200", "--page", "a4", "-o", pdf.toStdString()}) == 0);
    const QSizeF box = mediaBox(pdf);
    // QPdfWriter rounds the page to whole points.
    CHECK(box.width() == Approx(wide ? kA4HeightPt : kA4WidthPt).margin(1));
    CHECK(box.height() == Approx(wide ? kA4WidthPt : kA4HeightPt).margin(1));

    const QString custom = dir.filePath(QStringLiteral("chip-custom.pdf"));
    REQUIRE(runExport({"--view", "chip", "--page", "200x300 mm", "-o", custom.toStdString()}) == 0);
    CHECK(mediaBox(custom).width() == Approx(200 / 25.4 * 72).margin(1));
    CHECK(mediaBox(custom).height() == Approx(300 / 25.4 * 72).margin(1));

    const QString svg = dir.filePath(QStringLiteral("chip-letter.svg"));
    REQUIRE(runExport({"--view", "chip", "--page", "letter", "-o", svg.toStdString()}) == 0);
    QFile svgFile(svg);
    REQUIRE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgHead = svgFile.read(400);
    CHECK(svgHead.contains(wide ? "viewBox=\"0 0 792 612\"" : "viewBox=\"0 0 612 792\""));
    CHECK(svgHead.contains(wide ? "width=\"279.4mm\"" : "width=\"215.9mm\""));

    const QString png = dir.filePath(QStringLiteral("chip-a4.png"));
    REQUIRE(runExport({"--view", "chip", "--page", "a4", "--dpi", "150", "-o", png.toStdString()}) == 0);
    const QImage image(png);
    const QSize a4At150(qRound(kA4WidthPt / 72 * 150), qRound(kA4HeightPt / 72 * 150)); // 1240 x 1754
    CHECK(image.size() == (wide ? a4At150.transposed() : a4At150));
    CHECK(image.dotsPerMeterX() == qRound(150 / 0.0254));
    CHECK(testing::distinctColours(image) > 4);
}

TEST_CASE("export refuses a format the file name contradicts, and --dpi or --page where they do not apply",
          "[export][page][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("x.png"));
    std::string err;
    CHECK(runExport({"--view", "chip", "--format", "svg", "-o", png.toStdString()}, &err) == 2);
    CHECK(err == "error: " + png.toStdString() + " ends in .png but the format asked for is SVG: name the file .svg or ask for PNG.\n");
    CHECK_FALSE(QFileInfo::exists(png)); // nothing written
    CHECK(runExport({"--view", "chip", "--format", "gif", "-o", png.toStdString()}, &err) == 2);
    CHECK(runExport({"--view", "chip", "--dpi", "300", "-o", dir.filePath(QStringLiteral("x.pdf")).toStdString()}, &err) == 2);
    CHECK(err.find("--dpi: only for PNG") != std::string::npos);
    CHECK(runExport({"--view", "chip", "--dpi", "5000", "-o", png.toStdString()}, &err) == 1);
    CHECK(runExport({"--view", "chip", "--page", "a4", "--width", "800", "-o", png.toStdString()}, &err) == 2);
    CHECK(runExport({"--view", "chip", "--page", "b5", "-o", png.toStdString()}, &err) == 2);
    CHECK(err.find("--page: expected a4, letter or WxH mm") != std::string::npos);
}

// One export path: every hardware view to SVG (valid XML with the title,
// text kept as text), PNG and PDF; and `scalescope-cli export` headless.

#include "test_support.h"

#include "app/cli/export_command.h"
#include "views/export/view_export.h"
#include "views/hardware/chip_view.h"
#include "views/hardware/hardware_scene.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/sm_view.h"
#include "views/hardware/superchip_view.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;

namespace {

struct SvgFacts {
    bool valid = false;
    QString title;
    int textElements = 0;
    QString allText;
};

SvgFacts readSvg(const QString& file)
{
    QFile f(file);
    SvgFacts facts;
    if (!f.open(QIODevice::ReadOnly)) return facts;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("title")) facts.title = xml.readElementText();
        else if (xml.name() == QLatin1String("text")) {
            ++facts.textElements;
            facts.allText += xml.readElementText(QXmlStreamReader::IncludeChildElements) + QLatin1Char('\n');
        }
    }
    facts.valid = !xml.hasError();
    return facts;
}

QByteArray head(const QString& file, int n)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
}

void exportsAllFormats(const HardwareView& view, const QString& name)
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString svg = dir.filePath(name + QStringLiteral(".svg"));
    const QString png = dir.filePath(name + QStringLiteral(".png"));
    const QString pdf = dir.filePath(name + QStringLiteral(".pdf"));
    QString error;
    REQUIRE(exportView(view, svg, ExportFormat::Svg, kDefaultExportSize, &error));
    REQUIRE(exportView(view, png, ExportFormat::Png, kDefaultExportSize, &error));
    REQUIRE(exportView(view, pdf, ExportFormat::Pdf, kDefaultExportSize, &error));

    const SvgFacts facts = readSvg(svg);
    CHECK(facts.valid);
    CHECK(facts.title == view.scene()->title());
    CHECK(facts.textElements > 10);                        // text stays text
    CHECK(facts.allText.contains(QStringLiteral("Sources"))); // sources listed at the bottom
    CHECK(head(pdf, 5) == QByteArray("%PDF-"));
    const QImage image(png);
    CHECK(image.size() == kDefaultExportSize);
    CHECK(testing::distinctColours(image) > 8);
    QDir().mkpath(QStringLiteral(SCALESCOPE_RENDER_DIR));
    QFile::remove(QStringLiteral(SCALESCOPE_RENDER_DIR "/export-%1.png").arg(name));
    QFile::copy(png, QStringLiteral(SCALESCOPE_RENDER_DIR "/export-%1.png").arg(name));
}

} // namespace

TEST_CASE("Every hardware view exports to SVG, PNG and PDF with title and sources", "[gui][export]")
{
    const SpecCatalog& catalog = testing::builtinCatalog();
    ChipView chip(catalog);
    REQUIRE(chip.setGpu(QStringLiteral("b200")));
    exportsAllFormats(chip, QStringLiteral("chip-b200"));
    REQUIRE(chip.setGpu(QStringLiteral("h100-sxm")));
    exportsAllFormats(chip, QStringLiteral("chip-h100"));
    SmView sm(catalog);
    REQUIRE(sm.setGpu(QStringLiteral("b200")));
    exportsAllFormats(sm, QStringLiteral("sm-b200"));
    SuperchipView superchip(catalog);
    REQUIRE(superchip.setSuperchip(QStringLiteral("gb200")));
    exportsAllFormats(superchip, QStringLiteral("superchip-gb200"));
    RackView rack(catalog);
    REQUIRE(rack.setSystem(QStringLiteral("gb200-nvl72")));
    exportsAllFormats(rack, QStringLiteral("rack-gb200-nvl72"));
}

TEST_CASE("Export formats are named by suffix and a tiny page is refused", "[gui][export]")
{
    CHECK(exportFormatFrom(QStringLiteral("a/b/chip.SVG")) == ExportFormat::Svg);
    CHECK(exportFormatFrom(QStringLiteral("pdf")) == ExportFormat::Pdf);
    CHECK_FALSE(exportFormatFrom(QStringLiteral("chip.jpg")));
    ChipView chip(testing::builtinCatalog());
    QString error;
    CHECK_FALSE(exportView(chip, QStringLiteral("x.png"), ExportFormat::Png, QSize(10, 10), &error));
    CHECK_FALSE(error.isEmpty());
}

TEST_CASE("scalescope-cli export writes each view headless and keeps exit codes", "[gui][export][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    auto run = [](const std::vector<std::string>& args, std::string* errText = nullptr) {
        std::ostringstream out, err;
        const int code = cli::runExport(args, out, err);
        if (errText) *errText = err.str();
        return code;
    };
    const std::string svg = dir.filePath(QStringLiteral("rack.svg")).toStdString();
    CHECK(run({SCALESCOPE_SCENARIO_DIR "/gb200-nvl72-llama3-405b.scalescope.json", "--view", "rack", "--format", "svg", "-o", svg}) == 0);
    const SvgFacts facts = readSvg(QString::fromStdString(svg));
    CHECK(facts.valid);
    CHECK(facts.title.contains(QStringLiteral("GB200 NVL72")));

    const std::string pdf = dir.filePath(QStringLiteral("chip.pdf")).toStdString();
    CHECK(run({"--view", "chip", "--gpu", "h100-sxm", "-o", pdf}) == 0);
    CHECK(head(QString::fromStdString(pdf), 5) == QByteArray("%PDF-"));
    const std::string png = dir.filePath(QStringLiteral("sm.png")).toStdString();
    CHECK(run({"--view", "sm", "--format", "png", "-o", png, "--width", "800", "--height", "600"}) == 0);
    CHECK(QImage(QString::fromStdString(png)).size() == QSize(800, 600));
    CHECK(run({"--system", "gb300-nvl72", "--view", "superchip", "-o", dir.filePath(QStringLiteral("s.png")).toStdString()}) == 0);

    std::string err;
    CHECK(run({"--view", "chip"}, &err) == 2); // no -o
    CHECK(run({"--view", "floorplan", "-o", "x.svg"}) == 2);
    CHECK(run({"--view", "chip", "-o", "x.gif"}) == 2);
    CHECK(run({"--view", "chip", "--gpu", "h1000", "-o", "x.svg"}, &err) == 1);
    CHECK(err.find("h1000") != std::string::npos);
    CHECK(run({"--view", "superchip", "--system", "dgx-h100-superpod", "-o", "x.svg"}) == 1);
    CHECK(run({"no-such.scalescope.json", "--view", "rack", "-o", "x.svg"}) == 1);
    CHECK(run({"--help"}) == 0);
}

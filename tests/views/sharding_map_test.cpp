// The sharding map: GPUs laid out as the hardware, coloured by a mesh axis,
// remapped when the axis order changes; renders in English and Chinese.

#include "scene_checks.h"
#include "test_support.h"

#include "app/cli/export_command.h"
#include "app/gui/language.h"
#include "model/network/mesh_placement.h"
#include "views/export/view_export.h"
#include "views/planner/sharding_map_view.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;

namespace {

Scenario scenarioNamed(const char* name)
{
    SpecErrors errors;
    auto s = loadScenarioFile(builtinSpecRoots().front() / "scenarios" / (std::string(name) + ".scalescope.json"), errors);
    REQUIRE(s);
    return *s;
}

PlannerResultPtr evaluated(const Scenario& s)
{
    return evaluateScenario(testing::builtinCatalog(), s, nullptr, 1);
}

// Distinct cell colours inside each node box, in node order.
std::vector<int> coloursPerNode(const HardwareScene& scene)
{
    std::vector<int> out;
    for (QGraphicsItem* node : scene.itemsOfKind(QStringLiteral("node"))) {
        QSet<QRgb> colours;
        for (QGraphicsItem* cell : scene.itemsOfKind(QStringLiteral("gpu-cell")))
            if (node->sceneBoundingRect().contains(cell->sceneBoundingRect()))
                colours.insert(static_cast<QGraphicsRectItem*>(cell)->brush().color().rgb());
        out.push_back(static_cast<int>(colours.size()));
    }
    return out;
}

bool svgParses(const QString& file, QString* allText = nullptr)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return false;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd()) {
        xml.readNext();
        if (allText && xml.isStartElement() && xml.name() == QLatin1String("text"))
            *allText += xml.readElementText(QXmlStreamReader::IncludeChildElements) + QLatin1Char('\n');
    }
    return !xml.hasError();
}

} // namespace

TEST_CASE("Mesh placement follows the axis order, innermost first, with EP inside DP", "[sharding]")
{
    ParallelLayout p;
    p.tp = 8;
    p.dp = 2;
    p.pp = 4;
    CHECK(meshCoordinates(p, 13).tp == 5);
    CHECK(meshCoordinates(p, 13).dp == 1);
    CHECK(meshCoordinates(p, 13).pp == 0);
    CHECK(meshCoordinates(p, 16).pp == 1);
    p.order = {Axis::Dp, Axis::Tp, Axis::Cp, Axis::Ep, Axis::Pp};
    CHECK(meshCoordinates(p, 1).dp == 1);
    CHECK(meshCoordinates(p, 1).tp == 0);
    CHECK(meshCoordinates(p, 2).tp == 1);
    p.ep = 2;
    CHECK(meshCoordinates(p, 1).ep == 1);
    CHECK(groupIndex(p, meshCoordinates(p, 0), Axis::Ep) == groupIndex(p, meshCoordinates(p, 1), Axis::Ep));
}

TEST_CASE("Sharding map: the default scenario has 64 GPU cells in 8 nodes, TP colours each node 8 ways",
          "[gui][sharding]")
{
    ShardingMapView view;
    view.resize(1400, 900);
    Scenario s = scenarioNamed("default");
    view.setResult(evaluated(s));
    HardwareScene* scene = view.scene();
    CHECK(scene->itemsOfKind(QStringLiteral("gpu-cell")).size() == 64);
    CHECK(scene->itemsOfKind(QStringLiteral("node")).size() == 8);
    for (int n : coloursPerNode(*scene)) CHECK(n == s.parallel.tp);
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("sharding-default"))) > 8);

    view.selectRank(13);
    CHECK(view.detailsText().contains(QStringLiteral("GPU 13")));
    CHECK(view.detailsText().contains(QStringLiteral("TP 5/8")));
    CHECK(view.detailsText().contains(QStringLiteral("Layers")));
    CHECK(scene->itemsOfKind(QStringLiteral("selection")).size() == 8); // its TP group
    testing::renderToFile(view, QStringLiteral("sharding-default-selected"));

    // PP colouring: 4 stages over the 8 nodes, each node one stage.
    view.setColouring(ShardingColouring::Pp);
    for (int n : coloursPerNode(*view.scene())) CHECK(n == 1);
    testing::renderToFile(view, QStringLiteral("sharding-default-pp"));
}

TEST_CASE("Sharding map: putting DP innermost remaps the TP groups", "[gui][sharding]")
{
    ShardingMapView view;
    view.resize(1400, 900);
    Scenario s = scenarioNamed("default");
    view.setResult(evaluated(s));
    view.selectRank(0);
    const auto selectionBounds = [&view] {
        QRectF r;
        for (QGraphicsItem* i : view.scene()->itemsOfKind(QStringLiteral("selection"))) r = r.united(i->sceneBoundingRect());
        return r;
    };
    const auto before = view.scene()->itemsOfKind(QStringLiteral("selection")).size();
    const QRectF inNode = selectionBounds();

    s.parallel.order = {Axis::Dp, Axis::Tp, Axis::Cp, Axis::Ep, Axis::Pp};
    view.setResult(evaluated(s));
    for (int n : coloursPerNode(*view.scene())) CHECK(n == s.parallel.tp / s.parallel.dp);
    CHECK(view.selectedRank() == 0);
    CHECK(view.scene()->itemsOfKind(QStringLiteral("selection")).size() == before);
    // GPU 1 is now GPU 0's data-parallel peer, not its TP neighbour: the
    // TP group of GPU 0 spans two nodes.
    CHECK(meshCoordinates(s.parallel, 1).tp == 0);
    CHECK(meshCoordinates(s.parallel, 1).dp == 1);
    CHECK(selectionBounds() != inNode);
    const QRectF spread = selectionBounds();
    CHECK(spread.width() * spread.height() > 1.5 * inNode.width() * inNode.height());
    testing::renderToFile(view, QStringLiteral("sharding-dp-innermost"));
}

TEST_CASE("Sharding map: 16,384 GPUs draw plain cells and export as SVG", "[gui][sharding][export]")
{
    ShardingMapView view;
    view.resize(1400, 900);
    view.setResult(evaluated(scenarioNamed("llama3-405b-16k-h100")));
    CHECK(view.scene()->itemsOfKind(QStringLiteral("gpu-cell")).size() == 16384);
    CHECK(testing::labelCount(*view.scene()) < 3000); // no per-cell labels
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("sharding-16k"))) > 4);

    ShardingMapView nvl;
    nvl.resize(1400, 900);
    nvl.setResult(evaluated(scenarioNamed("gb200-nvl72-llama3-405b")));
    CHECK(nvl.scene()->itemsOfKind(QStringLiteral("domain")).size() > 0);
    testing::renderToFile(nvl, QStringLiteral("sharding-gb200-nvl72"));

    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("sharding.svg"));
    REQUIRE(exportView(nvl, svg, ExportFormat::Svg));
    CHECK(svgParses(svg));
    std::ostringstream out, err;
    const std::string cliSvg = dir.filePath(QStringLiteral("cli.svg")).toStdString();
    CHECK(cli::runExport({SCALESCOPE_SCENARIO_DIR "/default.scalescope.json", "--view", "sharding", "--colour", "pp", "-o", cliSvg}, out, err) == 0);
    INFO(err.str());
    QString text;
    CHECK(svgParses(QString::fromStdString(cliSvg), &text));
    CHECK(text.contains(QStringLiteral("Sharding map")));
}

TEST_CASE("Sharding map in Simplified Chinese", "[gui][sharding][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        ShardingMapView view;
        view.resize(1400, 900);
        view.setResult(evaluated(scenarioNamed("default")));
        view.selectRank(13);
        CHECK(view.scene()->title().contains(QStringLiteral("分片")));
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
        testing::renderToFile(view, QStringLiteral("sharding-default-zh_CN"));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

// The topology view draws the model's graph: one NVL72 rack in full
// detail, a 1,024-GPU DGX H100 SuperPOD, and aggregated 16,384- and
// 100,000+-GPU clusters whose scenes stay small (how fast they open and pan
// is measured by `scalescope-cli bench`, not asserted by a test).

#include "scene_checks.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "views/export/view_export.h"
#include "views/hardware/topology_scene.h"
#include "views/hardware/topology_view.h"

#include <QXmlStreamReader>
#include <QFile>

#include <catch2/catch.hpp>

using namespace scalescope;
using scalescope::testing::svgTitle;

TEST_CASE("Topology view: one GB200 NVL72 has 18 NVSwitch chips and 72 x 18 NVLink links", "[gui][topology]")
{
    TopologyView view(testing::builtinCatalog());
    view.resize(1500, 950);
    REQUIRE(view.setSystem(QStringLiteral("gb200-nvl72")));
    REQUIRE(view.topology());
    CHECK(view.topology()->gpuCount() == 72);
    auto* scene = dynamic_cast<TopologyScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->itemsOfKind(QStringLiteral("gpu")).size() == 72);
    CHECK(scene->itemsOfKind(QStringLiteral("nvswitch")).size() == 18);
    CHECK(scene->drawnLines(0) == 72 * 18);
    CHECK(scene->physicalLinks(0) == Approx(72 * 18));
    // An AllReduce over the whole rack uses every NVLink link.
    CHECK(scene->highlightedLines(0) == 72 * 18);
    CHECK(scene->cost().time.si > 0);
    CHECK(scene->itemsOfKind(QStringLiteral("bisection")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("nvswitch")).first()->toolTip().contains(QStringLiteral("Source:")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("topology-gb200-nvl72"))) > 8);

    const QString svg = QStringLiteral(SCALESCOPE_RENDER_DIR "/topology-gb200-nvl72.svg");
    REQUIRE(exportView(view, svg, ExportFormat::Svg));
    CHECK(svgTitle(svg).contains(QStringLiteral("NVL72")));
    REQUIRE(exportView(view, QStringLiteral(SCALESCOPE_RENDER_DIR "/topology-gb200-nvl72-export.png"), ExportFormat::Png));
}

TEST_CASE("Topology view: a 1,024-GPU DGX H100 SuperPOD and an AllGather over 64 GPUs", "[gui][topology]")
{
    TopologyView view(testing::builtinCatalog());
    view.resize(1500, 950);
    REQUIRE(view.setSystem(QStringLiteral("dgx-h100-superpod")));
    CHECK(view.topology()->gpuCount() == 1024);
    auto* scene = dynamic_cast<TopologyScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->itemsOfKind(QStringLiteral("nvswitch")).size() == 128 * 4);
    CHECK(scene->physicalLinks(0) == Approx(double(view.topology()->tierCounts()[0].links)));
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    testing::renderToFile(view, QStringLiteral("topology-h100-1024"));
    REQUIRE(exportView(view, QStringLiteral(SCALESCOPE_RENDER_DIR "/topology-h100-1024-export.png"), ExportFormat::Png));

    view.setCollective(CollectiveKind::AllGather, 64, Bytes{1e9});
    scene = dynamic_cast<TopologyScene*>(view.scene());
    CHECK(scene->highlightedLines(1) == 64); // one NIC link per GPU up to its rail's leaf
    CHECK(scene->itemsOfKind(QStringLiteral("tier-time")).size() == 2);
}

namespace {
// A cluster too large to draw GPU by GPU is folded: the scene holds a bounded number of items whatever the GPU
// count, and a collective over half of it still lights links.
qsizetype foldedSceneItems(const QString& system, long long gpus, const char* name)
{
    TopologyView view(testing::builtinCatalog());
    view.resize(1500, 950);
    REQUIRE(view.setSystem(system));
    view.setGpuCount(gpus);
    REQUIRE(view.topology());
    CHECK(view.topology()->gpuCount() == gpus);
    CHECK(view.topology()->aggregated());
    CHECK(testing::distinctColours(testing::renderToFile(view, QString::fromLatin1(name))) > 8);
    view.setCollective(CollectiveKind::AllReduce, gpus / 2, Bytes{1e9});
    auto* scene = dynamic_cast<TopologyScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->cost().time.si > 0);
    long long lit = 0;
    for (int tier = 0; tier < 4; ++tier) lit += scene->highlightedLines(tier);
    CHECK(lit > 0);
    return scene->items().size();
}
} // namespace

TEST_CASE("Topology view folds a 16,384-GPU DGX H100 SuperPOD and 100,000+ GB200 GPUs into scenes of bounded size",
          "[gui][topology]")
{
    const qsizetype h100 = foldedSceneItems(QStringLiteral("dgx-h100-superpod"), 16384, "topology-h100-16384");
    const qsizetype gb200 = foldedSceneItems(QStringLiteral("gb200-nvl72"), 100008, "topology-gb200-100k");
    INFO("items: " << h100 << " (16,384 H100), " << gb200 << " (100,008 GB200)");
    // Folded, a scene holds thousands of items, not one or more per GPU (2,641 and 5,048 when written).
    CHECK(h100 < 8000);
    CHECK(gb200 < 8000);
}

TEST_CASE("Topology view in Simplified Chinese: labels fit", "[gui][topology][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        TopologyView view(testing::builtinCatalog());
        view.resize(1500, 950);
        view.setSystem(QStringLiteral("gb200-nvl72"));
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
        testing::renderToFile(view, QStringLiteral("topology-gb200-nvl72-zh_CN"));
        view.setSystem(QStringLiteral("dgx-h100-superpod"));
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
        testing::renderToFile(view, QStringLiteral("topology-h100-1024-zh_CN"));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

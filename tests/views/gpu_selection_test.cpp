// One GPU selection across the rack view, the topology view and the
// sharding map: a GPU picked in one is outlined in the others, switching
// system, rack or GPU count as needed. Renders (English and Chinese) land in
// renders/selection-*.png.

#include "scene_checks.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "views/hardware/rack_scene.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/topology_view.h"
#include "views/hardware/zoomable_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/selection/gpu_selection.h"

#include <QCoreApplication>
#include <QStatusBar>
#include <QTest>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

PlannerResultPtr evaluatedScenario(const char* name)
{
    SpecErrors errors;
    auto s =
        loadScenarioFile(builtinSpecRoots().front() / "scenarios" / (std::string(name) + ".scalescope.json"), errors);
    REQUIRE(s);
    return evaluateScenario(testing::builtinCatalog(), *s, nullptr, 1);
}

// The three views on one selection, shown offscreen so that clicks reach them.
struct Views {
    GpuSelection selection;
    RackView rack{testing::builtinCatalog()};
    TopologyView topology{testing::builtinCatalog()};
    ShardingMapView sharding;

    Views()
    {
        for (QWidget* w : std::initializer_list<QWidget*>{&rack, &topology, &sharding}) {
            w->resize(1400, 950);
            w->show();
        }
        rack.setGpuSelection(&selection);
        topology.setGpuSelection(&selection);
        sharding.setGpuSelection(&selection);
    }
};

// A left click on the view at a scene point, as a user makes it.
void clickAt(HardwareView& view, const QPointF& scenePos)
{
    ZoomableGraphicsView* g = view.graphicsView();
    QTest::mouseClick(g->viewport(), Qt::LeftButton, {}, g->mapFromScene(scenePos));
}

QList<QGraphicsItem*> marks(const HardwareScene& scene)
{
    return scene.itemsOfKind(QString::fromLatin1(HardwareScene::kSelectionKind));
}

// The rectangle of the one red (primary) mark.
QRectF primaryMark(const HardwareScene& scene)
{
    for (QGraphicsItem* m : marks(scene))
        if (auto* mark = dynamic_cast<SelectionMarkItem*>(m); mark && mark->primary()) return mark->rect();
    return {};
}

QGraphicsItem* itemOfKind(const HardwareScene& scene, const char* kind, long long index)
{
    for (QGraphicsItem* i : scene.itemsOfKind(QString::fromLatin1(kind)))
        if (i->data(kItemIndexKey).toLongLong() == index) return i;
    return nullptr;
}

// The mark sits on the item: same centre, and it covers the item.
bool marks(const QRectF& mark, const QGraphicsItem* item)
{
    if (!item || mark.isEmpty()) return false;
    const QRectF r = item->sceneBoundingRect();
    return QLineF(mark.center(), r.center()).length() < 1 &&
           mark.adjusted(-2, -2, 2, 2).contains(r.adjusted(1, 1, -1, -1));
}

} // namespace

TEST_CASE("GPU selection: GPU 180, in rack 2 of GB200 NVL72, is picked in the topology and the sharding map",
          "[gui][selection]")
{
    Views v;
    v.sharding.setResult(evaluatedScenario("gb200-nvl72-llama3-405b")); // 576 GPUs on GB200 NVL72
    REQUIRE(v.rack.setSystem(QStringLiteral("gb200-nvl72")));
    v.rack.setRack(2);
    auto* rackScene = dynamic_cast<RackScene*>(v.rack.scene());
    REQUIRE(rackScene);
    QGraphicsItem* gpu37 = itemOfKind(*rackScene, "gpu", 36); // labelled "GPU 180", its cluster number
    REQUIRE(gpu37);
    CHECK(gpu37->toolTip().contains(QStringLiteral("GPU 180 (place 36 in rack 2)")));

    const qreal zoomBefore = v.rack.graphicsView()->zoom();
    clickAt(v.rack, gpu37->sceneBoundingRect().center());
    const long long expected = 2 * 72 + 36;
    CHECK(v.selection.current() == GpuRef{QStringLiteral("gb200-nvl72"), expected, 0});
    CHECK(v.rack.graphicsView()->zoom() > 1.5 * zoomBefore); // still zooms into the tray
    CHECK(marks(*v.rack.scene()).size() == 1);
    CHECK(marks(primaryMark(*v.rack.scene()), gpu37));

    // Topology: grown from one domain to the three that hold GPU 180, the GPU's box outlined.
    REQUIRE(v.topology.topology());
    CHECK(v.topology.gpuCount() == 3 * 72);
    CHECK(marks(*v.topology.scene()).size() == 1);
    CHECK(marks(primaryMark(*v.topology.scene()), itemOfKind(*v.topology.scene(), "gpu", expected)));

    // Sharding map: rank 180 with its TP group outlined.
    CHECK(v.sharding.selectedRank() == expected);
    CHECK(v.sharding.detailsText().contains(QStringLiteral("GPU 180")));
    CHECK(marks(*v.sharding.scene()).size() == 8);

    // Another GPU of the same graph only moves the marks: the Topology is not rebuilt.
    const Topology* graph = v.topology.topology();
    v.selection.select({QStringLiteral("gb200-nvl72"), 100, 0});
    CHECK(v.topology.topology() == graph);
    CHECK(marks(*v.topology.scene()).size() == 1);
    CHECK(marks(primaryMark(*v.topology.scene()), itemOfKind(*v.topology.scene(), "gpu", 100)));
    CHECK(v.rack.rack() == 1);
    CHECK(v.sharding.selectedRank() == 100);

    // Back to GPU 180 for the pictures; the topology zoomed in around it.
    v.selection.select({QStringLiteral("gb200-nvl72"), expected, 0});
    CHECK(testing::distinctColours(testing::renderToFile(v.rack, QStringLiteral("selection-rack-gb200"))) > 8);
    v.topology.fit();
    testing::renderToFile(v.topology, QStringLiteral("selection-topology-gb200"));
    v.topology.graphicsView()->zoomTo(primaryMark(*v.topology.scene()).adjusted(-600, -300, 600, 300));
    testing::renderToFile(v.topology, QStringLiteral("selection-topology-gb200-zoomed"));
    testing::renderToFile(v.sharding, QStringLiteral("selection-sharding-gb200"));
    CHECK(testing::overlappingLabels(*v.rack.scene()).isEmpty());
    CHECK(testing::overlappingLabels(*v.topology.scene()).isEmpty());
}

TEST_CASE("GPU selection: a click on rank 1,157 of a DGX H100 job turns the rack view to its rack", "[gui][selection]")
{
    Views v;
    v.sharding.setResult(evaluatedScenario("llama3-70b-4096-h100"));
    auto* map = dynamic_cast<ShardingMapScene*>(v.sharding.scene());
    REQUIRE(map);
    REQUIRE(map->cellCount() == 4096);
    const QRectF cell = map->cellRect(1157);
    v.sharding.graphicsView()->zoomTo(cell.adjusted(-200, -120, 200, 120));
    clickAt(v.sharding, cell.center());
    CHECK(v.selection.current() == GpuRef{QStringLiteral("dgx-h100-superpod"), 1157, 4096});
    CHECK(v.sharding.selectedRank() == 1157);

    // The rack view was on GB200 NVL72: it switches system and turns to the rack holding GPU 1,157.
    const SystemSpec* system = testing::builtinCatalog().system("dgx-h100-superpod");
    REQUIRE(system);
    int perRack = 0;
    for (const RackSlotSpec& slot : system->rack.slots)
        if (slot.kind == "dgx-node") perRack += system->node.gpus.value;
    REQUIRE(perRack > 0);
    CHECK(v.rack.systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(v.rack.rack() == 1157 / perRack);
    QGraphicsItem* box = itemOfKind(*v.rack.scene(), "gpu", 1157 % perRack);
    REQUIRE(box);
    CHECK(box->toolTip().contains(QStringLiteral("GPU 1,157 (place 5 in rack 36)")));
    CHECK(marks(*v.rack.scene()).size() == 1);
    CHECK(marks(primaryMark(*v.rack.scene()), box));
    testing::renderToFile(v.rack, QStringLiteral("selection-rack-dgx-h100"));

    // The topology grows from its 1,024-GPU default to the job's 4,096 GPUs.
    CHECK(v.topology.systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(v.topology.gpuCount() == 4096);
    CHECK(marks(*v.topology.scene()).size() == 1);
    const QRectF mark = primaryMark(*v.topology.scene());
    QGraphicsItem* gpuBox = itemOfKind(*v.topology.scene(), "gpu", 1157);
    QGraphicsItem* domainBox = itemOfKind(*v.topology.scene(), "domain", 1157 / 8);
    CHECK((marks(mark, gpuBox) || marks(mark, domainBox)));
    testing::renderToFile(v.topology, QStringLiteral("selection-topology-h100-4096"));
}

TEST_CASE(
    "GPU selection: a folded NVLink domain is outlined for any of its GPUs, and a click on it picks its first GPU",
    "[gui][selection]")
{
    Views v;
    REQUIRE(v.topology.setSystem(QStringLiteral("dgx-h100-superpod")));
    v.topology.setGpuCount(16384);
    REQUIRE(v.topology.topology());
    REQUIRE(v.topology.topology()->aggregated());
    const long long gpu = 5000; // domain 625
    REQUIRE_FALSE(v.topology.topology()->gpuVertex(gpu));
    v.selection.select({QStringLiteral("dgx-h100-superpod"), gpu, 16384});
    CHECK(v.topology.gpuCount() == 16384);
    QGraphicsItem* domain = itemOfKind(*v.topology.scene(), "domain", gpu / 8);
    REQUIRE(domain);
    CHECK(marks(primaryMark(*v.topology.scene()), domain));
    testing::renderToFile(v.topology, QStringLiteral("selection-topology-h100-16384-folded"));

    v.topology.graphicsView()->zoomTo(domain->sceneBoundingRect().adjusted(-400, -200, 400, 200));
    clickAt(v.topology, domain->sceneBoundingRect().center());
    CHECK(v.selection.current() == GpuRef{QStringLiteral("dgx-h100-superpod"), 5000 / 8 * 8, 16384});
    CHECK(v.rack.systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(v.rack.rack() == 5000 / 8 * 8 / 32);
}

TEST_CASE("GPU selection: selecting the same GPU again emits nothing", "[selection]")
{
    GpuSelection selection;
    int changes = 0;
    QObject::connect(&selection, &GpuSelection::changed, [&] { ++changes; });
    const GpuRef ref{QStringLiteral("gb200-nvl72"), 37, 72};
    selection.select(ref);
    selection.select(ref);
    CHECK(changes == 1);
    selection.select({QStringLiteral("gb200-nvl72"), 38, 72});
    CHECK(changes == 2);
    CHECK(selection.current().gpu == 38);
    CHECK(GpuSelection::describe(selection.current(), testing::builtinCatalog()) ==
          QStringLiteral("GPU 38 selected — rack 0, tray 9"));
    CHECK(GpuSelection::describe({QStringLiteral("dgx-h100-superpod"), 1157, 0}, testing::builtinCatalog()) ==
          QStringLiteral("GPU 1,157 selected — rack 36, node 144"));
}

TEST_CASE("GPU selection: a GPU of another system switches the rack view's system", "[gui][selection]")
{
    Views v;
    REQUIRE(v.rack.setSystem(QStringLiteral("gb200-nvl72")));
    v.selection.select({QStringLiteral("dgx-b200-superpod"), 20, 0});
    CHECK(v.rack.systemId() == QStringLiteral("dgx-b200-superpod"));
    CHECK(v.rack.rack() == 1); // 2 nodes × 8 GPUs per rack: GPU 20 is in the second rack
    CHECK(marks(primaryMark(*v.rack.scene()), itemOfKind(*v.rack.scene(), "gpu", 4)));
    CHECK(v.topology.systemId() == QStringLiteral("dgx-b200-superpod"));
    // The sharding map has no scenario on that system: nothing selected there.
    CHECK(v.sharding.selectedRank() == -1);
    CHECK(marks(*v.sharding.scene()).isEmpty());

    // The marks survive a rebuild of the scene (another rack and back).
    v.rack.setRack(0);
    CHECK(marks(*v.rack.scene()).isEmpty());
    v.rack.setRack(1);
    CHECK(marks(*v.rack.scene()).size() == 1);
}

TEST_CASE("GPU selection in Simplified Chinese: the marked views still fit their labels", "[gui][selection][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        Views v;
        REQUIRE(v.rack.setSystem(QStringLiteral("gb200-nvl72")));
        v.selection.select({QStringLiteral("gb200-nvl72"), 2 * 72 + 36, 0});
        QCoreApplication::processEvents();
        CHECK(v.rack.scene()->description().contains(QStringLiteral("机架")));
        CHECK(marks(*v.rack.scene()).size() == 1);
        CHECK(testing::overlappingLabels(*v.rack.scene()).isEmpty());
        CHECK(testing::distinctColours(testing::renderToFile(v.rack, QStringLiteral("selection-rack-gb200-zh_CN"))) >
              8);
        v.rack.fit();
        testing::renderToFile(v.rack, QStringLiteral("selection-rack-gb200-fit-zh_CN"));
        CHECK(marks(*v.topology.scene()).size() == 1);
        CHECK(testing::overlappingLabels(*v.topology.scene()).isEmpty());
        testing::renderToFile(v.topology, QStringLiteral("selection-topology-gb200-zh_CN"));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("GPU selection: the main window shares one selection and names the GPU in the status bar", "[gui][selection]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("en")));
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1400, 860);
    window.show();
    auto* selection = window.findChild<GpuSelection*>(QStringLiteral("gpuSelection"));
    REQUIRE(selection);
    auto* rack = qobject_cast<RackView*>(window.view(QStringLiteral("rack")));
    auto* topology = qobject_cast<TopologyView*>(window.view(QStringLiteral("topology")));
    REQUIRE(rack);
    REQUIRE(topology);
    REQUIRE(window.showView(QStringLiteral("rack")));
    selection->select({QStringLiteral("dgx-h100-superpod"), 1157, 0});
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("GPU 1,157 selected — rack 36, node 144"));
    CHECK(rack->systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(rack->rack() == 36);
    // The hidden topology view waits until it is shown to grow its graph.
    CHECK(topology->systemId() == QStringLiteral("gb200-nvl72"));
    REQUIRE(window.showView(QStringLiteral("topology")));
    CHECK(topology->systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(topology->gpuCount() == 1160); // whole 8-GPU domains up to GPU 1,157
    CHECK(marks(*topology->scene()).size() == 1);
    testing::renderToFile(window, QStringLiteral("selection-main-window-topology"));
}

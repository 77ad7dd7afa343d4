// Drill-down across the hardware views: rack → tray → superchip → GPU → SM
// in four double-clicks on a GB200 NVL72 (three on an 8-GPU node), with
// breadcrumbs and Back/Forward; one numbering of GPUs, trays, nodes and racks
// in the rack, the status bar, the sharding map and the topology; the
// hardware views following the scenario. Renders land in renders/drill-*.png.

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/drill_down_history.h"
#include "app/gui/language.h"
#include "views/hardware/chip_view.h"
#include "views/hardware/rack_scene.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/sm_view.h"
#include "views/hardware/superchip_view.h"
#include "views/hardware/topology_view.h"
#include "views/hardware/zoomable_view.h"
#include "views/planner/sharding_map_view.h"
#include "views/selection/gpu_selection.h"

#include <QAction>
#include <QComboBox>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

// The main window at 1920 × 1080 on a preset scenario, its result in.
struct Window {
    Language language;
    MainWindow window{testing::builtinCatalog(), {}, AppSettings{}, language};

    explicit Window(const char* preset)
    {
        REQUIRE(language.apply(QStringLiteral("en")));
        window.resize(1920, 1080);
        testing::startPlanner(window);
        const QString file = QString::fromStdString(
            (builtinSpecRoots().front() / "scenarios" / (std::string(preset) + ".scalescope.json")).string());
        REQUIRE(window.planner()->openFile(file));
        window.planner()->controller().evaluateNow();
        testing::settle();
        REQUIRE(window.planner()->controller().result());
    }
    template <class V> V& view(const char* key)
    {
        auto* v = qobject_cast<V*>(window.view(QString::fromLatin1(key)));
        REQUIRE(v);
        return *v;
    }
    DrillDownHistory& drill()
    {
        REQUIRE(window.drillDown());
        return *window.drillDown();
    }
    GpuSelection& selection()
    {
        auto* s = window.findChild<GpuSelection*>(QStringLiteral("gpuSelection"));
        REQUIRE(s);
        return *s;
    }
};

QGraphicsItem* itemOfKind(const HardwareScene& scene, const char* kind, int index)
{
    for (QGraphicsItem* i : scene.itemsOfKind(QString::fromLatin1(kind)))
        if (i->data(kItemIndexKey).toInt() == index) return i;
    return nullptr;
}

// A left double-click on the centre of an item, as a user makes it.
void doubleClick(HardwareView& view, const QGraphicsItem* item)
{
    REQUIRE(item);
    ZoomableGraphicsView* g = view.graphicsView();
    QTest::mouseDClick(g->viewport(), Qt::LeftButton, {}, g->mapFromScene(item->sceneBoundingRect().center()));
    testing::settle();
}

QStringList crumbs(const char* a, const char* b = nullptr, const char* c = nullptr, const char* d = nullptr,
                   const char* e = nullptr)
{
    QStringList list;
    for (const char* s : {a, b, c, d, e})
        if (s) list << QString::fromUtf8(s);
    return list;
}

// Texts of the scene's labels.
QStringList labelTexts(const QGraphicsScene& scene)
{
    QStringList texts;
    for (QGraphicsItem* i : scene.items())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(i)) texts << t->text();
    return texts;
}

// Shows the views that take part in the selection once (the sharding map draws on show).
void showEach(MainWindow& window)
{
    for (const char* key : {"rack", "topology", "sharding"}) {
        window.showView(QString::fromLatin1(key));
        testing::settle();
    }
}

} // namespace

TEST_CASE("Drill-down: four double-clicks from a GB200 NVL72 rack reach SM 42; Back and Forward walk the chain",
          "[gui][drilldown]")
{
    Window w("gb200-nvl72-llama3-405b");
    REQUIRE(w.window.showView(QStringLiteral("rack")));
    testing::settle();
    auto& rack = w.view<RackView>("rack");
    CHECK(rack.systemId() == QStringLiteral("gb200-nvl72"));
    rack.fit();

    // 1: the fifth compute tray (tray 4).
    doubleClick(rack, itemOfKind(*rack.scene(), "compute-tray", 4));
    CHECK(w.window.currentViewKey() == QStringLiteral("rack"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4"));
    testing::renderToFile(w.window, QStringLiteral("drill-1-tray"));

    // 2: GPU 18 of the tray (superchip 9 holds GPUs 18 and 19) opens that superchip.
    doubleClick(rack, itemOfKind(*rack.scene(), "gpu", 18));
    CHECK(w.window.currentViewKey() == QStringLiteral("superchip"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4", "Superchip 9"));
    auto& superchip = w.view<SuperchipView>("superchip");
    CHECK(superchip.superchipId() == QStringLiteral("gb200"));
    testing::renderToFile(w.window, QStringLiteral("drill-2-superchip"));

    // 3: the superchip's first GPU die: GPU 18 in the chip view.
    doubleClick(superchip, itemOfKind(*superchip.scene(), "gpu", 0));
    CHECK(w.window.currentViewKey() == QStringLiteral("chip"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4", "Superchip 9", "GPU 18"));
    auto& chip = w.view<ChipView>("chip");
    CHECK(chip.gpuId() == QString::fromStdString(testing::builtinCatalog().system("gb200-nvl72")->gpu));
    CHECK(w.selection().current().gpu == 18);
    testing::renderToFile(w.window, QStringLiteral("drill-3-chip"));

    // 4: SM 42.
    doubleClick(chip, itemOfKind(*chip.scene(), "sm", 42));
    CHECK(w.window.currentViewKey() == QStringLiteral("sm"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4", "Superchip 9", "GPU 18", "SM 42"));
    auto& sm = w.view<SmView>("sm");
    CHECK(sm.smNumber() == 42);
    CHECK(sm.scene()->title().contains(QStringLiteral("streaming multiprocessor 42")));
    auto* bar = w.window.findChild<QWidget*>(QStringLiteral("breadcrumbs"));
    REQUIRE(bar);
    CHECK(bar->isVisible());
    testing::renderToFile(w.window, QStringLiteral("drill-4-sm"));

    // Back (Alt+Left) through the chain, Forward (Alt+Right) again.
    QAction* back = w.drill().backAction();
    CHECK(back->shortcut() == QKeySequence(Qt::ALT | Qt::Key_Left));
    CHECK(w.drill().forwardAction()->shortcut() == QKeySequence(Qt::ALT | Qt::Key_Right));
    back->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("chip"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4", "Superchip 9", "GPU 18"));
    back->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("superchip"));
    back->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("rack"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0", "Tray 4"));
    w.drill().forwardAction()->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("superchip"));
    testing::settle();

    // A crumb goes back to its level: "Rack 0" shows the whole rack.
    QToolButton* rackCrumb = nullptr;
    for (auto* b : bar->findChildren<QToolButton*>(QStringLiteral("crumb")))
        if (b->isVisible() && b->text() == QStringLiteral("Rack 0")) rackCrumb = b;
    REQUIRE(rackCrumb);
    rackCrumb->click();
    testing::settle();
    CHECK(w.window.currentViewKey() == QStringLiteral("rack"));
    CHECK(w.drill().crumbs() == crumbs("Rack 0"));
    back->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("superchip"));

    // A view change is history too: the planner, then Back to the superchip.
    w.window.showView(QStringLiteral("planner"));
    CHECK_FALSE(bar->isVisible());
    back->trigger();
    CHECK(w.window.currentViewKey() == QStringLiteral("superchip"));
}

TEST_CASE("Drill-down: an 8-GPU DGX H100 node goes rack → node → GPU → SM in three double-clicks", "[gui][drilldown]")
{
    Window w("llama3-70b-4096-h100");
    REQUIRE(w.window.showView(QStringLiteral("rack")));
    testing::settle();
    auto& rack = w.view<RackView>("rack");
    CHECK(rack.systemId() == QStringLiteral("dgx-h100-superpod"));
    rack.setRack(1);
    rack.fit();
    doubleClick(rack, itemOfKind(*rack.scene(), "dgx-node", 1));
    // Rack 1's second node is the cluster's node 5 (4 nodes a rack), as the sharding map numbers it.
    CHECK(w.drill().crumbs() == crumbs("Rack 1", "Node 5"));
    doubleClick(rack, itemOfKind(*rack.scene(), "gpu", 8 + 3)); // GPU 3 of the node: cluster GPU 43
    CHECK(w.window.currentViewKey() == QStringLiteral("chip"));
    CHECK(w.drill().crumbs() == crumbs("Rack 1", "Node 5", "GPU 43"));
    auto& chip = w.view<ChipView>("chip");
    doubleClick(chip, itemOfKind(*chip.scene(), "sm", 7));
    CHECK(w.window.currentViewKey() == QStringLiteral("sm"));
    CHECK(w.drill().crumbs() == crumbs("Rack 1", "Node 5", "GPU 43", "SM 7"));
    CHECK(w.window.statusBar()->currentMessage() == QStringLiteral("GPU 43 selected — rack 1, node 5"));
}

TEST_CASE("Numbering: the rack, the status bar, the sharding map and the topology name a selected GPU alike",
          "[gui][drilldown][numbering]")
{
    SECTION("GB200 NVL72: GPU 68 is in tray 17 of rack 0, NVLink domain 0")
    {
        Window w("gb200-nvl72-llama3-405b");
        showEach(w.window);
        w.selection().select({QStringLiteral("gb200-nvl72"), 68, 0});
        testing::settle();
        CHECK(w.window.statusBar()->currentMessage() == QStringLiteral("GPU 68 selected — rack 0, tray 17"));
        auto& rack = w.view<RackView>("rack");
        CHECK(labelTexts(*rack.scene()).contains(QStringLiteral("GPU 68")));
        CHECK(labelTexts(*rack.scene()).contains(QStringLiteral("Compute tray 17")));
        CHECK_FALSE(labelTexts(*rack.scene()).contains(QStringLiteral("GPU 72"))); // 72 GPUs: 0–71
        auto& sharding = w.view<ShardingMapView>("sharding");
        CHECK(sharding.detailsText().contains(QStringLiteral("GPU 68 ·")));
        CHECK(labelTexts(*sharding.scene()).contains(QStringLiteral("NVLink domain 0")));
        auto& topology = w.view<TopologyView>("topology");
        QGraphicsItem* box = itemOfKind(*topology.scene(), "gpu", 68);
        REQUIRE(box);
        CHECK(box->toolTip().contains(QStringLiteral("GPU 68 (NVLink domain 0)")));
    }
    SECTION("DGX H100: GPU 1,157 is in node 144 of rack 36")
    {
        Window w("llama3-70b-4096-h100");
        showEach(w.window);
        w.selection().select({QStringLiteral("dgx-h100-superpod"), 1157, 4096});
        testing::settle();
        CHECK(w.window.statusBar()->currentMessage() == QStringLiteral("GPU 1,157 selected — rack 36, node 144"));
        auto& rack = w.view<RackView>("rack");
        CHECK(rack.rack() == 36);
        CHECK(labelTexts(*rack.scene()).contains(QStringLiteral("GPU 1,157")));
        CHECK(labelTexts(*rack.scene()).contains(QStringLiteral("DGX H100 · node 144")));
        auto& sharding = w.view<ShardingMapView>("sharding");
        CHECK(sharding.detailsText().contains(QStringLiteral("GPU 1157 ·")));
        CHECK(labelTexts(*sharding.scene()).contains(QStringLiteral("Node 144")));
        auto& topology = w.view<TopologyView>("topology");
        QGraphicsItem* domain = itemOfKind(*topology.scene(), "domain", 144);
        QGraphicsItem* gpu = itemOfKind(*topology.scene(), "gpu", 1157);
        REQUIRE((domain || gpu));
        CHECK((gpu ? gpu : domain)->toolTip().contains(QStringLiteral("NVLink domain 144")));
    }
}

TEST_CASE("Hardware in focus: the hardware views follow the scenario until the user picks other hardware",
          "[gui][drilldown][focus]")
{
    Window w("llama3-70b-4096-h100");
    w.window.showView(QStringLiteral("topology")); // a hidden topology builds the scenario's graph when shown
    testing::settle();
    auto& chip = w.view<ChipView>("chip");
    auto& rack = w.view<RackView>("rack");
    auto& topology = w.view<TopologyView>("topology");
    const GpuSpec* h100 = testing::builtinCatalog().gpu(testing::builtinCatalog().system("dgx-h100-superpod")->gpu);
    REQUIRE(h100);
    CHECK(chip.gpuId() == QString::fromStdString(h100->id));
    CHECK(w.view<SmView>("sm").gpuId() == QString::fromStdString(h100->id));
    CHECK(rack.systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(topology.systemId() == QStringLiteral("dgx-h100-superpod"));
    CHECK(topology.gpuCount() == 4096);
    CHECK(chip.followsScenario());
    CHECK(chip.focusNote().isEmpty());

    // The user picks B200 in the chip view: it says so, and the scenario no longer moves it.
    auto* picker = chip.findChild<QComboBox*>(QStringLiteral("gpuPicker"));
    REQUIRE(picker);
    picker->setCurrentIndex(picker->findData(QStringLiteral("b200")));
    CHECK_FALSE(chip.followsScenario());
    CHECK(chip.focusNote() == QStringLiteral("Showing %1, not the scenario's %2")
                                  .arg(QString::fromStdString(testing::builtinCatalog().gpu("b200")->name),
                                       QString::fromStdString(h100->name)));
    auto* note = chip.findChild<QWidget*>(QStringLiteral("focusNote"));
    REQUIRE(note);
    w.window.showView(QStringLiteral("chip"));
    testing::settle();
    CHECK(note->isVisible());
    testing::renderToFile(w.window, QStringLiteral("drill-focus-note"));

    // A GB200 NVL72 scenario: the rack and topology follow, the chip view keeps the user's pick.
    const QString gb200 = QString::fromStdString(
        (builtinSpecRoots().front() / "scenarios" / "gb200-nvl72-llama3-405b.scalescope.json").string());
    REQUIRE(w.window.planner()->openFile(gb200));
    w.window.planner()->controller().evaluateNow();
    testing::settle();
    CHECK(rack.systemId() == QStringLiteral("gb200-nvl72"));
    w.window.showView(QStringLiteral("topology"));
    testing::settle();
    CHECK(topology.gpuCount() == w.window.planner()->controller().result()->scenario.gpus);
    CHECK(w.view<SuperchipView>("superchip").superchipId() == QStringLiteral("gb200"));
    CHECK(chip.gpuId() == QStringLiteral("b200"));
    CHECK(chip.focusNote().contains(QStringLiteral("not the scenario's")));

    // Back to H100: the chip view keeps B200 and says so; "Follow scenario" returns it.
    const QString h100File = QString::fromStdString(
        (builtinSpecRoots().front() / "scenarios" / "llama3-70b-4096-h100.scalescope.json").string());
    REQUIRE(w.window.planner()->openFile(h100File));
    w.window.planner()->controller().evaluateNow();
    testing::settle();
    CHECK(chip.gpuId() == QStringLiteral("b200"));
    CHECK_FALSE(chip.focusNote().isEmpty());
    auto* follow = chip.findChild<QToolButton*>(QStringLiteral("followScenario"));
    REQUIRE(follow);
    follow->click();
    CHECK(chip.gpuId() == QString::fromStdString(h100->id));
    CHECK(chip.followsScenario());
    CHECK(chip.focusNote().isEmpty());
    CHECK_FALSE(note->isVisible());
}

// Pictures for a person to look at (hidden: run with "[.screenshots]",
// e.g. under Xvfb at 1920 × 1080): the drill-down chain and an air-cooled
// power view, in English and Chinese, light and dark.
TEST_CASE("Drill-down screenshots", "[.screenshots]")
{
    for (const char* lang : {"en", "zh_CN"})
        for (const char* theme : {"light", "dark"}) {
            Window w("gb200-nvl72-llama3-405b");
            w.window.setTheme(QString::fromLatin1(theme));
            REQUIRE(w.language.apply(QString::fromLatin1(lang)));
            const QString prefix =
                QStringLiteral("shot-%1-%2-").arg(QString::fromLatin1(lang), QString::fromLatin1(theme));
            REQUIRE(w.window.showView(QStringLiteral("rack")));
            testing::settle();
            auto& rack = w.view<RackView>("rack");
            rack.fit();
            doubleClick(rack, itemOfKind(*rack.scene(), "compute-tray", 4));
            testing::renderToFile(w.window, prefix + QStringLiteral("drill-1-tray"));
            doubleClick(rack, itemOfKind(*rack.scene(), "gpu", 18));
            testing::renderToFile(w.window, prefix + QStringLiteral("drill-2-superchip"));
            auto& superchip = w.view<SuperchipView>("superchip");
            doubleClick(superchip, itemOfKind(*superchip.scene(), "gpu", 0));
            testing::renderToFile(w.window, prefix + QStringLiteral("drill-3-chip"));
            auto& chip = w.view<ChipView>("chip");
            doubleClick(chip, itemOfKind(*chip.scene(), "sm", 42));
            testing::renderToFile(w.window, prefix + QStringLiteral("drill-4-sm"));
            CHECK(w.drill().crumbs().size() == 5);

            const QString h100 = QString::fromStdString(
                (builtinSpecRoots().front() / "scenarios" / "llama3-70b-4096-h100.scalescope.json").string());
            REQUIRE(w.window.planner()->openFile(h100));
            w.window.planner()->controller().evaluateNow();
            w.window.showView(QStringLiteral("power"));
            testing::settle();
            testing::renderToFile(w.window, prefix + QStringLiteral("power-dgx-h100"));
            w.window.showView(QStringLiteral("chip"));
            auto* picker = chip.findChild<QComboBox*>(QStringLiteral("gpuPicker"));
            REQUIRE(picker);
            picker->setCurrentIndex(picker->findData(QStringLiteral("b200")));
            testing::settle();
            testing::renderToFile(w.window, prefix + QStringLiteral("focus-note"));
            w.window.setTheme(QStringLiteral("system"));
            REQUIRE(w.language.apply(QStringLiteral("en")));
        }
}

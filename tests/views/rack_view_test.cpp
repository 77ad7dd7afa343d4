// The rack view draws the elevation from SystemSpec.rack.slots and zooms
// into a tray on click.

#include "scene_checks.h"
#include "test_support.h"

#include "views/hardware/rack_view.h"
#include "views/hardware/zoomable_view.h"

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("Rack view: GB200 NVL72 has 18 compute trays, 9 switch trays and 72 GPUs", "[gui][rack]")
{
    RackView view(testing::builtinCatalog());
    view.resize(1400, 1000);
    REQUIRE(view.setSystem(QStringLiteral("gb200-nvl72")));
    HardwareScene* scene = view.scene();
    CHECK(scene->itemsOfKind(QStringLiteral("compute-tray")).size() == 18);
    CHECK(scene->itemsOfKind(QStringLiteral("switch-tray")).size() == 9);
    CHECK(scene->itemsOfKind(QStringLiteral("power-shelf")).size() == 8);
    CHECK(scene->itemsOfKind(QStringLiteral("management")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("gpu")).size() == 72);
    CHECK(scene->itemsOfKind(QStringLiteral("superchip")).size() == 36);
    CHECK(scene->itemsOfKind(QStringLiteral("nvswitch")).size() == 18);

    QGraphicsItem* tray = nullptr;
    for (QGraphicsItem* item : scene->itemsOfKind(QStringLiteral("compute-tray")))
        if (item->data(kItemIndexKey).toInt() == 0) tray = item;
    REQUIRE(tray);
    CHECK(tray->toolTip().contains(QStringLiteral("6 kW")));
    CHECK(tray->toolTip().contains(QStringLiteral("seed 000_ff69f35c30128a2e.txt, 2.7")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("rack-gb200-nvl72"))) > 8);

    const qreal before = view.graphicsView()->zoom();
    REQUIRE(view.zoomToSlot(tray));
    CHECK(view.graphicsView()->zoom() > 1.5 * before);
    testing::renderToFile(view, QStringLiteral("rack-gb200-nvl72-tray"));
}

TEST_CASE("Rack view: every system's rack draws from the same data", "[gui][rack]")
{
    RackView view(testing::builtinCatalog());
    view.resize(1400, 1000);
    for (const std::string& id : testing::builtinCatalog().ids(SpecKind::System)) {
        INFO(id);
        REQUIRE(view.setSystem(QString::fromStdString(id)));
        const SystemSpec* system = testing::builtinCatalog().system(id);
        int nodes = 0;
        for (const RackSlotSpec& slot : system->rack.slots) nodes += slot.kind == "compute-tray" || slot.kind == "dgx-node";
        CHECK(view.scene()->itemsOfKind(QStringLiteral("gpu")).size() == nodes * system->node.gpus.value);
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    }
    REQUIRE(view.setSystem(QStringLiteral("dgx-h100-superpod")));
    CHECK(view.scene()->itemsOfKind(QStringLiteral("dgx-node")).size() == 4);
    testing::renderToFile(view, QStringLiteral("rack-dgx-h100"));
}

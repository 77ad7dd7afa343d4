// The chip view draws B200 and H100 from their specs: SMs, HBM stacks, dies.

#include "scene_checks.h"
#include "test_support.h"

#include "views/hardware/chip_view.h"

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("Chip view draws B200 with 148 SMs, 8 HBM stacks and two dies joined by NV-HBI", "[gui][chip]")
{
    ChipView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setGpu(QStringLiteral("b200")));
    HardwareScene* scene = view.scene();
    REQUIRE(scene);
    CHECK(scene->itemsOfKind(QStringLiteral("sm")).size() == 148);
    CHECK(scene->itemsOfKind(QStringLiteral("hbm")).size() == 8);
    CHECK(scene->itemsOfKind(QStringLiteral("die")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("l2")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("nvlink")).size() == 18);
    const QList<QGraphicsItem*> links = scene->itemsOfKind(QStringLiteral("die-link"));
    REQUIRE(links.size() == 1);
    CHECK(links[0]->toolTip().contains(QStringLiteral("NV-HBI")));
    CHECK(links[0]->toolTip().contains(QStringLiteral("10 TB/s")));

    // Tooltips come from the spec: value, unit and the cited source.
    const QString stackTip = scene->itemsOfKind(QStringLiteral("hbm")).first()->toolTip();
    CHECK(stackTip.contains(QStringLiteral("24 GB")));
    CHECK(stackTip.contains(QStringLiteral("1 TB/s")));
    CHECK(stackTip.contains(QStringLiteral("seed 000_ff69f35c30128a2e.txt, 2.3")));
    CHECK(scene->itemsOfKind(QStringLiteral("sm")).first()->toolTip().contains(QStringLiteral("148 SMs")));
    CHECK(scene->sources().size() >= 3);

    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("chip-b200"))) > 8);
}

TEST_CASE("Chip view draws H100 with 132 SMs on one die and 5 HBM3 stacks", "[gui][chip]")
{
    ChipView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setGpu(QStringLiteral("h100-sxm")));
    HardwareScene* scene = view.scene();
    CHECK(scene->itemsOfKind(QStringLiteral("sm")).size() == 132);
    CHECK(scene->itemsOfKind(QStringLiteral("hbm")).size() == 5);
    CHECK(scene->itemsOfKind(QStringLiteral("die")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("die-link")).isEmpty());
    CHECK(scene->itemsOfKind(QStringLiteral("hbm")).first()->toolTip().contains(QStringLiteral("670 GB/s")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("chip-h100"))) > 8);
    CHECK_FALSE(view.setGpu(QStringLiteral("no-such-gpu")));
}

TEST_CASE("Every GPU spec draws a chip view with its own SM and stack counts", "[gui][chip]")
{
    ChipView view(testing::builtinCatalog());
    for (const std::string& id : testing::builtinCatalog().ids(SpecKind::Gpu)) {
        INFO(id);
        REQUIRE(view.setGpu(QString::fromStdString(id)));
        const GpuSpec* gpu = testing::builtinCatalog().gpu(id);
        CHECK(view.scene()->itemsOfKind(QStringLiteral("sm")).size() == gpu->sms.value);
        CHECK(view.scene()->itemsOfKind(QStringLiteral("hbm")).size() == gpu->hbm.stacks.value);
        CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    }
}

// The SM view draws sub-partitions, lanes and memories from the spec and
// shows the model's occupancy for the block shape.

#include "scene_checks.h"
#include "test_support.h"

#include "views/hardware/sm_scene.h"
#include "views/hardware/sm_view.h"

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("SM view: B200 with 255 registers per thread keeps 8 of 64 warps (seed 004)", "[gui][sm]")
{
    SmView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setGpu(QStringLiteral("b200")));
    view.setBlockShape(256, 255, 0);
    auto* scene = dynamic_cast<SmScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->occupancyResult().residentWarps == 8);
    CHECK(scene->itemsOfKind(QStringLiteral("warp-resident")).size() == 8);
    CHECK(scene->itemsOfKind(QStringLiteral("warp-slot")).size() == 56);
    CHECK(scene->itemsOfKind(QStringLiteral("subpartition")).size() == 4);
    CHECK(scene->itemsOfKind(QStringLiteral("tensor-core")).size() == 4);
    CHECK(scene->itemsOfKind(QStringLiteral("tmem")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("lane")).size() == 4 * (32 + 32 + 16));
    const QString regTip = scene->itemsOfKind(QStringLiteral("registers")).first()->toolTip();
    CHECK(regTip.contains(QStringLiteral("64 KiB")));
    CHECK(regTip.contains(QStringLiteral("seed 004_90eddfe5fb26e972.txt")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("sm-b200"))) > 8);

    view.setBlockShape(256, 32, 0);
    scene = dynamic_cast<SmScene*>(view.scene());
    CHECK(scene->occupancyResult().residentWarps == 64);
    CHECK(scene->itemsOfKind(QStringLiteral("warp-resident")).size() == 64);
}

TEST_CASE("SM view: H100 has no TMEM and 16 INT32 lanes per sub-partition", "[gui][sm]")
{
    SmView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setGpu(QStringLiteral("h100-sxm")));
    CHECK(view.blockShape().threadsPerBlock == 256); // defaults: seed 004's 255-register example
    CHECK(view.blockShape().registersPerThread == 255);
    CHECK(view.scene()->itemsOfKind(QStringLiteral("tmem")).isEmpty());
    CHECK(view.scene()->itemsOfKind(QStringLiteral("lane")).size() == 4 * (32 + 16 + 16));
    view.setBlockShape(1024, 64, 200);
    INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    testing::renderToFile(view, QStringLiteral("sm-h100"));
}

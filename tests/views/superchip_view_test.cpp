// The superchip view draws Grace, its GPUs and memory pools from the spec
// and shows the model's fit of a model's weights.

#include "scene_checks.h"
#include "test_support.h"

#include "views/hardware/superchip_scene.h"
#include "views/hardware/superchip_view.h"

#include <catch2/catch.hpp>

using namespace scalescope;

TEST_CASE("Superchip view: a 500 GB model fits one GB200 superchip (seed 000 2.1)", "[gui][superchip]")
{
    SuperchipView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setSuperchip(QStringLiteral("gb200")));
    view.setModelSizeGB(500);
    auto* scene = dynamic_cast<SuperchipScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->itemsOfKind(QStringLiteral("gpu")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("cpu")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("c2c")).size() == 2);
    CHECK(scene->itemsOfKind(QStringLiteral("hbm-pool")).size() == 2);
    CHECK(scene->fit().fits);
    CHECK(scene->fit().spilled.si == Approx(128e9));
    CHECK(scene->itemsOfKind(QStringLiteral("fit-spill")).size() == 1);
    CHECK(scene->itemsOfKind(QStringLiteral("fit-overflow")).isEmpty());

    // Pools to scale: LPDDR5X 480 GB is 480/186 times as wide as one HBM pool of 186 GB.
    const QRectF lpddr = scene->itemsOfKind(QStringLiteral("lpddr")).first()->sceneBoundingRect();
    const QRectF hbm = scene->itemsOfKind(QStringLiteral("hbm-pool")).first()->sceneBoundingRect();
    CHECK(lpddr.width() / hbm.width() == Approx(480.0 / 186).epsilon(0.02));

    const QString lpddrTip = scene->itemsOfKind(QStringLiteral("lpddr")).first()->toolTip();
    CHECK(lpddrTip.contains(QStringLiteral("480 GB")));
    CHECK(lpddrTip.contains(QStringLiteral("seed 000_ff69f35c30128a2e.txt, 2.1")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("superchip-gb200"))) > 8);

    view.setModelSizeGB(1000);
    scene = dynamic_cast<SuperchipScene*>(view.scene());
    CHECK_FALSE(scene->fit().fits);
    CHECK(scene->itemsOfKind(QStringLiteral("fit-overflow")).size() == 1);
}

TEST_CASE("Superchip view: GH200 has one GPU and Llama 3 405B in FP8 comes from params x bytes", "[gui][superchip]")
{
    SuperchipView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setSuperchip(QStringLiteral("gh200")));
    CHECK(view.scene()->itemsOfKind(QStringLiteral("gpu")).size() == 1);
    REQUIRE(view.setModel(QStringLiteral("llama3-405b"), QStringLiteral("fp8")));
    const ModelSpec* llama = testing::builtinCatalog().model("llama3-405b");
    REQUIRE(llama);
    CHECK(view.modelBytes().si == Approx(llama->paramsReported.value).epsilon(1e-6));
    INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    testing::renderToFile(view, QStringLiteral("superchip-gh200"));
}

// The hardware views in Simplified Chinese: translated, and labels still fit.

#include "scene_checks.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "views/hardware/chip_view.h"
#include "views/hardware/rack_view.h"
#include "views/hardware/sm_view.h"
#include "views/hardware/superchip_view.h"

#include <QCoreApplication>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {
void checkView(HardwareView& view, const QString& name, const QString& expectedTitlePart)
{
    view.resize(1400, 950);
    INFO(name.toStdString());
    CHECK(view.scene()->title().contains(expectedTitlePart));
    INFO(testing::overlappingLabels(*view.scene()).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*view.scene()).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, name)) > 8);
}
} // namespace

TEST_CASE("Hardware views switch to Simplified Chinese and their labels still fit", "[gui][i18n][hardware]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        ChipView chip(testing::builtinCatalog());
        chip.setGpu(QStringLiteral("b200"));
        checkView(chip, QStringLiteral("chip-b200-zh_CN"), QStringLiteral("GPU 封装"));
        SmView sm(testing::builtinCatalog());
        sm.setGpu(QStringLiteral("b200"));
        checkView(sm, QStringLiteral("sm-b200-zh_CN"), QStringLiteral("流式多处理器"));
        SuperchipView superchip(testing::builtinCatalog());
        superchip.setSuperchip(QStringLiteral("gb200"));
        checkView(superchip, QStringLiteral("superchip-gb200-zh_CN"), QStringLiteral("GB200"));
        RackView rack(testing::builtinCatalog());
        rack.setSystem(QStringLiteral("gb200-nvl72"));
        checkView(rack, QStringLiteral("rack-gb200-nvl72-zh_CN"), QStringLiteral("机架立面图"));

        // A language switch while the view is open retranslates it.
        REQUIRE(language.apply(QStringLiteral("en")));
        QCoreApplication::processEvents();
        CHECK(rack.scene()->title().contains(QStringLiteral("rack elevation")));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

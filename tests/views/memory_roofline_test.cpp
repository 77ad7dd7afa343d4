// The memory hierarchy and roofline views draw spec numbers with their
// sources, place operations from model/roofline.h, and export.

#include "scene_checks.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "views/charts/memory_page.h"
#include "views/charts/roofline_scene.h"
#include "views/charts/roofline_view.h"
#include "views/export/view_export.h"
#include "views/hardware/memory_scene.h"
#include "views/hardware/memory_view.h"

#include <QAbstractSpinBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QLabel>
#include <QXmlStreamReader>
#include <QFile>

#include <catch2/catch.hpp>

using namespace scalescope;
using scalescope::testing::svgTitle;

TEST_CASE("Memory view: H100 from registers to the network, every bar sourced", "[gui][memory]")
{
    MemoryView view(testing::builtinCatalog());
    view.resize(1400, 900);
    REQUIRE(view.setSystem(QStringLiteral("dgx-h100-superpod")));
    auto* scene = dynamic_cast<MemoryScene*>(view.scene());
    REQUIRE(scene);
    // Registers, SMEM/L1, L2, HBM, peer HBM, network: no superchip, no CPU memory row.
    CHECK(scene->levels().size() == 6);
    const GpuSpec* h100 = testing::builtinCatalog().gpu("h100-sxm");
    REQUIRE(h100);
    CHECK(scene->levels()[3].capacity->si == Approx(h100->hbm.capacityUsable.value.si));
    CHECK(scene->levels()[3].bandwidth->si == Approx(h100->hbm.bandwidth.value.si));
    for (QGraphicsItem* bar : scene->itemsOfKind(QStringLiteral("capacity")) + scene->itemsOfKind(QStringLiteral("bandwidth"))) {
        INFO(bar->toolTip().toStdString());
        CHECK(bar->toolTip().contains(QStringLiteral("Source:")));
    }
    // Derived numbers say how.
    CHECK(scene->levels()[0].bandwidthTip.contains(QStringLiteral("3 operands")));
    INFO(testing::overlappingLabels(*scene).join(QLatin1Char('\n')).toStdString());
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("memory-h100"))) > 8);

    REQUIRE(view.setSystem(QStringLiteral("gb200-nvl72")));
    scene = dynamic_cast<MemoryScene*>(view.scene());
    CHECK(scene->levels().size() == 7); // CPU memory over NVLink-C2C
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    testing::renderToFile(view, QStringLiteral("memory-gb200"));
}

TEST_CASE("Roofline: a 4096^3 BF16 matmul is compute-bound and a vector add memory-bound on H100", "[gui][roofline]")
{
    RooflineView view(testing::builtinCatalog());
    view.resize(1500, 950);
    REQUIRE(view.setGpu(QStringLiteral("h100-sxm")));
    view.setMatmul(4096, 4096, 4096, Precision::Bf16);
    view.setElementwise(1 << 26, Precision::Fp32);
    auto* scene = dynamic_cast<RooflineScene*>(view.scene());
    REQUIRE(scene);
    CHECK(scene->memoryCeilings() >= 1);
    CHECK_FALSE(scene->ceilings().empty());
    const auto results = scene->itemsOfKind(QStringLiteral("op-result"));
    REQUIRE(results.size() == 2);
    QStringList texts;
    for (QGraphicsItem* item : results) texts << static_cast<QGraphicsSimpleTextItem*>(item)->text();
    CHECK(texts.join(QLatin1Char('|')).contains(QStringLiteral("Compute-bound")));
    CHECK(texts.join(QLatin1Char('|')).contains(QStringLiteral("Memory-bound")));
    for (QGraphicsItem* c : scene->itemsOfKind(QStringLiteral("compute-ceiling")))
        CHECK(c->toolTip().contains(QStringLiteral("Source:")));
    CHECK(testing::overlappingLabels(*scene).isEmpty());
    CHECK(testing::distinctColours(testing::renderToFile(view, QStringLiteral("roofline-h100"))) > 8);

    const QString svg = QStringLiteral(SCALESCOPE_RENDER_DIR "/roofline-h100.svg");
    REQUIRE(exportView(view, svg, ExportFormat::Svg));
    CHECK(svgTitle(svg).contains(QStringLiteral("H100")));
    REQUIRE(exportView(view, QStringLiteral(SCALESCOPE_RENDER_DIR "/roofline-h100-export.png"), ExportFormat::Png));
}

TEST_CASE("Memory page in Simplified Chinese: both tabs translated and labels fit", "[gui][memory][i18n]")
{
    Language language;
    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    {
        MemoryPage page(testing::builtinCatalog());
        page.resize(1500, 950);
        page.memoryView()->setSystem(QStringLiteral("dgx-h100-superpod"));
        CHECK(page.tabText(1) != QStringLiteral("Roofline"));
        CHECK(testing::overlappingLabels(*page.memoryView()->scene()).isEmpty());
        testing::renderToFile(page, QStringLiteral("memory-h100-zh_CN"));
        page.setCurrentIndex(1);
        CHECK(testing::overlappingLabels(*page.rooflineView()->scene()).isEmpty());
        testing::renderToFile(page, QStringLiteral("roofline-h100-zh_CN"));
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("Roofline at 800 px: its controls wrap onto more lines, every one shown whole, each label beside its box",
          "[gui][roofline]")
{
    RooflineView view(testing::builtinCatalog());
    view.resize(800, 700);
    REQUIRE(view.setGpu(QStringLiteral("h100-sxm")));
    view.show();
    QCoreApplication::processEvents();
    CHECK(view.minimumSizeHint().width() <= 800);
    CHECK(view.width() == 800);
    int lines = 0, lastY = -1;
    for (QWidget* w : view.findChildren<QWidget*>()) {
        if (!w->isVisible() || w->parentWidget() != &view) continue;
        if (!qobject_cast<QComboBox*>(w) && !qobject_cast<QAbstractSpinBox*>(w)) continue;
        CHECK(w->geometry().right() < view.width()); // whole, inside the view
        CHECK(w->width() >= w->minimumSizeHint().width());
        if (w->y() != lastY) ++lines, lastY = w->y();
    }
    CHECK(lines >= 2);
    int buddies = 0;
    for (QLabel* label : view.findChildren<QLabel*>()) {
        if (!label->buddy() || !label->isVisible()) continue;
        ++buddies;
        CHECK(label->y() + label->height() > label->buddy()->y()); // same line
    }
    CHECK(buddies > 0);
    testing::renderToFile(view, QStringLiteral("roofline-h100-800px"));
}

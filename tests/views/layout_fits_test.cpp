// Every view fits a 1366 × 768 laptop screen, in English and Chinese, with
// and without the A/B comparison, under the font the installer installs and
// under a wider one. The minimum width is measured on the real main window
// with a scenario evaluated (the headline figures exist only once a result
// has arrived: measured before, the planner looked narrower than it is).

#include "planner_drive.h"
#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/navigator.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/scenario_controller.h"
#include "views/planner/planner_view.h"
#include "views/widgets/bounded_combo_box.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFontInfo>
#include <QScrollArea>
#include <QStackedWidget>

#include <catch2/catch.hpp>

using namespace scalescope;

namespace {

constexpr int kLaptopWidth = 1366;
constexpr int kLaptopHeight = 768;
// A wider font than the tests' own 9 pt DejaVu Sans: 11 pt, as desktops
// that default to 10 or 11 pt show it, and wider than any face fontconfig
// picks at 9 pt (DejaVu Sans is the widest of Debian's usual sans faces).
constexpr double kWiderPointSize = 11.0;

// The widest page and its minimum width, for the failure message.
QString widestPage(const MainWindow& window)
{
    QString widest;
    int most = 0;
    for (const NavigatorEntry& e : navigatorEntries()) {
        const int w = window.view(e.key)->minimumSizeHint().width();
        if (w > most) {
            most = w;
            widest = QStringLiteral("%1 (%2 px)").arg(e.key).arg(w);
        }
    }
    return widest;
}

// Shows each view in turn in a window resized to the laptop screen; returns
// the views whose window came out wider (Qt never makes a window narrower
// than its layout's minimum) with the width they need. With a `renderName`,
// each view is also saved as renders/<renderName>-<view>.png to look at.
QStringList viewsWiderThanLaptop(MainWindow& window, const QString& renderName = {})
{
    QStringList wider;
    for (const NavigatorEntry& e : navigatorEntries()) {
        REQUIRE(window.showView(e.key));
        window.resize(kLaptopWidth, kLaptopHeight);
        testing::settle();
        const int needed = std::max(window.minimumSizeHint().width(), window.width());
        if (needed > kLaptopWidth) wider << QStringLiteral("%1: %2 px").arg(e.key).arg(needed);
        if (!renderName.isEmpty()) testing::renderToFile(window, QStringLiteral("%1-%2").arg(renderName, e.key));
    }
    return wider;
}

// Pairs of the planner's parts (title, figures, memory bar, timelines,
// verdicts) drawn over each other at the window's present size.
QStringList overlappingPlannerParts(const MainWindow& window)
{
    const auto* scroll = window.planner()->view()->findChild<QScrollArea*>(QStringLiteral("plannerScroll"));
    REQUIRE(scroll);
    QList<QWidget*> parts;
    for (QWidget* w : scroll->widget()->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        if (w->isVisible()) parts << w;
    QStringList overlaps;
    for (int i = 0; i < parts.size(); ++i)
        for (int k = i + 1; k < parts.size(); ++k)
            if (parts[i]->geometry().intersects(parts[k]->geometry()))
                overlaps << QStringLiteral("%1 × %2").arg(parts[i]->metaObject()->className(),
                                                          parts[k]->metaObject()->className());
    return overlaps;
}

} // namespace

TEST_CASE("Every view fits a 1366 × 768 laptop screen, in both languages, with and without A/B", "[gui][layout]")
{
    const QFont testFont = QApplication::font();
    // The test main pins the font the installer installs (fonts-dejavu-core).
    REQUIRE(QFontInfo(testFont).family() == QStringLiteral("DejaVu Sans"));
    QFont wider = testFont;
    wider.setPointSizeF(kWiderPointSize);

    for (const QFont& font : {testFont, wider}) {
        QApplication::setFont(font);
        Language language;
        MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
        testing::startPlanner(window);
        auto* pin = window.findChild<QAction*>(QStringLiteral("pinAction"));
        REQUIRE(pin);
        for (const QString& code : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            REQUIRE(language.apply(code));
            testing::settle();
            for (const bool compare : {false, true}) {
                if (pin->isChecked() != compare) pin->trigger();
                testing::settle();
                INFO(QStringLiteral("%1 pt, %2, A/B %3; widest page: %4")
                         .arg(font.pointSizeF())
                         .arg(code, compare ? QStringLiteral("on") : QStringLiteral("off"), widestPage(window))
                         .toStdString());
                const QString renderName =
                    font == testFont && !compare ? QStringLiteral("laptop-%1").arg(code) : QString();
                CHECK(viewsWiderThanLaptop(window, renderName).join(QStringLiteral("; ")).toStdString() == "");
                CHECK(window.minimumSizeHint().height() <= kLaptopHeight);
                REQUIRE(window.showView(QStringLiteral("planner")));
                window.resize(kLaptopWidth, kLaptopHeight);
                testing::settle();
                CHECK(overlappingPlannerParts(window).join(QStringLiteral("; ")).toStdString() == "");
            }
        }
        if (font == testFont) {
            REQUIRE(language.apply(QStringLiteral("en")));
            window.showView(QStringLiteral("planner"));
            window.resize(kLaptopWidth, kLaptopHeight);
            testing::settle();
            testing::renderToFile(window, QStringLiteral("laptop-planner-compare-en"));
        }
    }
    QApplication::setFont(testFont);
}

TEST_CASE("The inference planner fits a 1366 × 768 laptop screen in both languages, its parts apart",
          "[gui][layout][inference]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    testing::startPlanner(window);
    testing::switchMode(window, true);
    REQUIRE(window.planner()->controller().result()->ok());
    for (const QString& code : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        REQUIRE(language.apply(code));
        testing::settle();
        INFO(QStringLiteral("%1; widest page: %2").arg(code, widestPage(window)).toStdString());
        CHECK(viewsWiderThanLaptop(window, QStringLiteral("laptop-inference-%1").arg(code)).join(QStringLiteral("; ")).toStdString() ==
              "");
        CHECK(window.minimumSizeHint().height() <= kLaptopHeight);
        REQUIRE(window.showView(QStringLiteral("planner")));
        window.resize(kLaptopWidth, kLaptopHeight);
        testing::settle();
        CHECK(overlappingPlannerParts(window).join(QStringLiteral("; ")).toStdString() == "");
    }
    window.planner()->shutDownCleanly();
}

TEST_CASE("No combo box sizes itself to its longest item: each is bounded, elides and tells the whole text",
          "[gui][layout]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    testing::startPlanner(window);
    const auto boxes = window.findChildren<QComboBox*>();
    REQUIRE(boxes.size() > 20); // the scenario dock's and every hardware view's
    QStringList unbounded;
    for (QComboBox* box : boxes)
        if (!qobject_cast<BoundedComboBox*>(box)) unbounded << box->objectName();
    CHECK(unbounded.join(QStringLiteral(", ")).toStdString() == "");

    // The ZeRO-3 weights box holds "DeepSpeed: 16-bit shard + fp32 master": narrower than that text.
    auto* zero3 = window.findChild<BoundedComboBox*>(QStringLiteral("zero3Style"));
    REQUIRE(zero3);
    const int longest = zero3->fontMetrics().horizontalAdvance(zero3->itemText(0));
    CHECK(zero3->minimumSizeHint().width() < longest);
}

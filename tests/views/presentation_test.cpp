// Presentation mode (F11) hides the docks and the navigator and gives them
// back; Ctrl+= / Ctrl+- / Ctrl+0 scale the text of every scene and the factor
// survives a restart; in presentation mode at 1920 × 1080 no view shows text
// smaller than PresentationMode::kReadablePixels.

#include "test_support.h"

#include "app/gui/language.h"
#include "app/gui/main_window.h"
#include "app/gui/navigator.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/presentation_mode.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/scene_text_actions.h"
#include "app/gui/welcome_strip.h"
#include "views/hardware/scene_items.h"
#include "views/planner/memory_bar.h"
#include "views/planner/timeline_view.h"
#include "views/widgets/scene_text.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFontInfo>
#include <QGraphicsView>
#include <QLabel>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>

#include <catch2/catch.hpp>

#include <limits>

using namespace scalescope;

namespace {

// Resets the process-wide text factor whatever a test leaves behind.
struct SceneTextGuard {
    ~SceneTextGuard() { SceneText::instance().reset(); }
};

std::vector<QDockWidget*> visibleDocks(const MainWindow& window)
{
    std::vector<QDockWidget*> docks;
    for (QDockWidget* d : window.findChildren<QDockWidget*>())
        if (d->isVisible()) docks.push_back(d);
    return docks;
}

// The first label of the scene shown by `page` whose text starts with `prefix`.
const LabelItem* labelStartingWith(QWidget* page, const QString& prefix)
{
    auto* view = page->findChild<QGraphicsView*>();
    if (!view || !view->scene()) return nullptr;
    for (QGraphicsItem* item : view->scene()->items())
        if (auto* label = dynamic_cast<LabelItem*>(item); label && label->text().startsWith(prefix)) return label;
    return nullptr;
}

struct SmallestText {
    double pixels = std::numeric_limits<double>::infinity();
    QString what;
    void offer(double px, const QString& text)
    {
        if (px < pixels) {
            pixels = px;
            what = text;
        }
    }
};

// The font's em height in device pixels (a point is 1/72 inch at the widget's dpi).
double pixelHeight(const QFont& font, const QWidget& widget)
{
    return font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * widget.logicalDpiY() / 72.0;
}

// The smallest text on screen in `page`: widgets that show text, and (in
// `scene`) the labels of every visible scene that are drawn at the view's
// scale and lie in its viewport, mapped through the view transform.
SmallestText smallestTextIn(QWidget* page, SmallestText& scene)
{
    SmallestText smallest;
    const auto visibleText = [](const QWidget* w) { return w->isVisibleTo(w->window()) && w->isVisible(); };
    for (QLabel* l : page->findChildren<QLabel*>())
        if (visibleText(l) && !l->text().trimmed().isEmpty()) smallest.offer(pixelHeight(l->font(), *l), l->text());
    for (QAbstractButton* b : page->findChildren<QAbstractButton*>())
        if (visibleText(b) && !b->text().isEmpty()) smallest.offer(pixelHeight(b->font(), *b), b->text());
    for (QComboBox* c : page->findChildren<QComboBox*>())
        if (visibleText(c)) smallest.offer(pixelHeight(c->font(), *c), c->currentText());
    for (QAbstractSpinBox* s : page->findChildren<QAbstractSpinBox*>())
        if (visibleText(s)) smallest.offer(pixelHeight(s->font(), *s), s->text());
    for (QTabBar* t : page->findChildren<QTabBar*>())
        if (visibleText(t)) smallest.offer(pixelHeight(t->font(), *t), t->tabText(0));
    // Text the planner paints itself: the timeline's row titles, axis, legend
    // and breakdown bar, the memory bar's legend and caption.
    for (TimelineView* t : page->findChildren<TimelineView*>())
        if (visibleText(t)) {
            smallest.offer(pixelHeight(t->rowLabelFont(), *t), QStringLiteral("timeline rows and axis"));
            smallest.offer(pixelHeight(t->legendFont(), *t), QStringLiteral("timeline legend"));
        }
    for (MemoryBar* m : page->findChildren<MemoryBar*>())
        if (visibleText(m)) smallest.offer(pixelHeight(m->legendFont(), *m), QStringLiteral("memory bar"));
    for (QGraphicsView* view : page->findChildren<QGraphicsView*>()) {
        if (!visibleText(view) || !view->scene()) continue;
        const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
        for (QGraphicsItem* item : view->scene()->items(shown)) {
            if (!item->isVisible()) continue;
            const QTransform toScreen = item->sceneTransform() * view->transform();
            const double scale = std::sqrt(std::abs(toScreen.determinant()));
            if (auto* label = dynamic_cast<LabelItem*>(item)) {
                if (label->drawnAtScale(scale) && !label->text().isEmpty())
                    scene.offer(label->font().pixelSize() * scale, label->text());
            } else if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item); text && !text->text().isEmpty()) {
                scene.offer(pixelHeight(text->font(), *view) * scale, text->text());
            } else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item); rich && !rich->toPlainText().isEmpty()) {
                scene.offer(pixelHeight(rich->font(), *view) * scale, rich->toPlainText());
            }
        }
    }
    if (scene.pixels < smallest.pixels) return scene;
    return smallest;
}

} // namespace

TEST_CASE("Presentation mode hides the docks and the navigator and gives them back", "[gui][presentation]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1400, 860);
    window.show();
    QCoreApplication::processEvents();
    const std::vector<QDockWidget*> before = visibleDocks(window);
    REQUIRE(before.size() == 3); // navigator, scenario controls, breakdown
    // The user closed one before presenting: it stays closed afterwards.
    window.planner()->breakdownDock()->hide();
    REQUIRE(visibleDocks(window).size() == 2);

    QTest::keyClick(&window, Qt::Key_F11);
    QCoreApplication::processEvents();
    CHECK(window.presentation()->active());
    CHECK(window.isFullScreen());
    CHECK(visibleDocks(window).empty());
    CHECK_FALSE(window.statusBar()->isVisible());
    CHECK(window.presentation()->action()->isChecked());
    CHECK(SceneText::instance().floorPixels() == PresentationMode::kReadablePixels);
    REQUIRE(window.welcomeStrip() != nullptr); // a clean profile's first start
    CHECK_FALSE(window.welcomeStrip()->isVisible());

    QTest::keyClick(&window, Qt::Key_Escape);
    QCoreApplication::processEvents();
    CHECK_FALSE(window.presentation()->active());
    CHECK_FALSE(window.isFullScreen());
    CHECK(visibleDocks(window).size() == 2);
    CHECK_FALSE(window.planner()->breakdownDock()->isVisible());
    CHECK(window.findChild<QDockWidget*>(QStringLiteral("navigatorDock"))->isVisible());
    CHECK(window.statusBar()->isVisible());
    CHECK(SceneText::instance().floorPixels() == SceneText::kDefaultFloorPixels);
    CHECK(window.welcomeStrip()->isVisible());

    // F11 enters and leaves too.
    QTest::keyClick(&window, Qt::Key_F11);
    CHECK(window.presentation()->active());
    QTest::keyClick(&window, Qt::Key_F11);
    CHECK_FALSE(window.presentation()->active());
    CHECK(visibleDocks(window).size() == 2);
}

TEST_CASE("Ctrl+= scales scene text, Ctrl+0 resets it, and the factor is remembered", "[gui][presentation]")
{
    SceneTextGuard guard;
    Language language;
    AppSettings saved;
    {
        MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
        window.resize(1400, 860);
        window.show();
        REQUIRE(window.showView(QStringLiteral("rack")));
        QCoreApplication::processEvents();
        const LabelItem* label = labelStartingWith(window.view(QStringLiteral("rack")), QStringLiteral("Compute tray"));
        REQUIRE(label);
        const int before = label->font().pixelSize();

        QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
        QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
        QCoreApplication::processEvents();
        CHECK(SceneText::instance().scale() == Approx(1.1 + 0.15)); // two steps: 1.1, then 1.25
        label = labelStartingWith(window.view(QStringLiteral("rack")), QStringLiteral("Compute tray"));
        REQUIRE(label);
        CHECK(label->font().pixelSize() > before);
        CHECK(label->font().pixelSize() >= qRound(before * 1.25) - 1); // the box still holds it

        QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
        CHECK(SceneText::instance().scale() == Approx(1.1));
        window.close();
        saved = window.settings();
    }
    CHECK(saved.sceneTextScale == Approx(1.1));
    SceneText::instance().reset();
    {
        MainWindow window(testing::builtinCatalog(), {}, saved, language);
        window.show();
        window.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&window));
        CHECK(SceneText::instance().scale() == Approx(1.1)); // restored from the settings
        QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
        CHECK(SceneText::instance().scale() == 1.0);
        CHECK(window.settings().sceneTextScale == 1.0);
    }
    // Bounded: the factor stops at the last step either way.
    for (int i = 0; i < 20; ++i) SceneText::instance().larger();
    CHECK(SceneText::instance().scale() == SceneText::kSteps.back());
    for (int i = 0; i < 20; ++i) SceneText::instance().smaller();
    CHECK(SceneText::instance().scale() == SceneText::kSteps.front());
    SceneText::instance().setScale(7.5); // an edited settings file
    CHECK(SceneText::instance().scale() == SceneText::kSteps.back());
}

TEST_CASE("In presentation mode at 1920 x 1080 every view's text is readable from the back of a room",
          "[gui][presentation]")
{
    Language language;
    for (const char* code : {"en", "zh_CN"}) {
        REQUIRE(language.apply(QString::fromLatin1(code)));
        MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
        window.planner()->controller().load(testing::presetScenario("gb200-nvl72-llama3-405b"));
        window.show();
        window.presentation()->setActive(true);
        // The offscreen screen is 800 × 800: out of full screen, at a projector's size.
        window.showNormal();
        window.setGeometry(0, 0, 1920, 1080);
        REQUIRE(window.size() == QSize(1920, 1080));
        QCoreApplication::processEvents();
        for (const NavigatorEntry& e : navigatorEntries()) {
            REQUIRE(window.showView(e.key));
            QCoreApplication::processEvents();
            window.planner()->controller().evaluateNow();
            QCoreApplication::processEvents();
            SmallestText scene;
            const SmallestText smallest = smallestTextIn(window.view(e.key), scene);
            INFO(code << " " << e.key.toStdString() << ": " << smallest.pixels << " px, \"" << smallest.what.toStdString()
                      << "\"");
            std::printf("presentation text: %s %-10s %5.1f px (scene %5.1f px: %s)\n", code, qPrintable(e.key),
                        smallest.pixels, scene.pixels, qPrintable(scene.what.left(30)));
            CHECK(smallest.pixels >= PresentationMode::kReadablePixels - 0.5); // a font rounds to whole pixels
        }
        window.presentation()->setActive(false);
    }
    REQUIRE(language.apply(QStringLiteral("en")));
}

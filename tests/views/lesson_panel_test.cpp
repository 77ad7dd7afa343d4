// The lesson strip walks a lesson forward and back: at every step the
// planner's scenario is the one lessonScenario gives and the step's view is
// on screen; Reveal shows the model's number; opening a lesson over unsaved
// changes asks first; the keys step; presenting, the strip stays in large type.

#include "model/lesson/lesson_reader.h"
#include "model/lesson/lesson_steps.h"

#include "test_support.h"
#include "shipped_lessons.h"

#include "app/gui/language.h"
#include "app/gui/lesson_panel.h"
#include "app/gui/main_window.h"
#include "app/gui/navigator.h"
#include "app/gui/planner_workspace.h"
#include "app/gui/presentation_mode.h"
#include "app/gui/scenario_controller.h"
#include "app/gui/theme.h"
#include "views/hardware/hardware_scene.h"
#include "views/hardware/hardware_view.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>
#include <QTest>

#include <catch2/catch.hpp>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

const Lesson& lessonWithId(const std::vector<Lesson>& lessons, const std::string& id)
{
    for (const Lesson& l : lessons)
        if (l.id == id) return l;
    FAIL("no lesson " << id);
    return lessons.front();
}

bool isNavigatorView(const std::string& key)
{
    for (const NavigatorEntry& e : navigatorEntries())
        if (e.key.toStdString() == key) return true;
    return false;
}

void checkStep(MainWindow& window, const Lesson& lesson, std::size_t i)
{
    INFO(lesson.id << " step " << i);
    SpecErrors errors;
    const auto expected = lessonScenario(lesson, i, errors);
    REQUIRE(expected);
    // The planner notes "Edited from …" in an edited scenario's description: all else is the step's.
    nlohmann::json shown = scenarioToJson(window.planner()->controller().scenario()), wanted = scenarioToJson(*expected);
    shown.erase("description");
    wanted.erase("description");
    CHECK(shown == wanted);
    if (isNavigatorView(lesson.steps[i].view))
        CHECK(window.currentViewKey().toStdString() == lesson.steps[i].view);
    CHECK(window.lessonPanel()->captionLabel()->text().toStdString() == lesson.steps[i].caption.en);
}

} // namespace

TEST_CASE("The lesson panel walks every lesson forward and back", "[gui][lesson]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1400, 860);
    window.show();
    // Each lesson's steps are edits: opening the next lesson asks about them.
    window.planner()->setSaveQuestion([](const QString&) { return QMessageBox::Discard; });
    LessonPanel& panel = *window.lessonPanel();
    CHECK_FALSE(panel.isVisible());
    for (const Lesson& lesson : shippedLessons()) {
        REQUIRE(panel.open(lesson));
        CHECK(panel.isVisible());
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            if (i > 0) panel.next();
            REQUIRE(panel.step() == i);
            checkStep(window, lesson, i);
        }
        for (std::size_t i = lesson.steps.size(); i-- > 0;) {
            if (i + 1 < lesson.steps.size()) panel.back();
            REQUIRE(panel.step() == i);
            checkStep(window, lesson, i);
        }
        // Each step that changed the scenario was an undoable edit.
        CHECK(window.planner()->controller().undoStack()->count() > 0);
        panel.close();
    }
    CHECK_FALSE(panel.isVisible());
}

TEST_CASE("Keys step the lesson; leaving the script and returning re-applies the step", "[gui][lesson]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.resize(1400, 860);
    window.show();
    const std::vector<Lesson> lessons = shippedLessons();
    const Lesson& tour = lessonWithId(lessons, "grace-blackwell-tour");
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    LessonPanel& panel = *window.lessonPanel();
    REQUIRE(panel.open(tour));
    INFO("focus: " << (QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none"));
    QTest::keyClick(&window, Qt::Key_Right);
    CHECK(panel.step() == 1);
    QTest::keyClick(&window, Qt::Key_PageDown);
    CHECK(panel.step() == 2);
    QTest::keyClick(&window, Qt::Key_PageUp);
    QTest::keyClick(&window, Qt::Key_Left);
    CHECK(panel.step() == 0);
    checkStep(window, tour, 0);
    // The step highlights its elements.
    if (auto* view = qobject_cast<HardwareView*>(window.view(QString::fromStdString(tour.steps[0].view))); view && !tour.steps[0].highlight.empty()) {
        int marks = 0;
        for (QGraphicsItem* item : view->scene()->items())
            if (item->data(0).toString() == QLatin1String(HardwareScene::kHighlightKind)) ++marks;
        CHECK(marks > 0);
    }

    // Play: another view and another scenario; Return to step brings the step back.
    window.showView(QStringLiteral("specs"));
    Scenario played = window.planner()->controller().scenario();
    played.parallel.tp = played.parallel.tp == 1 ? 2 : 1;
    window.planner()->controller().edit(played, QStringLiteral("play"));
    panel.returnToStep();
    checkStep(window, tour, 0);
    CHECK(panel.step() == 0);
}

TEST_CASE("Reveal shows the number the model computes, with its unit", "[gui][lesson]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.show();
    window.planner()->setSaveQuestion([](const QString&) { return QMessageBox::Discard; });
    LessonPanel& panel = *window.lessonPanel();
    int asked = 0;
    for (const Lesson& lesson : shippedLessons()) {
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            if (!lesson.steps[i].question) continue;
            INFO(lesson.id << " step " << i);
            REQUIRE(panel.open(lesson));
            panel.goTo(i);
            CHECK_FALSE(panel.answerLabel()->isVisible());
            panel.reveal();
            CHECK(panel.answerLabel()->isVisible());
            SpecErrors errors;
            const auto answer = answerQuestion(lesson, i, testing::builtinCatalog(), errors);
            REQUIRE(answer);
            CHECK(panel.answerLabel()->text().contains(QString::fromStdString(answer->text)));
            ++asked;
            panel.next(); // the next step asks anew
            if (panel.step() != i && lesson.steps[panel.step()].question) CHECK_FALSE(panel.answerLabel()->isVisible());
        }
    }
    CHECK(asked > 0);
    panel.close();
}

TEST_CASE("A lesson opened over unsaved changes asks first, in Chinese too, and presents in large type", "[gui][lesson]")
{
    Language language;
    MainWindow window(testing::builtinCatalog(), {}, AppSettings{}, language);
    window.show();
    const std::vector<Lesson> lessons = shippedLessons();
    const Lesson& tour = lessonWithId(lessons, "grace-blackwell-tour");
    Scenario changed = window.planner()->controller().scenario();
    changed.parallel.tp = changed.parallel.tp == 1 ? 2 : 1;
    window.planner()->controller().edit(changed, QStringLiteral("mine"));
    REQUIRE(window.planner()->isModified());
    int asked = 0;
    window.planner()->setSaveQuestion([&](const QString&) {
        ++asked;
        return QMessageBox::Cancel;
    });
    CHECK_FALSE(window.lessonPanel()->open(tour));
    CHECK(asked == 1);
    CHECK(scenarioToJson(window.planner()->controller().scenario()) == scenarioToJson(changed)); // the user's work stays
    window.planner()->setSaveQuestion([](const QString&) { return QMessageBox::Discard; });
    REQUIRE(window.lessonPanel()->open(tour));

    REQUIRE(language.apply(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    CHECK(window.lessonPanel()->captionLabel()->text().toStdString() == tour.steps[0].caption.zhCN);
    const int deskPixels = QFontInfo(window.lessonPanel()->captionLabel()->font()).pixelSize();
    window.presentation()->setActive(true);
    QCoreApplication::processEvents();
    CHECK(window.lessonPanel()->isVisible());
    CHECK(QFontInfo(window.lessonPanel()->captionLabel()->font()).pixelSize() >= 24);
    CHECK(QFontInfo(window.lessonPanel()->captionLabel()->font()).pixelSize() > deskPixels);
    window.presentation()->setActive(false);
    REQUIRE(language.apply(QStringLiteral("en")));
}

TEST_CASE("A lesson step in presentation mode renders at 1920 x 1080 in both languages and themes", "[gui][lesson]")
{
    Language language;
    const std::vector<Lesson> lessons = shippedLessons();
    const Lesson& rooflines = lessonWithId(lessons, "llm-rooflines");
    std::size_t asking = 0;
    while (asking < rooflines.steps.size() && !rooflines.steps[asking].question) ++asking;
    REQUIRE(asking < rooflines.steps.size());
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        for (const char* code : {"en", "zh_CN"}) {
            REQUIRE(language.apply(QString::fromLatin1(code)));
            AppSettings settings;
            settings.welcomeDismissed = true;
            MainWindow window(testing::builtinCatalog(), {}, settings, language);
            window.show();
            window.presentation()->setActive(true);
            // The offscreen screen is 800 × 800: out of full screen, at a projector's size.
            window.showNormal();
            window.setGeometry(0, 0, 1920, 1080);
            REQUIRE(window.lessonPanel()->open(rooflines));
            window.lessonPanel()->goTo(asking);
            window.lessonPanel()->reveal();
            window.planner()->controller().evaluateNow();
            QCoreApplication::processEvents();
            const QImage image = testing::renderToFile(
                window, QStringLiteral("presentation-lesson-%1-%2").arg(QString::fromLatin1(code), themeKey(theme)));
            CHECK(image.size() == QSize(1920, 1080));
            CHECK(testing::distinctColours(image) > 8);
            window.presentation()->setActive(false);
        }
    }
    applyTheme(Theme::Light);
    REQUIRE(language.apply(QStringLiteral("en")));
}

// Lessons in the views (issue 32): every step of every shipped lesson builds
// its scenario, its view and its highlight and renders offscreen, in English
// and Simplified Chinese; HardwareScene::highlight marks what a step names;
// `scalescope-cli lesson ID -o deck.pdf` writes one page per step.

#include "export_checks.h"
#include "shipped_lessons.h"
#include "test_support.h"

#include "app/cli/lesson_command.h"
#include "app/cli/lesson_deck_command.h"
#include "app/gui/language.h"
#include "model/lesson/lesson_reader.h"
#include "model/lesson/lesson_steps.h"
#include "views/export/lesson_deck_export.h"
#include "views/hardware/chip_scene.h"

#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <sstream>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

struct CliRun {
    int code;
    std::string out, err;
};

CliRun runLesson(const std::vector<std::string>& args)
{
    cli::setLessonDeckExtension(&cli::runLessonDeck);
    std::ostringstream out, err;
    const int code = cli::runLesson(args, out, err);
    return {code, out.str(), err.str()};
}

int pdfinfoPages(const QString& file)
{
    QProcess p;
    p.start(QStringLiteral("pdfinfo"), {file});
    REQUIRE(p.waitForFinished(-1));
    REQUIRE(p.exitCode() == 0);
    for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n')))
        if (line.startsWith(QLatin1String("Pages:"))) return line.mid(6).trimmed().toInt();
    return -1;
}

} // namespace

TEST_CASE("highlight marks the items of a kind, or one by kind:index, and replaces the last highlight", "[lesson][highlight]")
{
    const GpuSpec* b200 = builtinCatalog().gpu("b200");
    REQUIRE(b200);
    ChipScene scene(*b200, HardwarePalette::print());
    const QString mark = QString::fromLatin1(HardwareScene::kHighlightKind);
    const int stacks = static_cast<int>(scene.itemsOfKind(QStringLiteral("hbm")).size());
    REQUIRE(stacks > 1);
    CHECK(scene.highlight({QStringLiteral("hbm")}) == stacks);
    CHECK(scene.itemsOfKind(mark).size() == stacks);
    CHECK(scene.highlight({QStringLiteral("hbm:0")}) == 1);
    CHECK(scene.itemsOfKind(mark).size() == 1);
    CHECK(scene.highlight({QStringLiteral("die-link"), QStringLiteral("hbm:1")}) ==
          static_cast<int>(scene.itemsOfKind(QStringLiteral("die-link")).size()) + 1);
    CHECK(scene.highlight({QStringLiteral("no-such-kind")}) == 0);
    CHECK(scene.itemsOfKind(mark).empty());
    // The marks sit over the items they name.
    scene.highlight({QStringLiteral("hbm:0")});
    QGraphicsItem* stack = nullptr;
    for (QGraphicsItem* item : scene.itemsOfKind(QStringLiteral("hbm")))
        if (item->data(kItemIndexKey).toInt() == 0) stack = item;
    REQUIRE(stack);
    CHECK(scene.itemsOfKind(mark).front()->sceneBoundingRect().contains(stack->sceneBoundingRect()));
}

TEST_CASE("every step of every shipped lesson applies and renders, with its highlight, in English and Chinese",
          "[lesson][export]")
{
    const std::vector<Lesson> lessons = shippedLessons();
    for (const char* lang : {"en", "zh_CN"}) {
        Language language;
        REQUIRE(language.apply(QString::fromLatin1(lang)));
        for (const Lesson& lesson : lessons) {
            INFO(lesson.id << " in " << lang);
            SpecErrors errors;
            const auto deck = lessonDeck(builtinCatalog(), lesson, lang, ExportPage{QSizeF(842, 595)}, errors);
            INFO((errors.empty() ? std::string() : errors.front().text()));
            REQUIRE(deck);
            REQUIRE(deck->document.pages == static_cast<int>(lesson.steps.size()));
            for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
                INFO("step " << i);
                const LessonStep& step = lesson.steps[i];
                const LessonDeckPage& page = deck->pages[i];
                CHECK(page.title == QString::fromStdString(step.title.in(lang)));
                CHECK(page.caption == QString::fromStdString(step.caption.in(lang)));
                CHECK(page.answer.isEmpty() == !step.question);
                // A step that names items marks at least one in its view.
                if (!step.highlight.empty()) {
                    SpecErrors e;
                    const auto scenario = lessonScenario(lesson, i, e);
                    REQUIRE(scenario);
                    const PlannerResultPtr result = evaluateScenario(builtinCatalog(), *scenario, nullptr, 0);
                    const auto scene = lessonStepScene(builtinCatalog(), step, *result);
                    REQUIRE(scene);
                    CHECK_FALSE(scene->itemsOfKind(QString::fromLatin1(HardwareScene::kHighlightKind)).empty());
                }
                QImage image(842, 595, QImage::Format_ARGB32);
                image.fill(Qt::white);
                QPainter painter(&image);
                deck->document.paint(painter, QRectF(0, 0, 842, 595), static_cast<int>(i));
                painter.end();
                CHECK(distinctColours(image) > 4);
                if (lesson.id == "grace-blackwell-tour" && i == 2)
                    image.save(QStringLiteral(SCALESCOPE_RENDER_DIR "/lesson-tour-superchip-%1.png").arg(QString::fromLatin1(lang)));
            }
        }
    }
    Language().apply(QStringLiteral("en"));
}

TEST_CASE("lesson ID -o deck.pdf: one landscape page per step, the caption and the answer as text", "[lesson][export][cli]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("deck.pdf"));
    const CliRun r = runLesson({"pipeline-bubbles", "-o", pdf.toStdString(), "--lang", "zh_CN", "--page", "a4"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    keepRender(pdf, QStringLiteral("lesson-pipeline-bubbles-zh_CN.pdf"));
    Lesson lesson;
    for (const Lesson& l : shippedLessons())
        if (l.id == "pipeline-bubbles") lesson = l;
    REQUIRE(lesson.steps.size() >= 5);
    const std::vector<QSizeF> pages = mediaBoxes(pdf);
    CHECK(pages.size() == lesson.steps.size());
    CHECK(pdfinfoPages(pdf) == static_cast<int>(lesson.steps.size()));
    for (const QSizeF& page : pages) CHECK(page.width() > page.height());
    const QString text = pdfText(pdf).remove(QLatin1Char('\n'));
    CHECK(text.contains(QString::fromStdString(lesson.steps[0].title.zhCN)));
    CHECK(text.contains(QStringLiteral("模型给出")));
    // The first question's answer, as the model computes it.
    SpecErrors errors;
    const auto answer = answerQuestion(lesson, 0, builtinCatalog(), errors);
    REQUIRE(answer);
    CHECK(text.contains(QString::fromStdString(answer->text)));
}

TEST_CASE("lesson: list, and bad input named: an unknown id lists the ids (exit 1), usage errors exit 2", "[lesson][cli]")
{
    const CliRun list = runLesson({"list", "--json", "--lang", "zh_CN"});
    REQUIRE(list.code == 0);
    const auto j = nlohmann::json::parse(list.out);
    REQUIRE(j.size() >= 8);
    for (const auto& l : j) {
        CHECK(l["steps"].get<int>() >= 5);
        CHECK_FALSE(l["title"].get<std::string>().empty());
    }
    const CliRun unknown = runLesson({"no-such-lesson", "-o", "x.pdf"});
    CHECK(unknown.code == 1);
    CHECK_THAT(unknown.err, Catch::Contains("expected the id of a known lesson (does-it-fit, goodput-at-scale"));
    CHECK(runLesson({"pipeline-bubbles", "-o", "x.svg"}).code == 2);
    CHECK(runLesson({"pipeline-bubbles", "-o", "x.pdf", "--lang", "fr"}).code == 2);
    CHECK(runLesson({"pipeline-bubbles"}).code == 2);
    CHECK(runLesson({}).code == 2);
}

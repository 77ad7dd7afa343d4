#include "lesson_deck_export.h"

#include "html_page.h"
#include "planner_page_export.h"

#include "model/chip/superchip_fit.h"
#include "model/lesson/lesson_steps.h"
#include "model/spec/spec_catalog.h"
#include "views/hardware/chip_scene.h"
#include "views/hardware/hardware_palette.h"
#include "views/hardware/memory_view.h"
#include "views/hardware/rack_scene.h"
#include "views/hardware/sm_scene.h"
#include "views/hardware/superchip_scene.h"
#include "views/hardware/topology_view.h"
#include "views/planner/sharding_map_scene.h"
#include "views/power/power_scene.h"

#include <QCoreApplication>
#include <QFont>
#include <QPainter>

#include <algorithm>

namespace scalescope {

namespace {

constexpr qreal kMargin = 28;       // the exports' margin, points
constexpr qreal kTitleBand = 44;    // points above the view for the step's title
// The band under the view for the caption and question: as tall as its text, within these shares of the page's height.
constexpr qreal kCaptionMinShare = 0.1, kCaptionMaxShare = 0.3;
constexpr qreal kSourcesShare = 0.1; // of a view's height for the sources it cites
constexpr qreal kTitlePx = 20;      // on a page 842 points wide (A4 landscape)
constexpr qreal kCaptionPx = 13;
constexpr qreal kTagPx = 9;
constexpr qreal kCaptionPadding = 8; // points between the rule and the caption

QString trDeck(const char* text) { return QCoreApplication::translate("LessonDeck", text); }
QString q(const std::string& s) { return QString::fromStdString(s); }

QStringList highlightIds(const LessonStep& step)
{
    QStringList ids;
    for (const std::string& id : step.highlight) ids << q(id);
    return ids;
}

// The scene `scalescope-cli export --view KEY SCENARIO` draws; null for the views drawn as pages.
std::shared_ptr<HardwareScene> hardwareScene(const SpecCatalog& catalog, const std::string& view, const PlannerResult& r)
{
    const HardwarePalette ink = HardwarePalette::print();
    const EvaluationContext& ctx = *r.context;
    if (view == "chip") return std::make_shared<ChipScene>(ctx.gpu, ink);
    if (view == "sm") return std::make_shared<SmScene>(ctx.gpu, BlockShape{256, 255, Bytes{0}}, ink); // seed 004's 8-warp example
    if (view == "rack") return std::make_shared<RackScene>(ctx.system, catalog, ink);
    if (view == "power") return std::make_shared<PowerScene>(r, ink);
    if (view == "sharding") return std::make_shared<ShardingMapScene>(r, ShardingColouring::Tp, ink);
    if (view == "memory" && catalog.system(r.scenario.system)) return createMemoryScene(catalog, r.scenario.system, ink);
    if (view == "topology" && catalog.system(r.scenario.system)) {
        try {
            const TopologyHighlight tpGroup{CollectiveKind::AllReduce, r.scenario.parallel.tp, TopologyHighlight{}.bytes};
            return createTopologyScene(catalog, r.scenario.system, r.scenario.gpus, tpGroup, ink);
        } catch (const std::exception&) {
            return nullptr; // a topology the view cannot lay out
        }
    }
    if (view == "superchip" && ctx.system.superchip) {
        const SuperchipSpec* sc = catalog.superchip(*ctx.system.superchip);
        if (!sc) return nullptr;
        // Training: what the job keeps on one superchip, so that a model spread
        // over thousands of GPUs is drawn at the scale of one. The scene holds
        // it against the whole HBM; with what the runtime reserves added, its
        // spill is the model's (memory_per_gpu.spill_B per GPU).
        const MemoryPerGpu& m = r.evaluation.memory;
        if (!r.serving())
            return std::make_shared<SuperchipScene>(
                *sc, catalog.cpu(sc->cpu), ctx.gpu, Bytes{(m.total.si + m.reserved.si) * sc->gpus.value}, sc->gpus.value,
                trDeck(QT_TRANSLATE_NOOP("LessonDeck", "%1: one superchip's share of the job")).arg(q(ctx.model.name)), ink);
        return std::make_shared<SuperchipScene>(*sc, catalog.cpu(sc->cpu), ctx.gpu,
                                                modelWeightBytes(ctx.model.paramsReported.value, r.scenario.inference.precision),
                                                sc->gpus.value, q(ctx.model.name), ink);
    }
    return nullptr;
}

QString html(const QString& s) { return s.toHtmlEscaped(); }

QString captionHtml(const LessonDeckPage& page)
{
    QString out = QStringLiteral("<p>%1</p>").arg(html(page.caption));
    if (!page.prompt.isEmpty()) {
        out += QStringLiteral("<p><b>%1</b> %2<br><b>%3</b> %4</p>")
                   .arg(html(trDeck(QT_TRANSLATE_NOOP("LessonDeck", "Predict:"))), html(page.prompt),
                        html(trDeck(QT_TRANSLATE_NOOP("LessonDeck", "The model says:"))), html(page.answer));
        if (!page.explanation.isEmpty()) out += QStringLiteral("<p class=\"muted\">%1</p>").arg(html(page.explanation));
    }
    if (!page.note.isEmpty()) out += QStringLiteral("<p class=\"muted\"><i>%1</i></p>").arg(html(page.note));
    return out;
}

} // namespace

std::shared_ptr<HardwareScene> lessonStepScene(const SpecCatalog& catalog, const LessonStep& step, const PlannerResult& result)
{
    std::shared_ptr<HardwareScene> scene = hardwareScene(catalog, step.view, result);
    if (scene) scene->highlight(highlightIds(step));
    return scene;
}

ExportDocument lessonViewDocument(const SpecCatalog& catalog, const LessonStep& step, const PlannerResultPtr& result, QString* note)
{
    if (note) note->clear();
    if (const std::shared_ptr<HardwareScene> scene = lessonStepScene(catalog, step, *result)) {
        return ExportDocument{scene->title(), scene->description(), scene->hardwarePalette().background,
                              [scene](QPainter& p, const QRectF& area, int) { paintExportDocument(p, area, *scene, kSourcesShare); }};
    }
    if (note && step.view != "planner")
        *note = trDeck(QT_TRANSLATE_NOOP("LessonDeck", "The \"%1\" view is shown as the planner in this deck."))
                    .arg(q(step.view));
    return plannerPageDocument(result);
}

std::optional<LessonDeck> lessonDeck(const SpecCatalog& catalog, const Lesson& lesson, const std::string& language,
                                     const ExportPage& paper, SpecErrors& errors)
{
    const size_t before = errors.size();
    LessonDeck deck;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const auto scenario = lessonScenario(lesson, i, errors);
        if (!scenario) continue;
        const PlannerResultPtr result = evaluateScenario(catalog, *scenario, nullptr, 0);
        if (!result->ok()) {
            for (const SpecError& e : result->errors)
                errors.push_back({lesson.file, "/steps/" + std::to_string(i), "the scenario at this step: " + e.text()});
            if (result->context)
                errors.push_back({lesson.file, "/steps/" + std::to_string(i), "the scenario at this step does not evaluate: " +
                                                                                  result->evaluationErrorPath() + ": " +
                                                                                  result->evaluationError()});
            continue;
        }
        LessonDeckPage page;
        page.title = q(step.title.in(language));
        page.caption = q(step.caption.in(language));
        if (step.question) {
            const auto answer = answerQuestion(lesson, i, catalog, errors);
            if (!answer) continue;
            page.prompt = q(step.question->prompt.in(language));
            page.answer = q(answer->text);
            page.explanation = q(step.question->explanation.in(language));
        }
        page.view = lessonViewDocument(catalog, step, result, &page.note);
        deck.pages.push_back(std::move(page));
    }
    if (errors.size() != before) return std::nullopt;

    QSizeF size = paper.size;
    if (size.width() < size.height()) size.transpose(); // slides are landscape
    deck.pageSize = size;
    const HardwarePalette ink = HardwarePalette::print();
    const QString lessonTitle = q(lesson.title.in(language));
    const int count = static_cast<int>(deck.pages.size());
    const std::vector<LessonDeckPage> pages = deck.pages;
    deck.document = ExportDocument{
        lessonTitle, q(lesson.summary.in(language)), ink.background,
        [pages, lessonTitle, count, ink](QPainter& p, const QRectF& area, int index) {
            p.fillRect(area, ink.background);
            const LessonDeckPage& page = pages[static_cast<size_t>(index)];
            const QRectF inner = area.adjusted(kMargin, kMargin / 2, -kMargin, -kMargin / 2);
            QFont font;
            font.setPixelSize(exportBodyPixels(kTagPx, area.width()));
            p.setFont(font);
            p.setPen(ink.mutedText);
            const QString tag = trDeck(QT_TRANSLATE_NOOP("LessonDeck", "%1 · step %2 of %3")).arg(lessonTitle).arg(index + 1).arg(count);
            p.drawText(inner, Qt::AlignRight | Qt::AlignTop, tag);
            font.setPixelSize(exportBodyPixels(kTitlePx, area.width()));
            font.setBold(true);
            p.setFont(font);
            p.setPen(ink.text);
            const qreal titleBand = kTitleBand * std::clamp(area.width() / 842.0, 0.8, 2.5);
            const QRectF titleBox(inner.left(), inner.top(), inner.width(), titleBand);
            p.drawText(titleBox, Qt::AlignLeft | Qt::AlignBottom | Qt::TextSingleLine,
                       p.fontMetrics().elidedText(page.title, Qt::ElideRight, qRound(titleBox.width())));
            const QString caption = captionHtml(page);
            const int captionPx = exportBodyPixels(kCaptionPx, area.width());
            const qreal captionHeight = std::clamp(htmlHeight(caption, inner.width(), captionPx) + kCaptionPadding,
                                                   area.height() * kCaptionMinShare, area.height() * kCaptionMaxShare);
            const QRectF viewBox(area.left(), titleBox.bottom(), area.width(), inner.bottom() - captionHeight - titleBox.bottom());
            p.save();
            p.setClipRect(viewBox);
            page.view.paint(p, viewBox, 0);
            p.restore();
            const QRectF captionBox(inner.left(), viewBox.bottom(), inner.width(), captionHeight);
            p.fillRect(QRectF(captionBox.left(), captionBox.top(), captionBox.width(), 0.75), ink.mutedText);
            paintFittedHtml(p, captionBox.adjusted(0, kCaptionPadding, 0, 0), caption, captionPx);
        },
        count};
    return deck;
}

} // namespace scalescope

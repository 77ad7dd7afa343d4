#pragma once
// A lesson as a slide deck: one landscape page per step with the step's
// title, the view as it stands at that step (drawn as `scalescope-cli
// export` draws it for the step's scenario, the step's highlight marked) and
// the caption; a question's page adds the prompt and the model's answer.

#include "view_export.h"

#include "model/lesson/lesson.h"
#include "views/planner/planner_result.h"

#include <QSizeF>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace scalescope {

class SpecCatalog;

class HardwareScene;

// The hardware scene of a step's view ("chip", "sm", "superchip", "rack",
// "memory", "topology", "power", "sharding") in the print palette, built
// from the step's evaluated scenario as `scalescope-cli export` builds it,
// with the step's highlight marked; null for the views drawn as pages
// (planner) or not drawn by the export yet (specs, sweep).
[[nodiscard]] std::shared_ptr<HardwareScene> lessonStepScene(const SpecCatalog& catalog, const LessonStep& step,
                                                             const PlannerResult& result);

// The view of one step: the scene (or the planner page) for `view`, built
// from the step's evaluated scenario with `highlight` marked. A view the
// export cannot draw yet ("specs", "sweep") is drawn as the planner and
// `note` says so (empty otherwise).
[[nodiscard]] ExportDocument lessonViewDocument(const SpecCatalog& catalog, const LessonStep& step,
                                                const PlannerResultPtr& result, QString* note);

// One page of the deck, as shown.
struct LessonDeckPage {
    QString title, caption;
    QString prompt, answer, explanation; // a question's, empty without one
    QString note;                        // what the page could not draw as the lesson asks
    ExportDocument view;
};

struct LessonDeck {
    ExportDocument document;
    QSizeF pageSize;
    std::vector<LessonDeckPage> pages;
};

// The deck of `lesson` in `language` ("en" or "zh_CN"; the Qt translation
// is the caller's) on `paper` turned landscape; nothing, with every problem
// (a step's scenario that does not read or evaluate, a question the model
// cannot answer) in errors.
[[nodiscard]] std::optional<LessonDeck> lessonDeck(const SpecCatalog& catalog, const Lesson& lesson, const std::string& language,
                                                   const ExportPage& paper, SpecErrors& errors);

} // namespace scalescope

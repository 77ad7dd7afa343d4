#include "model/lesson/lesson_steps.h"

#include "model/inference/inference_json.h"
#include "model/lesson/lesson_reader.h"
#include "model/inference/inference_step.h"
#include "model/spec/spec_reader.h"
#include "model/training/evaluation_context.h"
#include "model/training/evaluation_json.h"
#include "model/validation/context_ceiling.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string stepPath(std::size_t step)
{
    return "/steps/" + std::to_string(step);
}

// The problems of the step's scenario, under the lesson file and the step.
void addNested(SpecErrors& errors, const SpecErrors& inner, const std::string& file, const std::string& path,
               const std::string& what)
{
    for (const SpecError& e : inner)
        errors.push_back({file, path, what + ": " + (e.path.empty() ? "/" : e.path) + ": " + e.message});
}

} // namespace

fs::path lessonSpecsRoot(const Lesson& lesson)
{
    return fs::path(lesson.file).parent_path().parent_path();
}

std::optional<json> lessonScenarioJson(const Lesson& lesson, std::size_t step, SpecErrors& errors)
{
    if (step >= lesson.steps.size()) {
        errors.push_back({lesson.file, "/steps", "expected a step from 0 to " + std::to_string(lesson.steps.size()) +
                                                     " (exclusive), found " + std::to_string(step)});
        return std::nullopt;
    }
    // The last step at or before `step` that names a scenario file resets it.
    std::size_t first = step + 1;
    while (first > 0 && lesson.steps[first - 1].scenario.empty()) --first;
    const bool fromLesson = first == 0;
    const std::size_t from = fromLesson ? 0 : first - 1;
    const std::string& file = fromLesson ? lesson.scenario : lesson.steps[from].scenario;
    const std::string where = fromLesson ? "/scenario" : stepPath(from) + "/scenario";
    if (file.empty()) {
        errors.push_back({lesson.file, where, "expected a scenario file, found nothing"});
        return std::nullopt;
    }
    SpecErrors fileErrors;
    std::optional<json> doc = readJsonFile(lessonSpecsRoot(lesson) / file, fileErrors);
    if (!doc) {
        for (const SpecError& e : fileErrors)
            errors.push_back({lesson.file, where, "expected a readable scenario file \"" + file + "\": " + e.text()});
        return std::nullopt;
    }
    for (std::size_t i = from; i <= step; ++i)
        if (!lesson.steps[i].change.is_null()) doc->merge_patch(lesson.steps[i].change);
    return doc;
}

std::optional<Scenario> lessonScenario(const Lesson& lesson, std::size_t step, SpecErrors& errors)
{
    const auto doc = lessonScenarioJson(lesson, step, errors);
    if (!doc) return std::nullopt;
    SpecErrors scenarioErrors;
    auto scenario = parseScenario(*doc, lesson.file, scenarioErrors);
    addNested(errors, scenarioErrors, lesson.file, stepPath(step),
              "the scenario at this step (its file and the changes up to here)");
    return scenario;
}

std::optional<json> scenarioEvaluationJson(const Scenario& scenario, const SpecCatalog& catalog, const std::string& file,
                                           const std::string& path, SpecErrors& errors)
{
    SpecErrors contextErrors;
    auto ctx = makeEvaluationContext(scenario, catalog, contextErrors, file);
    addNested(errors, contextErrors, file, path, "the scenario at this step");
    if (!ctx) return std::nullopt;
    setPublishedMfuCeiling(*ctx, catalog);
    if (scenario.mode == Mode::Inference) {
        const InferenceEvaluation e = evaluateInference(*ctx);
        if (!e.ok) {
            errors.push_back({file, path, "the scenario at this step does not evaluate: " + e.errorPath + ": " + e.error});
            return std::nullopt;
        }
        return inferenceToJson(*ctx, e);
    }
    const Evaluation e = evaluate(*ctx);
    if (!e.ok) {
        errors.push_back({file, path, "the scenario at this step does not evaluate: " + e.errorPath + ": " + e.error});
        return std::nullopt;
    }
    return evaluationToJson(*ctx, e);
}

double scaleToUnit(double si, AnswerUnit unit) noexcept
{
    switch (unit) {
    case AnswerUnit::Second: return si;
    case AnswerUnit::Millisecond: return si * 1e3;
    case AnswerUnit::Microsecond: return si * 1e6;
    case AnswerUnit::Percent: return si * 100;
    case AnswerUnit::GiB: return si / (1024.0 * 1024.0 * 1024.0);
    case AnswerUnit::GB: return si / 1e9;
    case AnswerUnit::TB: return si / 1e12;
    case AnswerUnit::Watt: return si;
    case AnswerUnit::Kilowatt: return si / 1e3;
    case AnswerUnit::Megawatt: return si / 1e6;
    case AnswerUnit::Count: return si;
    }
    return si;
}

std::string formatAnswer(double shown, const LessonAnswer& answer)
{
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << std::fixed << std::setprecision(answer.digits) << shown;
    // Thousands grouped with commas, as the planner writes counts ("2,434").
    std::string number = s.str();
    const std::size_t firstDigit = number.find_first_of("0123456789");
    std::size_t integerEnd = number.find('.');
    if (integerEnd == std::string::npos) integerEnd = number.size();
    for (std::size_t i = integerEnd; firstDigit != std::string::npos && i > firstDigit + 3; i -= 3)
        number.insert(i - 3, ",");
    const std::string_view unit = answerUnitKey(answer.unit);
    if (answer.unit == AnswerUnit::Count) return number;
    if (answer.unit == AnswerUnit::Microsecond) return number + " µs";
    return number + " " + std::string(unit);
}

std::optional<LessonAnswerValue> answerQuestion(const Lesson& lesson, std::size_t step, const SpecCatalog& catalog,
                                                SpecErrors& errors)
{
    const std::string path = stepPath(step) + "/question/answer/pointer";
    if (step >= lesson.steps.size() || !lesson.steps[step].question) {
        errors.push_back({lesson.file, stepPath(step) + "/question", "expected a step with a question, found none"});
        return std::nullopt;
    }
    const LessonAnswer& answer = lesson.steps[step].question->answer;
    const auto scenario = lessonScenario(lesson, step, errors);
    if (!scenario) return std::nullopt;
    const auto evaluation = scenarioEvaluationJson(*scenario, catalog, lesson.file, stepPath(step), errors);
    if (!evaluation) return std::nullopt;
    const json* value = nullptr;
    try {
        const json::json_pointer pointer(answer.pointer);
        if (evaluation->contains(pointer)) value = &evaluation->at(pointer);
    } catch (const json::exception&) {
        value = nullptr;
    }
    if (!value || !value->is_number() || !std::isfinite(value->get<double>())) {
        errors.push_back({lesson.file, path, "expected a pointer to a number in the evaluation JSON of the step's "
                                             "scenario (see scalescope-cli evaluate), found " + describeJson(value) +
                                                 " at \"" + answer.pointer + "\""});
        return std::nullopt;
    }
    LessonAnswerValue out;
    out.si = value->get<double>();
    out.shown = scaleToUnit(out.si, answer.unit);
    out.text = formatAnswer(out.shown, answer);
    return out;
}

SpecErrors checkLessonSteps(const Lesson& lesson, const SpecCatalog& catalog)
{
    SpecErrors errors;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        if (lesson.steps[i].question) {
            (void)answerQuestion(lesson, i, catalog, errors);
            continue;
        }
        const auto scenario = lessonScenario(lesson, i, errors);
        if (!scenario) continue;
        SpecErrors contextErrors;
        (void)makeEvaluationContext(*scenario, catalog, contextErrors, lesson.file);
        addNested(errors, contextErrors, lesson.file, stepPath(i), "the scenario at this step");
    }
    return errors;
}

} // namespace scalescope

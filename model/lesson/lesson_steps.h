#pragma once
// What a lesson's steps mean for the model: the scenario in effect at a step
// and the answer the model gives to a step's question.
//
// The scenario at step i is computed from the start, so that Back and
// jumping to a step give what walking there gives: the last scenario file
// named at or before step i (the step's, else the lesson's), with the
// `change` merge patches (RFC 7386) of the steps from that one to i applied
// in order.

#include "model/lesson/lesson.h"
#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"
#include "model/spec/spec_error.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace scalescope {

// Where a lesson's scenario paths are relative to: the specs directory that
// holds its lessons/ folder.
[[nodiscard]] std::filesystem::path lessonSpecsRoot(const Lesson& lesson);

// The scenario document in effect at step `step` (< lesson.steps.size()), as a
// *.scalescope.json would hold it; problems name the lesson file and
// /steps/N (or /scenario).
[[nodiscard]] std::optional<nlohmann::json> lessonScenarioJson(const Lesson& lesson, std::size_t step, SpecErrors& errors);
// The same, read as a scenario.
[[nodiscard]] std::optional<Scenario> lessonScenario(const Lesson& lesson, std::size_t step, SpecErrors& errors);

// The evaluation JSON of a scenario (scalescope-cli evaluate's output: the
// training keys, or the inference keys for "mode": "inference"), or nothing
// with errors under `file` and `path`.
[[nodiscard]] std::optional<nlohmann::json> scenarioEvaluationJson(const Scenario& scenario, const SpecCatalog& catalog,
                                                                   const std::string& file, const std::string& path,
                                                                   SpecErrors& errors);

// A question's answer as revealed: the evaluation value (SI) at the pointer,
// scaled to the unit and written with the question's digits.
struct LessonAnswerValue {
    double si = 0;    // the value at the pointer
    double shown = 0; // in the answer's unit
    std::string text; // formatAnswer(shown, answer)
};

// si in `unit` (seconds to ms, a fraction to %, bytes to GiB, watts to kW ...).
[[nodiscard]] double scaleToUnit(double si, AnswerUnit unit) noexcept;
// "41.2 %", "3.25 ms", "70 GiB", "12" (a count has no unit).
[[nodiscard]] std::string formatAnswer(double shown, const LessonAnswer& answer);

// The answer of step `step`'s question (the step must have one); problems
// (a pointer to nothing, a value that is not a number, a scenario that does
// not evaluate) name the lesson file and /steps/N/question/answer/pointer.
[[nodiscard]] std::optional<LessonAnswerValue> answerQuestion(const Lesson& lesson, std::size_t step,
                                                              const SpecCatalog& catalog, SpecErrors& errors);

// Every step's scenario read and evaluated and every question answered, as
// `specs validate` checks a lesson; the problems found.
[[nodiscard]] SpecErrors checkLessonSteps(const Lesson& lesson, const SpecCatalog& catalog);

} // namespace scalescope

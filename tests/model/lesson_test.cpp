// Lessons (specs/lessons, issue 32): the reader's strict input and its
// messages, the scenario in effect at each step, and every shipped
// question's answer against an evaluation of the step's scenario made here,
// independently of model/lesson.

#include "model/lesson/lesson_reader.h"
#include "model/lesson/lesson_steps.h"
#include "model/spec/spec_catalog.h"
#include "model/training/evaluation_context.h"
#include "model/training/evaluation_json.h"
#include "model/validation/context_ceiling.h"
#include "model/inference/inference_json.h"
#include "model/inference/inference_step.h"
#include "model_test_support.h"

#include <cmath>
#include <fstream>
#include <set>

using namespace scalescope;
using scalescope::testing::catalog;
using nlohmann::json;

namespace {

const std::string kLessonDir = SCALESCOPE_SPECS_DIR "/lessons";
// A lesson that is not on disk reads its scenarios from the shipped specs.
const std::string kSyntheticFile = kLessonDir + "/synthetic.json";

std::vector<Lesson> shipped()
{
    SpecErrors errors;
    std::vector<Lesson> lessons = loadLessons(kLessonDir, errors);
    INFO((errors.empty() ? std::string() : errors.front().text()));
    REQUIRE(errors.empty());
    return lessons;
}

json minimalLesson()
{
    return json::parse(R"({
      "format": "scalescope-lesson/1",
      "title": {"en": "T", "zh_CN": "标题"}, "summary": {"en": "S", "zh_CN": "摘要"},
      "minutes": 5, "sources": {"s004": "seed 004"},
      "scenario": "scenarios/default.scalescope.json",
      "steps": [
        {"view": "planner", "title": {"en": "a", "zh_CN": "甲"}, "caption": {"en": "c", "zh_CN": "丙"},
         "question": {"prompt": {"en": "p", "zh_CN": "问"}, "answer": {"pointer": "/mfu", "unit": "%", "digits": 1}}}
      ]
    })");
}

SpecErrors parseErrors(const json& doc)
{
    SpecErrors errors;
    (void)parseLesson(doc, kSyntheticFile, errors);
    return errors;
}

bool hasError(const SpecErrors& errors, const std::string& path, const std::string& words)
{
    for (const SpecError& e : errors)
        if (e.file == kSyntheticFile && e.path == path && e.message.find(words) != std::string::npos) return true;
    return false;
}

// The step's scenario as this test builds it: the raw lesson file, the last
// scenario named at or before the step, and the changes merged one by one.
json independentScenario(const std::string& lessonFile, std::size_t step)
{
    std::ifstream in(lessonFile);
    const json doc = json::parse(in);
    const json& steps = doc["steps"];
    std::size_t from = step;
    while (from > 0 && !steps[from].contains("scenario")) --from;
    const bool named = steps[from].contains("scenario");
    const std::string file = named ? steps[from]["scenario"].get<std::string>() : doc["scenario"].get<std::string>();
    const std::size_t first = named ? from : 0;
    std::ifstream scenarioIn(std::string(SCALESCOPE_SPECS_DIR "/") + file);
    json scenario = json::parse(scenarioIn);
    for (std::size_t i = first; i <= step; ++i)
        if (steps[i].contains("change")) scenario.merge_patch(steps[i]["change"]);
    return scenario;
}

} // namespace

TEST_CASE("every shipped lesson reads: at least eight, 5 to 10 steps, a question, both languages", "[lesson]")
{
    const std::vector<Lesson> lessons = shipped();
    REQUIRE(lessons.size() >= 8);
    std::set<std::string> ids;
    for (const Lesson& l : lessons) {
        INFO(l.id);
        CHECK(ids.insert(l.id).second);
        CHECK(l.steps.size() >= 5);
        CHECK(l.steps.size() <= 10);
        CHECK_FALSE(l.sources.empty());
        int questions = 0;
        for (const LessonStep& s : l.steps) {
            questions += s.question.has_value();
            CHECK_FALSE(s.caption.en.empty());
            CHECK_FALSE(s.caption.zhCN.empty());
            CHECK(s.caption.en != s.caption.zhCN);
        }
        CHECK(questions >= 1);
    }
    // The lessons the issue names.
    for (const char* id : {"grace-blackwell-tour", "tp-outside-nvlink", "llm-rooflines", "does-it-fit", "pipeline-bubbles",
                           "moe-deepseek-v3", "nvl72-power-cooling", "goodput-at-scale"})
        CHECK(ids.count(id) == 1);
}

TEST_CASE("every step of every shipped lesson has a scenario the catalog resolves (specs validate's check)", "[lesson]")
{
    for (const Lesson& l : shipped()) {
        const SpecErrors errors = checkLessonSteps(l, catalog());
        INFO(l.id << ": " << (errors.empty() ? std::string() : errors.front().text()));
        CHECK(errors.empty());
    }
}

TEST_CASE("each shipped question's answer is the model's number for the step's scenario, evaluated independently", "[lesson]")
{
    int checked = 0, members = 0;
    for (const Lesson& l : shipped())
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            if (!l.steps[i].question) continue;
            INFO(l.id << " step " << i);
            SpecErrors errors;
            const auto answer = answerQuestion(l, i, catalog(), errors);
            REQUIRE(answer);

            const auto scenario = parseScenario(independentScenario(l.file, i), l.file, errors);
            REQUIRE(scenario);
            auto ctx = makeEvaluationContext(*scenario, catalog(), errors, l.file);
            REQUIRE(ctx);
            setPublishedMfuCeiling(*ctx, catalog());
            json evaluation;
            const std::string& pointer = l.steps[i].question->answer.pointer;
            if (scenario->mode == Mode::Inference) {
                evaluation = inferenceToJson(*ctx, evaluateInference(*ctx));
            } else {
                const Evaluation e = evaluate(*ctx);
                evaluation = evaluationToJson(*ctx, e);
                // A few pointers against the evaluation's own members.
                const std::pair<const char*, double> direct[] = {{"/mfu", e.mfu},
                                                                 {"/step_time_s", e.stepTime.si},
                                                                 {"/bubble_fraction", e.bubbleFraction},
                                                                 {"/memory_per_gpu/total_B", e.memory.total.si}};
                for (const auto& [key, value] : direct)
                    if (pointer == key) {
                        CHECK(answer->si == Approx(value).epsilon(1e-12));
                        ++members;
                    }
            }
            const double expected = evaluation.at(json::json_pointer(pointer)).get<double>();
            CHECK(answer->si == Approx(expected).epsilon(1e-12));
            CHECK(answer->shown == Approx(scaleToUnit(expected, l.steps[i].question->answer.unit)).epsilon(1e-12));
            ++checked;
        }
    CHECK(checked >= 40);
    CHECK(members >= 8);
}

TEST_CASE("the tour's rack peak is the seed's ~130 kW and the eight racks about 1 MW (seed 000 §2.8)", "[lesson]")
{
    for (const Lesson& l : shipped()) {
        if (l.id != "nvl72-power-cooling") continue;
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            if (!l.steps[i].question) continue;
            SpecErrors errors;
            const auto a = answerQuestion(l, i, catalog(), errors);
            REQUIRE(a);
            if (l.steps[i].question->answer.pointer == "/power/rack_peak_W") CHECK(a->text == "130 kW");
            if (l.steps[i].question->answer.pointer == "/power/it_W") CHECK(a->text == "1.04 MW"); // 8 × 130 kW
        }
    }
}

TEST_CASE("the scenario at a step: a scenario file resets it, changes add up from there, jumping equals walking", "[lesson]")
{
    json doc = minimalLesson();
    const json step = doc["steps"][0];
    doc["steps"] = json::array();
    auto add = [&](json extra) {
        json s = step;
        s.erase("question");
        s.update(extra);
        doc["steps"].push_back(s);
    };
    add(json::object()); // 0: default (tp 8, dp 2)
    add({{"change", {{"parallel", {{"tp", 4}, {"dp", 4}}}}}});                                   // 1: tp 4
    add({{"change", {{"training", {{"global_batch", 256}}}}}});                                  // 2: tp 4, batch 256
    add({{"scenario", "scenarios/llama3-70b-4096-h100.scalescope.json"}});                        // 3: reset
    add({{"scenario", "scenarios/default.scalescope.json"}, {"change", {{"parallel", {{"pp", 8}, {"dp", 1}}}}}}); // 4
    SpecErrors errors;
    const auto lesson = parseLesson(doc, kSyntheticFile, errors);
    REQUIRE(lesson);
    const auto at = [&](std::size_t i) {
        SpecErrors e;
        auto s = lessonScenario(*lesson, i, e);
        REQUIRE(s);
        return *s;
    };
    CHECK(at(0).parallel.tp == 8);
    CHECK(at(1).parallel.tp == 4);
    CHECK(at(2).parallel.tp == 4);
    CHECK(at(2).training.globalBatch == 256);
    CHECK(at(3).gpus == 4096);
    CHECK(at(3).parallel.tp == 8);
    CHECK(at(4).parallel.tp == 8); // step 1's change does not leak past a reset
    CHECK(at(4).parallel.pp == 8);
    CHECK(at(4).training.globalBatch == at(0).training.globalBatch);
    // Jumping back to step 2 after step 4 gives what walking there gave.
    CHECK(at(2).training.globalBatch == 256);
    CHECK(scenarioToJson(at(2)) == scenarioToJson(at(2)));
}

TEST_CASE("an answer is scaled to its unit and written with its digits", "[lesson]")
{
    const auto text = [](double si, AnswerUnit u, int digits) {
        LessonAnswer a;
        a.unit = u;
        a.digits = digits;
        return formatAnswer(scaleToUnit(si, u), a);
    };
    CHECK(text(0.46755, AnswerUnit::Percent, 1) == "46.8 %");
    CHECK(text(163004693632, AnswerUnit::GB, 0) == "163 GB");
    CHECK(text(1073741824.0 * 3, AnswerUnit::GiB, 1) == "3.0 GiB");
    CHECK(text(182e12, AnswerUnit::TB, 0) == "182 TB");
    CHECK(text(130000, AnswerUnit::Kilowatt, 0) == "130 kW");
    CHECK(text(1040000, AnswerUnit::Megawatt, 2) == "1.04 MW");
    CHECK(text(1200, AnswerUnit::Watt, 0) == "1,200 W");
    CHECK(text(2434.4, AnswerUnit::Count, 0) == "2,434");
    CHECK(text(-1234567.25, AnswerUnit::Count, 2) == "-1,234,567.25");
    CHECK(text(999, AnswerUnit::Count, 0) == "999");
    CHECK(text(2.5e-3, AnswerUnit::Millisecond, 1) == "2.5 ms");
    CHECK(text(1.5e-6, AnswerUnit::Microsecond, 1) == "1.5 µs");
    CHECK(text(15.9166, AnswerUnit::Second, 2) == "15.92 s");
    CHECK(text(13.0459, AnswerUnit::Count, 1) == "13.0");
}

TEST_CASE("a lesson file with mistakes: each names the file, the JSON path and what was expected", "[lesson]")
{
    SECTION("a text without its Chinese")
    {
        json doc = minimalLesson();
        doc["steps"][0]["caption"].erase("zh_CN");
        CHECK(hasError(parseErrors(doc), "/steps/0/caption/zh_CN", "expected a non-empty string, found nothing"));
    }
    SECTION("a misspelt key")
    {
        json doc = minimalLesson();
        doc["steps"][0]["captoin"] = doc["steps"][0]["caption"];
        CHECK(hasError(parseErrors(doc), "/steps/0/captoin", "unknown key; did you mean caption?"));
        doc = minimalLesson();
        doc["title"]["fr"] = "Titre";
        doc["title"]["french"] = "Titre";
        CHECK(hasError(parseErrors(doc), "/title/french", "unknown key; expected one of en, zh_CN"));
    }
    SECTION("an unknown view")
    {
        json doc = minimalLesson();
        doc["steps"][0]["view"] = "racks";
        CHECK(hasError(parseErrors(doc), "/steps/0/view", "expected one of \"planner\""));
    }
    SECTION("an unknown unit")
    {
        json doc = minimalLesson();
        doc["steps"][0]["question"]["answer"]["unit"] = "days";
        CHECK(hasError(parseErrors(doc), "/steps/0/question/answer/unit", "found \"days\""));
    }
    SECTION("a sweep without its axis, options on a view that takes none")
    {
        json doc = minimalLesson();
        doc["steps"][0]["view"] = "sweep";
        CHECK(hasError(parseErrors(doc), "/steps/0/view_options", "expected {\"axis\": ...}"));
        doc["steps"][0]["view_options"] = {{"axis", "dp"}};
        CHECK(hasError(parseErrors(doc), "/steps/0/view_options/axis", "found the string \"dp\""));
        doc["steps"][0]["view"] = "rack";
        CHECK(hasError(parseErrors(doc), "/steps/0/view_options", "only the sweep view takes options"));
    }
    SECTION("no scenario for the first step; one outside the specs")
    {
        json doc = minimalLesson();
        doc.erase("scenario");
        CHECK(hasError(parseErrors(doc), "/steps/0/scenario", "expected a scenario file for the first step"));
        doc["scenario"] = "../secret.scalescope.json";
        CHECK(hasError(parseErrors(doc), "/scenario", "expected a scenario file inside the specs directory"));
    }
    SECTION("no steps, another format")
    {
        json doc = minimalLesson();
        doc["steps"] = json::array();
        doc["format"] = "scalescope-lesson/2";
        const SpecErrors errors = parseErrors(doc);
        CHECK(hasError(errors, "/steps", "expected a non-empty list of steps"));
        CHECK(hasError(errors, "/format", "expected \"scalescope-lesson/1\""));
    }
    SECTION("a pointer to nothing, or to text, is an error naming the lesson and the step")
    {
        json doc = minimalLesson();
        doc["steps"][0]["question"]["answer"]["pointer"] = "/mfux";
        SpecErrors errors;
        const auto lesson = parseLesson(doc, kSyntheticFile, errors);
        REQUIRE(lesson);
        (void)answerQuestion(*lesson, 0, catalog(), errors);
        CHECK(hasError(errors, "/steps/0/question/answer/pointer", "expected a pointer to a number in the evaluation JSON"));
        errors.clear();
        doc["steps"][0]["question"]["answer"]["pointer"] = "/comm/tp/tier";
        const auto text = parseLesson(doc, kSyntheticFile, errors);
        REQUIRE(text);
        (void)answerQuestion(*text, 0, catalog(), errors);
        CHECK(hasError(errors, "/steps/0/question/answer/pointer", "found the string \"nvlink\""));
    }
    SECTION("a change that breaks the scenario names the step")
    {
        json doc = minimalLesson();
        doc["steps"][0]["change"] = {{"parallel", {{"tp", 3}}}};
        SpecErrors errors;
        const auto lesson = parseLesson(doc, kSyntheticFile, errors);
        REQUIRE(lesson);
        CHECK_FALSE(answerQuestion(*lesson, 0, catalog(), errors));
        REQUIRE_FALSE(errors.empty());
        CHECK(errors.front().file == kSyntheticFile);
        CHECK(errors.front().path == "/steps/0");
    }
}

#include "model/lesson/lesson_reader.h"

#include "model/spec/spec_catalog.h"
#include "model/spec/spec_reader.h"
#include "model/spec/spelling.h"

#include <algorithm>
#include <array>

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::array<std::string_view, 11> kViews{"planner", "sharding", "chip",     "sm",    "memory", "superchip",
                                                  "rack",    "topology", "power",    "specs", "sweep"};
constexpr std::array<std::string_view, 6> kSweepAxes{"tp", "pp", "cp", "ep", "mbs", "gpus"};

struct UnitKey {
    AnswerUnit unit;
    std::string_view key;
};
constexpr std::array<UnitKey, 11> kUnits{{{AnswerUnit::Second, "s"},
                                          {AnswerUnit::Millisecond, "ms"},
                                          {AnswerUnit::Microsecond, "us"},
                                          {AnswerUnit::Percent, "%"},
                                          {AnswerUnit::GiB, "GiB"},
                                          {AnswerUnit::GB, "GB"},
                                          {AnswerUnit::TB, "TB"},
                                          {AnswerUnit::Watt, "W"},
                                          {AnswerUnit::Kilowatt, "kW"},
                                          {AnswerUnit::Megawatt, "MW"},
                                          {AnswerUnit::Count, "count"}}};

// Decimals a question may show: more than any projector needs.
constexpr int kMaxAnswerDigits = 6;

template <std::size_t N>
std::string choices(const std::array<std::string_view, N>& keys)
{
    std::string out;
    for (std::string_view k : keys) out += (out.empty() ? "\"" : ", \"") + std::string(k) + "\"";
    return out;
}

std::string unitChoices()
{
    std::string out;
    for (const UnitKey& u : kUnits) out += (out.empty() ? "\"" : ", \"") + std::string(u.key) + "\"";
    return out;
}

// {"en": ..., "zh_CN": ...}, both non-empty.
LessonText readText(SpecReader& r, const json& doc, const std::string& path)
{
    const json::json_pointer p(path);
    if (!doc.contains(p) || !doc.at(p).is_object()) {
        r.error(path, "expected an object with the text in \"en\" and \"zh_CN\", found " +
                          describeJson(doc.contains(p) ? &doc.at(p) : nullptr));
        r.consumed(path);
        return {};
    }
    LessonText text{r.text(path + "/en"), r.text(path + "/zh_CN")};
    for (const auto& [key, value] : doc.at(p).items())
        if (key != "en" && key != "zh_CN")
            r.error(path + "/" + key, unknownKeyMessage(key, {"en", "zh_CN"}, true));
    r.consumed(path); // read whole: the misspelt neighbour of a text gets its "did you mean"
    return text;
}

// An optional object taken whole (a merge patch, view options).
json readObject(SpecReader& r, const json& step, const std::string& key, const std::string& path)
{
    if (!step.contains(key) || step[key].is_null()) return nullptr;
    r.consumed(path);
    if (!step[key].is_object()) {
        r.error(path, "expected an object, found " + describeJson(&step[key]));
        return nullptr;
    }
    return step[key];
}

// A scenario file relative to the specs root: "scenarios/x.scalescope.json".
std::string readScenarioPath(SpecReader& r, const std::string& path)
{
    std::string s = r.text(path);
    if (s.empty()) return s;
    const fs::path p(s);
    const bool escapes = std::any_of(p.begin(), p.end(), [](const fs::path& part) { return part == ".."; });
    if (!s.ends_with(".scalescope.json") || p.is_absolute() || escapes) {
        r.error(path, "expected a scenario file inside the specs directory, relative to it (e.g. "
                      "\"scenarios/default.scalescope.json\"), found \"" + s + "\"");
        return {};
    }
    return s;
}

void readViewOptions(SpecReader& r, const json& step, const std::string& path, LessonStep& out)
{
    out.viewOptions = readObject(r, step, "view_options", path + "/view_options");
    if (out.viewOptions.is_null()) {
        if (out.view == "sweep")
            r.error(path + "/view_options", "expected {\"axis\": ...} naming the slider the sweep view varies (one of " +
                                                choices(kSweepAxes) + "), found nothing");
        return;
    }
    if (out.view != "sweep") {
        r.error(path + "/view_options", "expected nothing: only the sweep view takes options, this step shows \"" +
                                            out.view + "\"");
        return;
    }
    for (const auto& [key, value] : out.viewOptions.items()) {
        if (key != "axis") {
            r.error(path + "/view_options/" + key, "unknown key; expected axis");
            continue;
        }
        const std::string axis = value.is_string() ? value.get<std::string>() : std::string();
        if (std::find(kSweepAxes.begin(), kSweepAxes.end(), axis) == kSweepAxes.end())
            r.error(path + "/view_options/axis", "expected one of " + choices(kSweepAxes) + ", found " + describeJson(&value));
    }
    if (!out.viewOptions.contains("axis"))
        r.error(path + "/view_options/axis", "expected one of " + choices(kSweepAxes) + ", found nothing");
}

LessonQuestion readQuestion(SpecReader& r, const json& doc, const std::string& path)
{
    LessonQuestion q;
    q.prompt = readText(r, doc, path + "/prompt");
    if (r.exists(path + "/explanation")) q.explanation = readText(r, doc, path + "/explanation");
    const std::string a = path + "/answer";
    q.answer.pointer = r.text(a + "/pointer");
    if (!q.answer.pointer.empty()) {
        try {
            (void)json::json_pointer(q.answer.pointer);
        } catch (const json::exception&) {
            r.error(a + "/pointer", "expected a JSON pointer into the evaluation JSON (e.g. \"/mfu\"), found \"" +
                                        q.answer.pointer + "\"");
        }
    }
    const std::string unit = r.text(a + "/unit");
    if (const auto u = answerUnitFromKey(unit)) q.answer.unit = *u;
    else if (!unit.empty()) r.error(a + "/unit", "expected one of " + unitChoices() + ", found \"" + unit + "\"");
    if (r.exists(a + "/digits")) {
        q.answer.digits = r.wholeNumber(a + "/digits", 0);
        if (q.answer.digits > kMaxAnswerDigits) {
            r.error(a + "/digits", "expected a whole number from 0 to " + std::to_string(kMaxAnswerDigits) + ", found " +
                                       std::to_string(q.answer.digits));
            q.answer.digits = kMaxAnswerDigits;
        }
    }
    return q;
}

LessonStep readStep(SpecReader& r, const json& doc, const std::string& path)
{
    LessonStep s;
    const json& step = doc.at(json::json_pointer(path));
    s.view = r.text(path + "/view");
    if (!s.view.empty() && std::find(kViews.begin(), kViews.end(), s.view) == kViews.end())
        r.error(path + "/view", "expected one of " + choices(kViews) + ", found \"" + s.view + "\"");
    if (r.exists(path + "/scenario")) s.scenario = readScenarioPath(r, path + "/scenario");
    s.change = readObject(r, step, "change", path + "/change");
    if (r.exists(path + "/highlight")) s.highlight = r.textList(path + "/highlight");
    readViewOptions(r, step, path, s);
    s.title = readText(r, doc, path + "/title");
    s.caption = readText(r, doc, path + "/caption");
    if (r.exists(path + "/question")) s.question = readQuestion(r, doc, path + "/question");
    if (r.exists(path + "/source")) s.source = r.sourceKey(path + "/source");
    return s;
}

} // namespace

std::span<const std::string_view> lessonViewKeys() noexcept
{
    return kViews;
}

std::span<const std::string_view> lessonSweepAxes() noexcept
{
    return kSweepAxes;
}

std::string_view answerUnitKey(AnswerUnit u) noexcept
{
    for (const UnitKey& k : kUnits)
        if (k.unit == u) return k.key;
    return "count";
}

std::optional<AnswerUnit> answerUnitFromKey(std::string_view key) noexcept
{
    for (const UnitKey& k : kUnits)
        if (k.key == key) return k.unit;
    return std::nullopt;
}

bool isLessonDocument(const json& doc) noexcept
{
    if (!doc.is_object()) return false;
    const auto it = doc.find("format");
    return it != doc.end() && it->is_string() && it->get<std::string>() == kLessonFormat;
}

std::optional<Lesson> parseLesson(const json& doc, const std::string& file, SpecErrors& errors)
{
    const size_t before = errors.size();
    if (!doc.is_object()) {
        errors.push_back({file, "", "expected a JSON object, found " + describeJson(&doc)});
        return std::nullopt;
    }
    SpecReader r(file, doc, errors);
    Lesson lesson;
    lesson.file = file;
    lesson.id = fs::path(file).stem().string();
    if (const std::string format = r.text("/format"); !format.empty() && format != kLessonFormat)
        r.error("/format", "expected \"" + std::string(kLessonFormat) + "\", found \"" + format + "\"");
    lesson.title = readText(r, doc, "/title");
    lesson.summary = readText(r, doc, "/summary");
    for (const auto& [key, citation] : r.sources()) lesson.sources.push_back(key + ": " + citation);
    lesson.minutes = r.wholeNumber("/minutes", 1);
    if (r.exists("/scenario")) lesson.scenario = readScenarioPath(r, "/scenario");
    const json* steps = doc.contains("steps") ? &doc["steps"] : nullptr;
    if (!steps || !steps->is_array() || steps->empty()) {
        r.error("/steps", "expected a non-empty list of steps, found " + describeJson(steps));
        r.consumed("/steps");
    } else {
        for (size_t i = 0; i < steps->size(); ++i) {
            const std::string path = "/steps/" + std::to_string(i);
            if (!(*steps)[i].is_object()) {
                r.error(path, "expected a step object, found " + describeJson(&(*steps)[i]));
                r.consumed(path);
                continue;
            }
            lesson.steps.push_back(readStep(r, doc, path));
        }
        if (lesson.scenario.empty() && !steps->front().contains("scenario"))
            r.error("/steps/0/scenario", "expected a scenario file for the first step (or one for the whole lesson at "
                                         "/scenario), found nothing");
    }
    r.reportUnreadKeys();
    if (errors.size() != before) return std::nullopt;
    return lesson;
}

std::optional<Lesson> loadLessonFile(const fs::path& file, SpecErrors& errors)
{
    const auto doc = readJsonFile(file, errors);
    if (!doc) return std::nullopt;
    return parseLesson(*doc, file.string(), errors);
}

std::vector<Lesson> loadLessons(const fs::path& dir, SpecErrors& errors)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        errors.push_back({dir.string(), "", "expected a directory of lesson *.json files"});
        return {};
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<Lesson> lessons;
    for (const fs::path& f : files)
        if (auto lesson = loadLessonFile(f, errors)) lessons.push_back(std::move(*lesson));
    return lessons;
}

std::optional<fs::path> builtinLessonDir()
{
    std::error_code ec;
    for (const fs::path& root : builtinSpecRoots())
        if (fs::is_directory(root / "lessons", ec)) return root / "lessons";
    return std::nullopt;
}

} // namespace scalescope

#include "lesson_command.h"

#include "cli_args.h"

#include "model/lesson/lesson_reader.h"

#include <iomanip>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

constexpr const char* kLessonHelp = R"(usage: scalescope-cli lesson list [--json] [--lang en|zh_CN]
       scalescope-cli lesson ID -o FILE.pdf [--lang en|zh_CN] [--page a4|letter]

The guided lessons that ship with ScaleScope (specs/lessons; the format is
in docs/lessons.md).
  list      every lesson: id, number of steps, minutes and title; --json
            prints [{"id", "title", "steps", "minutes", "file"}]
  ID        writes the lesson as a slide deck: one landscape page per step
            with the step's title, the view as it stands at that step
            (drawn as `export` draws it, the step's highlight marked) and
            the caption; a question's page adds the prompt and the answer
            the model computes for the step's scenario
  -o FILE   where to write; the name ends in .pdf
  --lang    en or zh_CN (default: the locale's language)
  --page    a4 or letter (default: Letter where the locale measures in
            inches, else A4)
)";

LessonDeckExtension g_deck = nullptr;

int list(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--json", "--help"}, {"--lang"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) {
        out << kLessonHelp;
        return Ok;
    }
    if (!parsed->positional().empty()) {
        err << "error: lesson list takes no arguments, found \"" << parsed->positional().front() << "\"\n";
        return Usage;
    }
    const std::string lang = parsed->value("--lang").value_or("en");
    if (lang != "en" && lang != "zh_CN") {
        err << "error: --lang: expected en or zh_CN, found \"" << lang << "\"\n";
        return Usage;
    }
    const std::vector<Lesson> lessons = shippedLessons(err);
    if (parsed->has("--json")) {
        nlohmann::json j = nlohmann::json::array();
        for (const Lesson& l : lessons)
            j.push_back({{"id", l.id}, {"title", l.title.in(lang)}, {"steps", l.steps.size()}, {"minutes", l.minutes}, {"file", l.file}});
        out << j.dump(2) << "\n";
        return Ok;
    }
    for (const Lesson& l : lessons)
        out << std::left << std::setw(28) << l.id << std::right << std::setw(3) << l.steps.size() << " steps "
            << std::setw(4) << l.minutes << " min  " << l.title.in(lang) << "\n";
    return Ok;
}

} // namespace

void setLessonDeckExtension(LessonDeckExtension extension)
{
    g_deck = extension;
}

std::vector<Lesson> shippedLessons(std::ostream& err)
{
    const auto dir = builtinLessonDir();
    if (!dir) {
        err << "error: no specs/lessons directory next to the program or in the source tree\n";
        return {};
    }
    SpecErrors errors;
    std::vector<Lesson> lessons = loadLessons(*dir, errors);
    for (const SpecError& e : errors) err << "warning: skipped " << e.text() << "\n";
    return lessons;
}

int runLesson(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? err : out) << kLessonHelp;
        return args.empty() ? Usage : Ok;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "list") return list(rest, out, err);
    for (const std::string& a : rest)
        if (a == "--help" || a == "-h") {
            out << kLessonHelp;
            return Ok;
        }
    const std::vector<Lesson> lessons = shippedLessons(err);
    std::vector<std::string> ids;
    for (const Lesson& l : lessons) {
        if (l.id == args[0]) return writeLessonDeck(l, rest, out, err);
        ids.push_back(l.id);
    }
    reportUnknownId("lesson", "lesson", args[0], ids, err);
    return BadInput;
}

int writeLessonDeck(const Lesson& lesson, const Args& args, std::ostream& out, std::ostream& err)
{
    if (g_deck) return g_deck(lesson, args, out, err);
    err << "error: lesson " << lesson.id << ": this scalescope-cli was built without the views (SCALESCOPE_BUILD_GUI=OFF); "
        << "it can list lessons but not draw them\n";
    return BadInput;
}

} // namespace scalescope::cli

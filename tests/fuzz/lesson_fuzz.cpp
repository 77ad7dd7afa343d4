// libFuzzer harness: a lesson file of arbitrary bytes through the lesson
// reader and, when it reads, every step's scenario (its file and the merge
// patches up to the step) and every question's answer against the shipped
// catalog. The lesson is named as if it lay in specs/lessons, so its
// scenario paths resolve to the shipped scenarios. A crash, hang, NaN or
// infinity fails; a refusal must say why.

#include "fuzz_support.h"

#include "model/lesson/lesson_reader.h"
#include "model/lesson/lesson_steps.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

namespace {

void requireSaid(const scalescope::SpecErrors& errors)
{
    for (const auto& e : errors)
        if (e.message.empty() || e.file.empty()) std::abort(); // every problem names the file and what was expected
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace scalescope;
    const auto doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return 0;
    const std::string file = SCALESCOPE_SPECS_DIR "/lessons/fuzz-lesson.json";
    SpecErrors errors;
    const auto lesson = parseLesson(doc, file, errors);
    requireSaid(errors);
    if (!lesson) return 0;
    if (lesson->steps.empty()) std::abort(); // the reader refuses a lesson without steps
    for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
        SpecErrors stepErrors;
        if (!lesson->steps[i].question) {
            (void)lessonScenario(*lesson, i, stepErrors);
            requireSaid(stepErrors);
            continue;
        }
        const auto answer = answerQuestion(*lesson, i, fuzz::shippedCatalog(), stepErrors);
        requireSaid(stepErrors);
        if (!answer) {
            if (stepErrors.empty()) std::abort();
            continue;
        }
        if (!std::isfinite(answer->si) || !std::isfinite(answer->shown) || answer->text.empty()) std::abort();
    }
    return 0;
}

#pragma once
// The slide deck of `scalescope-cli lesson ID -o deck.pdf` (needs Qt; see lesson_command.h).

#include "lesson_command.h"

namespace scalescope::cli {

int runLessonDeck(const Lesson& lesson, const Args& args, std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

#pragma once
// `scalescope-cli lesson list [--json] [--lang en|zh_CN]` and
// `scalescope-cli lesson ID -o deck.pdf [--lang en|zh_CN] [--page a4|letter]`:
// the shipped lessons (specs/lessons) and one of them as a slide deck.

#include "commands.h"

#include "model/lesson/lesson.h"

#include <optional>

namespace scalescope::cli {

int runLesson(const Args& args, std::ostream& out, std::ostream& err);

// The deck writer (GUI builds, lesson_deck_command.cpp): args after ID,
// registered by main() like the bench extensions.
using LessonDeckExtension = int (*)(const Lesson& lesson, const Args& args, std::ostream& out, std::ostream& err);
void setLessonDeckExtension(LessonDeckExtension extension);
int writeLessonDeck(const Lesson& lesson, const Args& args, std::ostream& out, std::ostream& err);

// The lessons that ship (every problem on err; a broken file is left out).
[[nodiscard]] std::vector<Lesson> shippedLessons(std::ostream& err);

} // namespace scalescope::cli

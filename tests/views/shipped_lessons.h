#pragma once
// The lessons shipped in specs/lessons, read without an error (at least the
// eight the workshop needs), for the view tests that walk them.

#include "model/lesson/lesson_reader.h"

#include <catch2/catch.hpp>

#include <vector>

namespace scalescope::testing {

inline std::vector<Lesson> shippedLessons()
{
    SpecErrors errors;
    const auto dir = builtinLessonDir();
    REQUIRE(dir);
    std::vector<Lesson> lessons = loadLessons(*dir, errors);
    REQUIRE(errors.empty());
    REQUIRE(lessons.size() >= 8);
    return lessons;
}

} // namespace scalescope::testing

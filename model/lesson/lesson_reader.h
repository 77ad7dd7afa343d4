#pragma once
// Reads lesson files (specs/lessons/*.json, format "scalescope-lesson/1",
// schema specs/schema/lesson.schema.json). Every problem, an unknown key
// included, becomes "file: /json/path: expected ..., found ..."; a file with
// any problem is left out as a whole.

#include "model/lesson/lesson.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

inline constexpr std::string_view kLessonFormat = "scalescope-lesson/1";

// The views a step may name: the navigator's keys and "sweep".
[[nodiscard]] std::span<const std::string_view> lessonViewKeys() noexcept;
// The axes a sweep step may name in view_options.axis.
[[nodiscard]] std::span<const std::string_view> lessonSweepAxes() noexcept;

// "s", "ms", "us", "%", "GiB", "GB", "TB", "W", "kW", "MW", "count".
[[nodiscard]] std::string_view answerUnitKey(AnswerUnit u) noexcept;
[[nodiscard]] std::optional<AnswerUnit> answerUnitFromKey(std::string_view key) noexcept;

// True when doc says it is a lesson ("format": "scalescope-lesson/1").
[[nodiscard]] bool isLessonDocument(const nlohmann::json& doc) noexcept;

// One lesson document; `file` names it in errors and gives the lesson its id
// (the file name without .json).
[[nodiscard]] std::optional<Lesson> parseLesson(const nlohmann::json& doc, const std::string& file, SpecErrors& errors);
[[nodiscard]] std::optional<Lesson> loadLessonFile(const std::filesystem::path& file, SpecErrors& errors);

// Every *.json directly in dir, sorted by file name (ids are then unique).
[[nodiscard]] std::vector<Lesson> loadLessons(const std::filesystem::path& dir, SpecErrors& errors);

// specs/lessons of the first built-in specs root that has one.
[[nodiscard]] std::optional<std::filesystem::path> builtinLessonDir();

} // namespace scalescope

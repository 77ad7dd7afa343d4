#pragma once
// A lesson: a scripted walk through ScaleScope's views for a workshop, read
// from specs/lessons/*.json (format scalescope-lesson/1, schema
// specs/schema/lesson.schema.json). Each step names a view, optionally a
// scenario to open or a change to apply to the current one, what to
// highlight, a caption, and optionally a "predict, then reveal" question
// whose answer the model computes (a JSON pointer into the evaluation JSON of
// the step's scenario, never a typed-in number).

#include "model/spec/spec_error.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace scalescope {

// Text in both of the program's languages; both are required.
struct LessonText {
    std::string en;
    std::string zhCN; // "zh_CN" in the file

    // The text in `language` ("en" or "zh_CN"; anything else is English).
    [[nodiscard]] const std::string& in(const std::string& language) const noexcept
    {
        return language == "zh_CN" ? zhCN : en;
    }
};

// How a question's answer is shown: the evaluation JSON holds SI values
// (seconds, bytes, watts, fractions); `unit` picks the display scale.
// (Singular names: the plural ones are the unit types of model/spec/units.h.)
enum class AnswerUnit { Second, Millisecond, Microsecond, Percent, GiB, GB, TB, Watt, Kilowatt, Megawatt, Count };

struct LessonAnswer {
    std::string pointer; // JSON pointer into the step scenario's evaluation JSON, e.g. "/mfu"
    AnswerUnit unit = AnswerUnit::Count;
    int digits = 1; // decimals shown
};

struct LessonQuestion {
    LessonText prompt;
    LessonAnswer answer;
    LessonText explanation; // shown after the reveal (may be empty in both languages)
};

struct LessonStep {
    std::string view;                  // navigator key: planner, sharding, chip, sm, rack, power, sweep, ...
    std::string scenario;              // a scenario file relative to the lesson's specs root ("" = keep the current one)
    nlohmann::json change;             // a JSON merge patch (RFC 7386) applied to the scenario (null = none)
    std::vector<std::string> highlight; // element ids in the view: "kind" or "kind:index" (scene items' kind and index)
    nlohmann::json viewOptions;        // per-view settings, e.g. {"axis": "tp"} for the sweep view (null = none)
    LessonText title;
    LessonText caption;
    std::optional<LessonQuestion> question;
    std::string source; // a key of the lesson's sources the caption quotes ("" = none)
};

struct Lesson {
    std::string id;            // the file name without .json; unique
    std::string file;          // where it was read from
    LessonText title;
    LessonText summary;
    std::vector<std::string> sources; // seeds and papers the steps come from ("key: citation", in key order)
    int minutes = 0;                  // about how long the lesson takes in class
    std::string scenario;             // the scenario the lesson opens with ("" = the first step names one)
    std::vector<LessonStep> steps;    // at least one
};

} // namespace scalescope

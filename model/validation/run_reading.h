#pragma once
// What the training and inference validation runs read alike: the files of
// a run directory, the embedded scenario and lists of strings. Problems go to
// errors with the file and JSON path.

#include "model/spec/scenario.h"
#include "model/spec/spec_error.h"
#include "model/spec/spec_reader.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace scalescope {

// Every *.json directly in dir (not in its subdirectories), sorted by file
// name, parsed; a file that is not JSON is left out with an error.
[[nodiscard]] std::vector<std::pair<std::filesystem::path, nlohmann::json>>
readRunFiles(const std::filesystem::path& dir, SpecErrors& errors);

// The optional list of strings at doc[key] (empty when absent).
[[nodiscard]] std::vector<std::string> optionalStringList(SpecReader& r, const nlohmann::json& doc,
                                                          const std::string& key);

// The run's "scenario" object read as a *.scalescope.json, its problems
// prefixed with /scenario; false when it is missing or cannot be read.
bool readRunScenario(SpecReader& r, const nlohmann::json& doc, const std::string& file, SpecErrors& errors,
                     Scenario& out);

// Ids are unique within a set: an error naming the file when `id` is taken.
template <class Run>
bool takeUniqueId(std::vector<Run>& runs, Run&& run, const std::filesystem::path& file, SpecErrors& errors)
{
    for (const Run& o : runs)
        if (o.id == run.id) {
            errors.push_back({file.string(), "/id", "expected an id no other validation run uses, found \"" + run.id + "\""});
            return false;
        }
    runs.push_back(std::move(run));
    return true;
}

} // namespace scalescope

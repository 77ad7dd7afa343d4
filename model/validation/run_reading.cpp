#include "model/validation/run_reading.h"

#include <algorithm>
#include <fstream>

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<std::pair<fs::path, json>> readRunFiles(const fs::path& dir, SpecErrors& errors)
{
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<std::pair<fs::path, json>> docs;
    for (const fs::path& f : files) {
        std::ifstream in(f);
        try {
            docs.emplace_back(f, json::parse(in));
        } catch (const json::exception& e) {
            errors.push_back({f.string(), "", std::string("expected JSON: ") + e.what()});
        }
    }
    return docs;
}

std::vector<std::string> optionalStringList(SpecReader& r, const json& doc, const std::string& key)
{
    std::vector<std::string> out;
    if (!doc.contains(key)) return out;
    const std::string path = "/" + key;
    const json& list = doc[key];
    if (!list.is_array()) {
        r.error(path, "expected a list of strings, found " + describeJson(&list));
        return out;
    }
    for (size_t i = 0; i < list.size(); ++i)
        out.push_back(r.text(path + "/" + std::to_string(i)));
    return out;
}

bool readRunScenario(SpecReader& r, const json& doc, const std::string& file, SpecErrors& errors, Scenario& out)
{
    if (!doc.contains("scenario") || !doc["scenario"].is_object()) {
        r.error("/scenario", "expected a scenario object (the keys of a *.scalescope.json), found " +
                                 describeJson(doc.contains("scenario") ? &doc["scenario"] : nullptr));
        return false;
    }
    r.consumed("/scenario"); // the scenario reader checks its own keys
    SpecErrors scenarioErrors;
    auto scenario = parseScenario(doc["scenario"], file, scenarioErrors);
    for (SpecError& e : scenarioErrors) {
        e.path = "/scenario" + e.path;
        errors.push_back(std::move(e));
    }
    if (scenario) out = std::move(*scenario);
    return scenario.has_value();
}

} // namespace scalescope

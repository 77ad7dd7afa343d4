#include "model/spec/scenario_identity.h"

#include "model/spec/spec_catalog.h"

#include <cstdlib>

namespace scalescope {

namespace {

std::string grouped(long long n)
{
    std::string digits = std::to_string(std::llabs(n));
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<size_t>(i), ",");
    return (n < 0 ? "-" : "") + digits;
}

std::string modelName(const Scenario& s, const SpecCatalog& catalog)
{
    if (s.inlineModel) return s.inlineModel->name;
    const ModelSpec* m = catalog.model(s.model);
    return m ? m->name : s.model;
}

// Replaces the first whole-word occurrence of `from` in text; false if none.
bool replaceWord(std::string& text, const std::string& from, const std::string& to)
{
    if (from.empty() || from == to) return false;
    const auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == ',' || c == '.'; };
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1)) {
        const bool startOk = at == 0 || !isWordChar(text[at - 1]);
        const size_t end = at + from.size();
        const bool endOk = end == text.size() || !isWordChar(text[end]);
        if (startOk && endOk) {
            text.replace(at, from.size(), to);
            return true;
        }
    }
    return false;
}

constexpr const char* kNotePrefix = "Edited from \"";

} // namespace

std::string editedFromNote(const std::string& originalName)
{
    return kNotePrefix + originalName + "\"; the text below describes that setup.";
}

Scenario followIdentity(const Scenario& before, Scenario after, const SpecCatalog& catalog)
{
    const bool modelChanged = before.model != after.model;
    const bool gpusChanged = before.gpus != after.gpus;
    const bool systemChanged = before.system != after.system;
    if (!modelChanged && !gpusChanged && !systemChanged) return after;
    if (after.name == before.name) {
        std::string name = after.name;
        if (modelChanged) replaceWord(name, modelName(before, catalog), modelName(after, catalog));
        if (gpusChanged && !replaceWord(name, grouped(before.gpus), grouped(after.gpus)))
            replaceWord(name, std::to_string(before.gpus), grouped(after.gpus));
        after.name = name;
    }
    // The description was written for the setup the scenario was opened as:
    // say so once, naming it, rather than keep describing something else.
    if (!after.description.empty() && after.description == before.description &&
        after.description.rfind(kNotePrefix, 0) != 0)
        after.description = editedFromNote(before.name) + "\n" + after.description;
    return after;
}

} // namespace scalescope

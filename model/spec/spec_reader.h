#pragma once
// Reads typed, sourced values out of one spec document by JSON pointer,
// collecting every problem instead of stopping at the first, so that a
// user sees all the mistakes of a file at once. A document with any error
// is rejected as a whole by the caller.

#include "model/spec/quantity_parser.h"
#include "model/spec/sourced.h"
#include "model/spec/spec_error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>

namespace scalescope {

class SpecReader final {
public:
    SpecReader(std::string file, const nlohmann::json& doc, SpecErrors& errors);

    [[nodiscard]] const std::string& file() const noexcept { return m_file; }
    [[nodiscard]] const SourceMap& sources() const noexcept { return m_sources; }
    [[nodiscard]] bool exists(const std::string& path) const;
    [[nodiscard]] bool isNull(const std::string& path) const;

    // Plain (unsourced) fields.
    [[nodiscard]] std::string text(const std::string& path);
    [[nodiscard]] std::optional<std::string> optText(const std::string& path);
    [[nodiscard]] bool flag(const std::string& path, bool fallback);
    [[nodiscard]] int wholeNumber(const std::string& path, int minimum);
    [[nodiscard]] std::vector<int> intList(const std::string& path);
    [[nodiscard]] std::vector<std::string> textList(const std::string& path);
    // The keys of an optional object (none when absent; an error when not an object).
    [[nodiscard]] std::vector<std::string> objectKeys(const std::string& path);
    // A list of positive numbers (the rows of a compact sourced table).
    [[nodiscard]] std::vector<double> numberList(const std::string& path);
    // A string naming a key of /sources (the source of a compact table).
    [[nodiscard]] std::string sourceKey(const std::string& path);

    // Sourced numbers: {"value": ..., "source": key}. Counts must be > 0
    // unless allowZero; quantities must have the expected dimension and be > 0.
    [[nodiscard]] Sourced<double> count(const std::string& path, bool allowZero = false);
    [[nodiscard]] Sourced<int> integer(const std::string& path, bool allowZero = false);
    [[nodiscard]] std::optional<Sourced<double>> optCount(const std::string& path);
    [[nodiscard]] std::optional<Sourced<int>> optInteger(const std::string& path);
    [[nodiscard]] Sourced<double> fraction(const std::string& path); // 0 < x <= 1

    template <Dimension D>
    [[nodiscard]] Sourced<Quantity<D>> quantity(const std::string& path)
    {
        Sourced<Quantity<D>> out;
        readSourced(path, D, out.value.si, out.source, out.note, out.alternatives);
        return out;
    }
    template <Dimension D>
    [[nodiscard]] std::optional<Sourced<Quantity<D>>> optQuantity(const std::string& path)
    {
        if (!exists(path) || isNull(path)) return std::nullopt;
        return quantity<D>(path);
    }

    void error(const std::string& path, const std::string& message);
    // After reading: an error for every key of the document that no read
    // touched (a misspelt "memroy_gb" would otherwise be silently ignored),
    // with a "did you mean" among the keys the reader asked for and did not
    // find. Documentation keys ("description", "note", …) are allowed anywhere.
    void reportUnreadKeys();
    // A subtree another reader takes whole (a validation run's scenario).
    void consumed(const std::string& path) { m_read.insert(path); }

private:
    const nlohmann::json* find(const std::string& path) const;
    const nlohmann::json* at(const std::string& path) const; // find, and remember the path as read
    bool readSourced(const std::string& path, Dimension d, double& si, std::string& source, std::string& note,
                     std::vector<AlternativeValue>& alternatives, bool allowZero = false);
    void checkSourceKey(const std::string& path, const nlohmann::json& v);

    std::string m_file;
    const nlohmann::json& m_doc;
    SpecErrors& m_errors;
    SourceMap m_sources;
    mutable std::set<std::string, std::less<>> m_read, m_missed;
};

// A short description of a JSON value for error messages: "the string \"x\"",
// "the number 3", "an object", "nothing".
[[nodiscard]] std::string describeJson(const nlohmann::json* v);

// A document's top-level "kind" when it is an object whose kind is a string,
// else "": a file of any shape can be asked what it is without throwing.
[[nodiscard]] std::string documentKind(const nlohmann::json& doc);

} // namespace scalescope

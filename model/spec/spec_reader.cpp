#include "model/spec/spec_reader.h"

#include "model/spec/spelling.h"

#include <cmath>
#include <functional>

namespace scalescope {

using nlohmann::json;

std::string describeJson(const json* v)
{
    if (!v) return "nothing";
    switch (v->type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v->get<bool>() ? "true" : "false";
    case json::value_t::string: return "the string \"" + v->get<std::string>() + "\"";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "the number " + v->dump();
    case json::value_t::object: return "an object";
    case json::value_t::array: return "a list";
    default: return "an unreadable value";
    }
}

std::string documentKind(const json& doc)
{
    if (!doc.is_object()) return {};
    const auto it = doc.find("kind");
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

SpecReader::SpecReader(std::string file, const json& doc, SpecErrors& errors)
    : m_file(std::move(file)), m_doc(doc), m_errors(errors)
{
    const json* s = at("/sources");
    if (!s || !s->is_object() || s->empty()) {
        error("/sources", "expected an object mapping source keys to citations, found " + describeJson(s));
        return;
    }
    for (const auto& [key, citation] : s->items()) {
        if (!citation.is_string() || citation.get<std::string>().empty())
            error("/sources/" + key, "expected a citation string, found " + describeJson(&citation));
        else
            m_sources[key] = citation.get<std::string>();
    }
}

const json* SpecReader::find(const std::string& path) const
{
    try {
        const json::json_pointer p(path);
        if (!m_doc.contains(p)) return nullptr;
        return &m_doc.at(p);
    } catch (const json::exception&) {
        return nullptr;
    }
}

const json* SpecReader::at(const std::string& path) const
{
    const json* v = find(path);
    (v ? m_read : m_missed).insert(path);
    return v;
}

// Asking whether a scalar or null is there counts as reading it ("superchips":
// null means "none"); an object or list counts only through the keys read in it.
bool SpecReader::exists(const std::string& path) const
{
    const json* v = find(path);
    if (!v) m_missed.insert(path);
    else if (!v->is_structured()) m_read.insert(path);
    return v != nullptr;
}

bool SpecReader::isNull(const std::string& path) const
{
    const json* v = find(path);
    if (v && !v->is_structured()) m_read.insert(path);
    return v && v->is_null();
}

void SpecReader::reportUnreadKeys()
{
    // Text for people, read by nobody: allowed anywhere.
    static const std::set<std::string, std::less<>> kDocumentation{"$schema", "kind", "description", "note", "notes", "comment"};
    const auto readBelow = [&](const std::string& prefix) {
        const auto it = m_read.lower_bound(prefix + "/");
        return it != m_read.end() && it->compare(0, prefix.size() + 1, prefix + "/") == 0;
    };
    // The keys of `parent` a read asked for, found or not: a misspelt key
    // beside its correct twin still gets a suggestion.
    const auto askedFor = [&](const std::string& parent) {
        std::vector<std::string> keys;
        for (const auto* paths : {&m_missed, &m_read})
            for (const auto& asked : *paths)
                if (asked.size() > parent.size() + 1 && asked.compare(0, parent.size() + 1, parent + "/") == 0 &&
                    asked.find('/', parent.size() + 1) == std::string::npos)
                    keys.push_back(asked.substr(parent.size() + 1));
        return keys;
    };
    std::function<void(const std::string&, const json&)> walk = [&](const std::string& path, const json& v) {
        if (!v.is_object() && !v.is_array()) return;
        std::size_t index = 0;
        for (const auto& [key, child] : v.items()) {
            const std::string childPath = path + "/" + (v.is_array() ? std::to_string(index++) : (json::json_pointer() / key).to_string().substr(1));
            if (m_read.count(childPath)) continue;
            if (readBelow(childPath)) walk(childPath, child);
            else if (v.is_object() && !kDocumentation.count(key) && !(path.empty() && key == "sources"))
                error(childPath, unknownKeyMessage(key, askedFor(path), false));
        }
    };
    walk("", m_doc);
}

void SpecReader::error(const std::string& path, const std::string& message)
{
    m_errors.push_back({m_file, path, message});
}

std::string SpecReader::text(const std::string& path)
{
    const json* v = at(path);
    if (!v || !v->is_string() || v->get<std::string>().empty()) {
        error(path, "expected a non-empty string, found " + describeJson(v));
        return {};
    }
    return v->get<std::string>();
}

std::optional<std::string> SpecReader::optText(const std::string& path)
{
    const json* v = at(path);
    if (!v || v->is_null()) return std::nullopt;
    return text(path);
}

bool SpecReader::flag(const std::string& path, bool fallback)
{
    const json* v = at(path);
    if (!v || v->is_null()) return fallback;
    if (!v->is_boolean()) {
        error(path, "expected true or false, found " + describeJson(v));
        return fallback;
    }
    return v->get<bool>();
}

int SpecReader::wholeNumber(const std::string& path, int minimum)
{
    const json* v = at(path);
    if (!v || !v->is_number_integer() || v->get<long long>() < minimum) {
        error(path, "expected a whole number >= " + std::to_string(minimum) + ", found " + describeJson(v));
        return minimum;
    }
    return v->get<int>();
}

std::vector<int> SpecReader::intList(const std::string& path)
{
    std::vector<int> out;
    const json* v = at(path);
    if (!v || !v->is_array()) {
        error(path, "expected a list of whole numbers, found " + describeJson(v));
        return out;
    }
    for (size_t i = 0; i < v->size(); ++i) {
        const json& e = (*v)[i];
        if (!e.is_number_integer() || e.get<long long>() < 0) {
            error(path + "/" + std::to_string(i), "expected a whole number >= 0, found " + describeJson(&e));
            continue;
        }
        out.push_back(e.get<int>());
    }
    return out;
}

std::vector<std::string> SpecReader::textList(const std::string& path)
{
    std::vector<std::string> out;
    const json* v = at(path);
    if (!v || !v->is_array() || v->empty()) {
        error(path, "expected a non-empty list of strings, found " + describeJson(v));
        return out;
    }
    for (size_t i = 0; i < v->size(); ++i)
        out.push_back(text(path + "/" + std::to_string(i)));
    return out;
}

std::vector<std::string> SpecReader::objectKeys(const std::string& path)
{
    std::vector<std::string> out;
    const json* v = at(path);
    if (!v) return out;
    if (!v->is_object()) {
        error(path, "expected an object, found " + describeJson(v));
        return out;
    }
    for (const auto& item : v->items())
        out.push_back(item.key());
    return out;
}

std::vector<double> SpecReader::numberList(const std::string& path)
{
    std::vector<double> out;
    const json* v = at(path);
    if (!v || !v->is_array() || v->empty()) {
        error(path, "expected a non-empty list of numbers, found " + describeJson(v));
        return out;
    }
    for (size_t i = 0; i < v->size(); ++i) {
        const json& e = (*v)[i];
        if (!e.is_number() || !std::isfinite(e.get<double>()) || e.get<double>() <= 0) {
            error(path + "/" + std::to_string(i), "expected a positive number, found " + describeJson(&e));
            out.push_back(1.0);
            continue;
        }
        out.push_back(e.get<double>());
    }
    return out;
}

std::string SpecReader::sourceKey(const std::string& path)
{
    const json* v = at(path);
    if (!v) {
        error(path, "expected the key of a citation in /sources, found nothing");
        return {};
    }
    checkSourceKey(path, *v);
    return v->is_string() ? v->get<std::string>() : std::string();
}

void SpecReader::checkSourceKey(const std::string& path, const json& v)
{
    if (!v.is_string()) {
        error(path, "expected the key of a citation in /sources, found " + describeJson(&v));
        return;
    }
    if (m_sources.count(v.get<std::string>()) == 0) {
        std::string keys;
        for (const auto& [k, _] : m_sources) keys += (keys.empty() ? "" : ", ") + k;
        error(path, "expected one of the keys of /sources (" + keys + "), found \"" + v.get<std::string>() + "\"");
    }
}

bool SpecReader::readSourced(const std::string& path, Dimension d, double& si, std::string& source, std::string& note,
                             std::vector<AlternativeValue>& alternatives, bool allowZero)
{
    const json* v = at(path);
    if (!v || !v->is_object() || !v->contains("value")) {
        error(path, "expected an object {\"value\": ..., \"source\": ...}, found " + describeJson(v));
        return false;
    }
    const json& value = (*v)["value"];
    const std::string valuePath = path + "/value";
    bool ok = true;
    if (d == Dimension::Count) {
        if (!value.is_number()) {
            error(valuePath, "expected a number, found " + describeJson(&value));
            ok = false;
        } else {
            si = value.get<double>();
        }
    } else if (!value.is_string()) {
        error(valuePath, "expected " + std::string(dimensionName(d)) + " written as a string with a unit, found " +
                             describeJson(&value));
        ok = false;
    } else {
        const QuantityParse p = parseQuantity(value.get<std::string>(), d);
        if (!p) {
            error(valuePath, p.error);
            ok = false;
        } else {
            si = p.quantity->si;
        }
    }
    if (ok && (!std::isfinite(si) || si < 0 || (!allowZero && si == 0))) {
        error(valuePath, std::string("expected a ") + (allowZero ? "non-negative" : "positive") + " value, found " +
                             describeJson(&value));
        ok = false;
    }
    if (!v->contains("source")) {
        error(path + "/source", "expected the key of a citation in /sources, found nothing");
        ok = false;
    } else {
        checkSourceKey(path + "/source", (*v)["source"]);
        if ((*v)["source"].is_string()) source = (*v)["source"].get<std::string>();
    }
    if (v->contains("note")) {
        if ((*v)["note"].is_string()) note = (*v)["note"].get<std::string>();
        else error(path + "/note", "expected a string, found " + describeJson(&(*v)["note"]));
    }
    if (v->contains("alternatives")) {
        const json& alts = (*v)["alternatives"];
        if (!alts.is_array()) {
            error(path + "/alternatives", "expected a list of {\"value\", \"source\"}, found " + describeJson(&alts));
        } else {
            for (size_t i = 0; i < alts.size(); ++i) {
                const std::string ap = path + "/alternatives/" + std::to_string(i);
                const json& a = alts[i];
                if (!a.is_object() || !a.contains("value") || !a.contains("source")) {
                    error(ap, "expected an object {\"value\": ..., \"source\": ...}, found " + describeJson(&a));
                    continue;
                }
                checkSourceKey(ap + "/source", a["source"]);
                AlternativeValue alt;
                alt.value = a["value"].is_string() ? a["value"].get<std::string>() : a["value"].dump();
                if (a["source"].is_string()) alt.source = a["source"].get<std::string>();
                if (a.contains("note") && a["note"].is_string()) alt.note = a["note"].get<std::string>();
                if (a["value"].is_string() && d != Dimension::Count) {
                    const QuantityParse p = parseQuantity(alt.value, d);
                    if (!p) error(ap + "/value", p.error);
                }
                alternatives.push_back(std::move(alt));
            }
        }
    }
    return ok;
}

Sourced<double> SpecReader::count(const std::string& path, bool allowZero)
{
    Sourced<double> out;
    readSourced(path, Dimension::Count, out.value, out.source, out.note, out.alternatives, allowZero);
    return out;
}

Sourced<int> SpecReader::integer(const std::string& path, bool allowZero)
{
    const Sourced<double> c = count(path, allowZero);
    constexpr double kMaxInteger = 1 << 30; // far beyond any count a spec holds; keeps products in range
    if (c.value != std::floor(c.value) || std::abs(c.value) > kMaxInteger) { // also a negative one (an error of count)
        error(path + "/value", "expected a whole number up to " + formatSignificant(kMaxInteger, 10) + ", found " +
                                   formatSignificant(c.value, 6));
        return {0, c.source, c.note, c.alternatives};
    }
    return {static_cast<int>(c.value), c.source, c.note, c.alternatives};
}

std::optional<Sourced<double>> SpecReader::optCount(const std::string& path)
{
    if (!exists(path) || isNull(path)) return std::nullopt;
    return count(path);
}

std::optional<Sourced<int>> SpecReader::optInteger(const std::string& path)
{
    if (!exists(path) || isNull(path)) return std::nullopt;
    return integer(path);
}

Sourced<double> SpecReader::fraction(const std::string& path)
{
    Sourced<double> c = count(path);
    if (c.value > 1.0) error(path + "/value", "expected a fraction in (0, 1], found " + formatSignificant(c.value, 6));
    return c;
}

} // namespace scalescope

#pragma once
// Field access for parseScenario and its block readers (scenario.cpp,
// scenario_inference.cpp): every problem becomes "file: /path: expected ...,
// found ..." in the caller's error list. Internal to model/spec.

#include "model/spec/precision.h"
#include "model/spec/spec_error.h"
#include "model/spec/quantity_parser.h"
#include "model/spec/spec_reader.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <utility>

namespace scalescope {

// Sequences in a batch and tokens in a prompt, an output or a KV block: far
// beyond any served model, small enough that products stay exact.
inline constexpr long long kMaxInferenceTokens = 1LL << 24;
// Any other count of a scenario (sequence length, batch, parallel degree):
// products of counts stay far inside 64 bits.
inline constexpr long long kMaxScenarioCount = 1LL << 30;

// Field access with "file: /path: expected ..., found ..." errors.
class ScenarioReader {
public:
    ScenarioReader(const nlohmann::json& doc, std::string file, SpecErrors& errors) : m_doc(doc), m_file(std::move(file)), m_errors(errors) {}

    const nlohmann::json* at(const std::string& path) const
    {
        const nlohmann::json::json_pointer p(path);
        return m_doc.contains(p) ? &m_doc.at(p) : nullptr;
    }
    void error(const std::string& path, const std::string& message) { m_errors.push_back({m_file, path, message}); }

    std::string text(const std::string& path, const std::string& fallback, bool required = false)
    {
        const nlohmann::json* v = at(path);
        if (!v) {
            if (required) error(path, "expected a string, found nothing");
            return fallback;
        }
        if (!v->is_string()) {
            error(path, "expected a string, found " + describeJson(v));
            return fallback;
        }
        return v->get<std::string>();
    }
    // A whole number in [minimum, maximum]; the default maximum keeps every
    // count and product of counts the model forms within range.
    long long whole(const std::string& path, long long fallback, long long minimum, bool required = false,
                    long long maximum = kMaxScenarioCount)
    {
        const nlohmann::json* v = at(path);
        const auto expected = "expected a whole number from " + std::to_string(minimum) + " to " + std::to_string(maximum);
        if (!v) {
            if (required) error(path, expected + ", found nothing");
            return fallback;
        }
        const double d = v->is_number() ? v->get<double>() : 0;
        if (!v->is_number() || d < static_cast<double>(minimum) || d > static_cast<double>(maximum) || d != std::floor(d)) {
            error(path, expected + ", found " + describeJson(v));
            return fallback;
        }
        return static_cast<long long>(d);
    }
    double number(const std::string& path, double fallback, double minimum, bool strictlyAbove = false)
    {
        const nlohmann::json* v = at(path);
        if (!v) return fallback;
        const bool bad = !v->is_number() || v->get<double>() < minimum || (strictlyAbove && v->get<double>() == minimum);
        if (bad) {
            error(path, std::string("expected a number ") + (strictlyAbove ? "> " : ">= ") + formatSignificant(minimum, 6) +
                            ", found " + describeJson(v));
            return fallback;
        }
        return v->get<double>();
    }
    bool flag(const std::string& path, bool fallback)
    {
        const nlohmann::json* v = at(path);
        if (!v) return fallback;
        if (!v->is_boolean()) {
            error(path, "expected true or false, found " + describeJson(v));
            return fallback;
        }
        return v->get<bool>();
    }

private:
    const nlohmann::json& m_doc;
    std::string m_file;
    SpecErrors& m_errors;
};

inline Precision readPrecision(ScenarioReader& r, const std::string& path, Precision fallback)
{
    const std::string key = r.text(path, std::string(precisionKey(fallback)));
    const auto p = precisionFromKey(key);
    if (!p || (*p != Precision::Bf16 && *p != Precision::Fp16 && *p != Precision::Fp8 && *p != Precision::Fp4)) {
        r.error(path, "expected one of \"bf16\", \"fp16\", \"fp8\", \"fp4\", found \"" + key + "\"");
        return fallback;
    }
    return *p;
}

struct Scenario;

// The "inference" block (scenario_inference.cpp): its keys, nested blocks
// included, into s.inference.
void readInferenceBlock(ScenarioReader& r, Scenario& s);

} // namespace scalescope

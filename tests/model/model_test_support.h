#pragma once
// Shared by the cost-model tests: the built-in catalog and scenario contexts.

#include "model/training/evaluation_context.h"
#include "model/spec/spec_catalog.h"
#include "model/validation/context_ceiling.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace scalescope::testing {

inline const SpecCatalog& catalog()
{
    static const SpecCatalog c = [] {
        SpecErrors errors;
        return SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {}, errors);
    }();
    return c;
}

inline Scenario presetScenario(const std::string& name)
{
    SpecErrors errors;
    auto s = loadScenarioFile(std::string(SCALESCOPE_SPECS_DIR) + "/scenarios/" + name + ".scalescope.json", errors);
    for (const auto& e : errors) UNSCOPED_INFO(e.text());
    REQUIRE(s);
    return *s;
}

inline EvaluationContext contextFor(const Scenario& s)
{
    SpecErrors errors;
    auto ctx = makeEvaluationContext(s, catalog(), errors);
    for (const auto& e : errors) UNSCOPED_INFO(e.text());
    REQUIRE(ctx);
    setPublishedMfuCeiling(*ctx, catalog());
    return *ctx;
}

// The JSON paths of the errors reading `doc` as a scenario reports, in
// order; empty when it reads (the scenario is then discarded).
inline std::vector<std::string> scenarioErrorPaths(const nlohmann::json& doc)
{
    SpecErrors errors;
    const bool read = parseScenario(doc, "bad.scalescope.json", errors).has_value();
    std::vector<std::string> paths;
    for (const auto& e : errors) paths.push_back(e.path);
    if (read && paths.empty()) return {};
    return paths.empty() ? std::vector<std::string>{"(rejected without an error)"} : paths;
}

// Whether the evaluation raised warning `c`.
inline bool hasWarning(const Evaluation& e, WarningCode c)
{
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)].code == c) return true;
    return false;
}

// The first row of an operation in a phase, or null.
inline const OpRow* findRow(const Evaluation& e, OpKind op, Phase phase)
{
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase) return &r;
    return nullptr;
}

// The first dense-layer row of an operation in a phase, or null.
inline const OpRow* findDenseRow(const Evaluation& e, OpKind op, Phase phase)
{
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase && r.scope == OpScope::DenseLayer) return &r;
    return nullptr;
}

// A training scenario with the given layout on a system.
inline Scenario makeScenario(const std::string& system, long long gpus, const std::string& model, int tp, int pp, int dp,
                             int globalBatch, int seqLen = 8192)
{
    Scenario s;
    s.name = "test";
    s.system = system;
    s.gpus = gpus;
    s.model = model;
    s.training.seqLen = seqLen;
    s.training.globalBatch = globalBatch;
    s.training.precision = Precision::Bf16;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.parallel.dp = dp;
    s.efficiency = EfficiencyMode::Theoretical;
    return s;
}

} // namespace scalescope::testing

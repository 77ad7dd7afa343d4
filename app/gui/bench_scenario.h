#pragma once
// The scenario the GUI benchmarks use: LLaMA-3 405B on 16,384 H100 with
// pp = 16 and, at a global batch of 8,192 sequences and dp = 128, 64
// micro-batches per pipeline, plain 1F1B with every layer recomputed: 2,048
// pipeline operations per step (issue 5's responsiveness target). The preset
// itself has run interleaved since 2026-11-25 (vpp 4: four times the
// operations); the benchmark keeps the workload its figures were set on.

#include "model/spec/scenario.h"
#include "model/spec/spec_catalog.h"

#include <optional>
#include <string>

namespace scalescope {

// The path of a shipped scenario (specs/scenarios/`name`), the last root's.
[[nodiscard]] inline std::string builtinScenarioPath(const std::string& name)
{
    std::string path;
    for (const auto& root : builtinSpecRoots()) path = (root / "scenarios" / name).string();
    return path;
}

// The scenario the inference latency is measured on: LLaMA-3 70B served on 8 H100 (TP 8).
inline const std::string kBenchInferenceScenario = "llama3-70b-inference-8xh100.scalescope.json";

// `file` empty: the built-in 16,384-GPU preset with the batch above.
[[nodiscard]] inline std::optional<Scenario> loadBenchScenario(const std::string& file = {})
{
    const std::string path = file.empty() ? builtinScenarioPath("llama3-405b-16k-h100.scalescope.json") : file;
    SpecErrors errors;
    auto scenario = loadScenarioFile(path, errors);
    if (scenario && file.empty()) {
        scenario->training.globalBatch = 8192;
        scenario->parallel.schedule = Schedule::OneFOneB;
        scenario->parallel.vpp = 1;
        scenario->training.recomputeLayers = 0;
    }
    return scenario;
}

} // namespace scalescope

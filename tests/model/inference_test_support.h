#pragma once
// Shared by the inference serving tests: scenarios and lookups.

#include "model_test_support.h"

#include "model/inference/inference_step.h"

#include <string>

namespace scalescope::testing {

inline Scenario serving(const char* system, const char* model, long long gpus, int tp, int batch, int prompt,
                        int output, Precision precision = Precision::Bf16)
{
    Scenario s;
    s.name = "serve";
    s.system = system;
    s.gpus = gpus;
    s.model = model;
    s.mode = Mode::Inference;
    s.parallel.tp = tp;
    s.parallel.dp = static_cast<int>(gpus / tp);
    s.inference.batch = batch;
    s.inference.promptTokens = prompt;
    s.inference.outputTokens = output;
    s.inference.precision = precision;
    return s;
}

inline Scenario llama70b(int batch, int prompt, int output)
{
    return serving("dgx-h100-superpod", "llama3-70b", 8, 8, batch, prompt, output);
}

inline const OpRow* findRow(const InferenceEvaluation& e, OpKind op, Phase phase)
{
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase) return &r;
    return nullptr;
}

inline double phaseFlops(const InferenceEvaluation& e, OpKind op, Phase phase)
{
    double f = 0;
    for (const OpRow& r : e.ops)
        if (r.op == op && r.phase == phase) f += r.flops.si * r.count;
    return f;
}

inline bool hasWarning(const InferenceEvaluation& e, InferenceWarning w)
{
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)] == w) return true;
    return false;
}

} // namespace scalescope::testing

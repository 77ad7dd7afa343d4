#pragma once
// The evaluation JSON of an inference scenario (DESIGN.md's keys, SI units):
// ttft_s, tpot_s, kv_cache_B, kv_cache_per_gpu_B, max_batch,
// tokens_per_s_per_user, output_tokens_per_s, tokens_per_s_per_gpu,
// energy_per_token_J, memory_per_gpu (with kv_cache_B), warnings, and the
// per-operation breakdown of the prefill and decode passes.

#include "model/core/resolved_system.h"
#include "model/inference/inference_evaluation.h"
#include "model/inference/inference_warning_texts.h" // the words of its warnings

#include <nlohmann/json.hpp>

#include <string>

namespace scalescope {

[[nodiscard]] nlohmann::json inferenceToJson(const ResolvedSystem& sys, const InferenceEvaluation& e);

// "breakdown": one row per operation and pass of the bottleneck stage, with
// the source of its efficiency (calibration key and citation, or the
// assumption it rests on) and its share of the pass.
[[nodiscard]] nlohmann::json inferenceBreakdownJson(const ResolvedSystem& sys, const InferenceEvaluation& e);

} // namespace scalescope

#pragma once
// Serving one batch of requests on a parallel layout (inference_evaluation.h):
//
//   TTFT = pp · (the bottleneck stage's prefill of the batch: its compute rows
//          and its tp and ep collectives) + (pp − 1) · one stage-to-stage send
//   TPOT = the same for one decode step at the mean KV length P + O/2: a
//          step's time is affine in its KV length (only attention grows), so
//          the step at the mean length is the exact mean over the O − 1
//          decode steps (KV lengths P + 1 … P + O − 1)
//   output tokens/s = dp · B · O / (TTFT + (O − 1) · TPOT): each replica
//          prefills and decodes its batch in turn (continuous batching's
//          steady state with prefill and decode sharing the GPUs)
// Collectives: two tensor-parallel AllReduces per layer and pass (after the
// attention output and the MLP down projection), an expert dispatch and
// combine AllToAll per MoE layer, one send per stage boundary. Prefill
// messages are costed by the collective model in the scenario's mode;
// decode messages are far below the sizes the NCCL calibration measured,
// so they are costed at link rate plus the cited per-step latency
// (theoretical mode), a row labelled as an assumption. A pipeline runs one
// batch at a time: its stages add to TTFT and TPOT.
//
// Serving options (docs/inference.md; inference_pass_time.h for the passes):
//   prefill_chunk  TTFT = Σ chunks + (pp − 1) · (largest chunk + send)
//   speculative    decode step = verify pass over k + 1 positions + k draft
//                  passes; TPOT = step / ((1 − a^(k+1)) / (1 − a))
//   disaggregated  TTFT = prefill on the prefill pool + the KV transfer on
//                  the tier between the pools; output tokens/s =
//                  O · min(dp_prefill · B / prefill, dp_decode · B / ((O − 1) · TPOT))
//   kv_offload     decode attention streams the spilled KV over NVLink-C2C
// Cost per million output tokens: the power model's energy and GPU time of
// one cycle (energy_model.h) at the facility's prices, in its currency.

#include "model/core/resolved_system.h"
#include "model/inference/inference_evaluation.h"

#include <string>

namespace scalescope {

// Evaluates the scenario's inference block on `layout` with `batch`
// sequences per replica (0: the scenario's batch, or max_batch for "max").
[[nodiscard]] InferenceEvaluation evaluateInference(const ResolvedSystem& sys, const ParallelLayout& layout,
                                                    int batch = 0);
[[nodiscard]] inline InferenceEvaluation evaluateInference(const ResolvedSystem& sys)
{
    return evaluateInference(sys, sys.scenario.parallel);
}

// Source label of the decode collectives' rows.
[[nodiscard]] const std::string& decodeCollectiveAssumption() noexcept;

} // namespace scalescope

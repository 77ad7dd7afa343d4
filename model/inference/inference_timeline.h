#pragma once
// The prefill or the decode pass of an inference evaluation as a timeline,
// for the planner's timeline view: every pipeline stage runs the bottleneck
// stage's rows of the pass (inference_step.h prices all stages as it), one
// layer after another, each layer's compute rows on the compute lane and its
// tensor- and expert-parallel collectives on their lanes, in the operation
// table's order; the stage's own rows (embedding first; final norm and
// logits last) around the layers; then the send to the next stage. The
// stages run one after another (a pipeline serves one batch at a time), so
// the timeline ends at TTFT (prefill) or TPOT (decode). Nothing is priced
// here: every span is a row's time from the evaluation.

#include "model/inference/inference_evaluation.h"
#include "model/inference/inference_passes.h"
#include "model/core/timeline_events.h"

namespace scalescope {

// Events of one pass (Phase::Prefill or Phase::Decode) of an evaluated
// inference (e.ok). `layers` are the bottleneck stage's (bottleneckStageLayers):
// a layer row's time is split evenly over them (a fractional count rounds
// up, so the spans still sum to the row's time).
[[nodiscard]] Timeline buildInferenceTimeline(const InferenceEvaluation& e, Phase pass, StageLayers layers);

} // namespace scalescope

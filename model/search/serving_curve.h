#pragma once
// The throughput–latency curve of one serving layout: the batch swept over
// 1, 2, 4, … and the largest batch that fits (max_batch), each point one
// evaluateInference at that batch. Read left to right in tokens/s per user
// (1 / TPOT, falling as the batch grows) against output tokens/s per GPU
// (rising until memory is full): the trade a serving deployment picks from.

#include "model/inference/inference_evaluation.h"
#include "model/spec/scenario.h"

#include <string>
#include <vector>

namespace scalescope {

struct ResolvedSystem;

struct ServingPoint {
    int batch = 0;                // sequences per replica
    double tokensPerSPerGpu = 0;  // output tokens/s per GPU
    double tokensPerSPerUser = 0; // 1 / tpot
    Seconds ttft{}, tpot{};
    bool fits = false; // weights + KV + activations within usable HBM
};

struct ServingCurve {
    bool ok = false;
    std::string error, errorPath; // why the layout cannot serve (the evaluation's)
    ParallelLayout layout;
    int maxBatch = 0;
    std::vector<ServingPoint> points; // ascending batch
};

// Batches 1, 2, 4, … below max_batch, then max_batch itself (none when not
// even one sequence fits).
[[nodiscard]] std::vector<int> servingBatches(int maxBatch);

[[nodiscard]] ServingPoint servingPoint(const InferenceEvaluation& e) noexcept;

// The curve of `layout` on the scenario's inference block.
[[nodiscard]] ServingCurve servingCurve(const ResolvedSystem& sys, const ParallelLayout& layout);

// What the throughput–latency chart compares: the scenario's own layout's
// curve first, then the curves of the `others` best layouts of the serving
// search (throughput objective, `limits`) that differ from it in tp, pp, dp
// or ep.
struct ServingLimits;
[[nodiscard]] std::vector<ServingCurve> servingCurvesToCompare(const ResolvedSystem& sys, const ServingLimits& limits,
                                                               int others);

} // namespace scalescope

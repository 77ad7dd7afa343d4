#include "model/inference/inference_memory.h"

#include "model/compute/kernel_costs.h"
#include "model/core/params_per_gpu.h"
#include "model/core/transformer_cost.h"
#include "model/inference/kv_cache.h"
#include "model/memory/usable_memory.h"

#include <algorithm>
#include <cmath>

namespace scalescope {

InferenceMemoryShape inferenceMemoryShape(const ResolvedSystem& sys, const ParallelLayout& p, ServingRole role) noexcept
{
    const InferenceSettings& in = sys.scenario.inference;
    const ModelSpec& m = sys.model;
    const ModelCost mc = modelCost(m, in.promptTokens);
    const ParamsPerGpu params = paramsPerGpu(mc, m, p);
    InferenceMemoryShape out;
    out.weights = Bytes{(params.dense + params.expert) * bytesPerElement(in.precision)};

    const double stageLayers = std::ceil(static_cast<double>(m.layers.value) / p.pp);
    const double kept = role == ServingRole::PrefillPool ? 0 : in.outputTokens; // a prefill pool hands the KV on
    const double tokens = pagedTokens(static_cast<double>(in.promptTokens) + kept, in.kvBlockTokens);
    out.kvPerSequence = Bytes{tokens * stageLayers * kvBytesPerTokenPerLayerPerGpu(m, in.kv(), p.tp)};

    // The widest MLP a token passes through on this GPU: the dense FFN, or a
    // MoE layer's top-k experts and shared experts.
    const double gates = m.ffnType == FfnType::SwiGlu ? 2 : 1;
    double ffn = m.ffn.value;
    if (m.moe) {
        const double moeFfn = m.moe->expertFfn.value * (m.moe->topK.value + m.moe->sharedExperts.value);
        ffn = mc.denseLayers > 0 ? std::max(ffn, moeFfn) : moeFfn;
    }
    const double perToken = (m.hidden.value + (gates + 1) * ffn / p.tp) * kActivationBytes;
    double live = in.prefillChunk > 0 ? std::min(in.prefillChunk, in.promptTokens) : in.promptTokens;
    if (role == ServingRole::DecodePool) live = in.speculative ? in.speculative->draftTokens + 1.0 : 1.0;
    out.activationsPerSequence = Bytes{live * perToken};

    const int communicators = (p.tp > 1) + (p.pp > 1) + (p.ep > 1);
    const UsableHbm hbm =
        usableHbm(sys.gpu.hbm.capacityUsable.value, sys.memoryReserve ? &*sys.memoryReserve : nullptr, communicators);
    out.usable = hbm.usable;
    out.reserved = hbm.capacity - hbm.usable;
    if (in.kvOffload && sys.superchip && sys.superchip->gpus.value > 0)
        out.spillCapacity = sys.superchip->lpddr5xCapacity.value / static_cast<double>(sys.superchip->gpus.value);
    return out;
}

InferenceMemory inferenceMemory(const InferenceMemoryShape& shape, int batch) noexcept
{
    InferenceMemory out;
    out.weights = shape.weights;
    out.kvCache = shape.kvPerSequence * static_cast<double>(batch);
    out.activations = shape.activationsPerSequence * static_cast<double>(batch);
    out.spillCapacity = shape.spillCapacity;
    Bytes inHbm = out.kvCache;
    if (shape.spillCapacity.si > 0) {
        const Bytes room = shape.usable - shape.weights - out.activations;
        inHbm = Bytes{std::clamp(room.si, 0.0, out.kvCache.si)};
    }
    out.kvSpilled = out.kvCache - inHbm;
    out.total = out.weights + inHbm + out.activations;
    out.capacity = shape.usable;
    out.reserved = shape.reserved;
    out.fits = out.total <= out.capacity && out.kvSpilled <= out.spillCapacity;
    return out;
}

int maxBatch(const InferenceMemoryShape& shape) noexcept
{
    const double perSequence = (shape.kvPerSequence + shape.activationsPerSequence).si;
    const double free = (shape.usable - shape.weights).si;
    const double spill = shape.spillCapacity.si, activations = shape.activationsPerSequence.si;
    if (free + spill < perSequence || perSequence <= 0) return 0;
    // Closed form, then stepped to the exact edge (rounding of the products).
    double estimate = (free + spill) / perSequence;
    if (spill > 0 && activations > 0) estimate = std::min(estimate, free / activations);
    int b = static_cast<int>(std::clamp(estimate, 0.0, 1e9));
    while (b > 0 && !inferenceMemory(shape, b).fits)
        --b;
    while (b < 1'000'000'000 && inferenceMemory(shape, b + 1).fits)
        ++b;
    return b;
}

} // namespace scalescope

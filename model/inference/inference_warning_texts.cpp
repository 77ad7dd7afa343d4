#include "model/inference/inference_warning_texts.h"

#include "model/spec/quantity_parser.h"

#include <array>

namespace scalescope {

namespace {

// Marks a text for the translators (installer/update-translations.sh reads
// these calls as QT_TRANSLATE_NOOP); the model keeps the English text.
constexpr const char* translatable(const char* /*context*/, const char* text) noexcept { return text; }

struct InferenceWarningRow {
    InferenceWarning warning;
    const char* key;
    const char* text;
};

// In InferenceWarning order.
constexpr std::array<InferenceWarningRow, 10> kTexts{{
    {InferenceWarning::DoesNotFit, "does_not_fit",
     translatable("Verdicts", "does not fit: %1 per GPU of weights, KV cache and activations against %2 of usable HBM")},
    {InferenceWarning::DecodeGemmBelowMeasured, "gemm_below_measured",
     translatable("Verdicts", "GEMMs of %1 tokens lie below the smallest measured M (%2): costed as the larger of their "
                              "FLOPs at the table's edge and their weight bytes at the measured copy bandwidth (an "
                              "assumption)")},
    {InferenceWarning::DecodeAttentionBound, "decode_attention_bound",
     translatable("Verdicts", "decode attention (one query per sequence) is not measured: costed by its K and V bytes at "
                              "the measured copy bandwidth (an assumption)")},
    {InferenceWarning::DecodeCollectiveLatency, "small_message_collectives",
     translatable("Verdicts", "small collectives (decode) are below the measured NCCL sizes: tensor-parallel AllReduces "
                              "in one NVLink domain as vLLM's custom all-reduce, others at link rate plus the cited "
                              "per-step latency (an assumption)")},
    {InferenceWarning::PowerFromComputeUse, "power_from_compute_use",
     translatable("Verdicts", "energy per token from the power model at the compute utilisation %1 % (memory-bound "
                              "decode may draw more than its compute use suggests)")},
    {InferenceWarning::KvSpilled, "kv_spilled",
     translatable("Verdicts", "%1 of KV cache per GPU lives in the CPU's memory (kv_offload), read over NVLink-C2C at "
                              "%2 during decode (an assumption: the spilled share of the final cache at every step)")},
    {InferenceWarning::PrefillPoolDoesNotFit, "prefill_pool_does_not_fit",
     translatable("Verdicts", "the prefill pool does not fit: %1 per GPU of weights, KV cache and activations against "
                              "%2 of usable HBM")},
    {InferenceWarning::KvOffloadWithoutSuperchip, "kv_offload_without_superchip",
     translatable("Verdicts", "kv_offload has no effect: the system has no CPU memory on NVLink-C2C (a superchip such "
                              "as GB200)")},
    {InferenceWarning::TpotOverLimit, "tpot_over_limit",
     translatable("Verdicts", "misses the TPOT limit: %1 per output token against at most %2 (tpot_max)")},
    {InferenceWarning::TtftOverLimit, "ttft_over_limit",
     translatable("Verdicts", "misses the TTFT limit: %1 to the first token against at most %2 (ttft_max)")},
}};

const InferenceWarningRow& rowOf(InferenceWarning w) noexcept { return kTexts[static_cast<size_t>(w)]; }

} // namespace

std::string_view inferenceWarningKey(InferenceWarning w) noexcept { return rowOf(w).key; }

const char* inferenceWarningTemplate(InferenceWarning w) noexcept { return rowOf(w).text; }

WarningArguments inferenceWarningArguments(InferenceWarning w, double a, double b)
{
    switch (w) {
    case InferenceWarning::DoesNotFit:
    case InferenceWarning::PrefillPoolDoesNotFit: return {{formatBytes(Bytes{a}), formatBytes(Bytes{b}), {}}, 2};
    case InferenceWarning::KvSpilled: return {{formatBytes(Bytes{a}), format(BytesPerSecond{b}), {}}, 2};
    case InferenceWarning::DecodeGemmBelowMeasured: return {{groupedNumber(a), groupedNumber(b), {}}, 2};
    case InferenceWarning::PowerFromComputeUse: return {{formatSignificant(a * 100, 3), {}, {}}, 1};
    case InferenceWarning::TpotOverLimit:
    case InferenceWarning::TtftOverLimit: return {{format(Seconds{a}), format(Seconds{b}), {}}, 2};
    case InferenceWarning::DecodeAttentionBound:
    case InferenceWarning::DecodeCollectiveLatency:
    case InferenceWarning::KvOffloadWithoutSuperchip: return {};
    }
    return {};
}

std::string inferenceWarningText(InferenceWarning w, double a, double b)
{
    return fillWarningText(inferenceWarningTemplate(w), inferenceWarningArguments(w, a, b));
}

} // namespace scalescope

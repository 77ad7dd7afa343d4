#include "model/core/warning_texts.h"

#include "model/spec/quantity_parser.h"

#include <cctype>
#include <cmath>

namespace scalescope {

namespace {

// Marks a text for the translators: lupdate reads these calls as
// QT_TRANSLATE_NOOP (installer/update-translations.sh); the model only
// keeps the English text.
constexpr const char* translatable(const char* /*context*/, const char* text) noexcept
{
    return text;
}

struct WarningTextRow {
    WarningCode code;
    const char* key;
    const char* text;
};

// In WarningCode order.
constexpr std::array<WarningTextRow, kWarningCodes> kTexts{{
    {WarningCode::TpLeavesNvlinkDomain, "tp_leaves_nvlink_domain",
     translatable("Verdicts", "TP = %1 spans %2 NVLink domains: its AllGather runs at %3 per GPU instead of over NVLink")},
    {WarningCode::EpLeavesNvlinkDomain, "ep_leaves_nvlink_domain",
     translatable("Verdicts", "EP = %1 spans %2 NVLink domains: the expert AllToAll crosses the scale-out network")},
    {WarningCode::CpLeavesNvlinkDomain, "cp_leaves_nvlink_domain",
     translatable("Verdicts", "CP = %1 spans %2 NVLink domains: ring attention crosses the scale-out network")},
    {WarningCode::BelowCriticalBatch, "below_dp_critical_batch",
     translatable("Verdicts", "per-GPU batch %1 tokens is below the DP critical batch of ~%2 tokens: data-parallel "
                              "communication cannot hide behind compute")},
    {WarningCode::TpAboveComputeBoundLimit, "tp_above_compute_bound_limit",
     translatable("Verdicts",
                  "TP = %1 is above the compute-bound limit F·W/C ≈ %2: tensor-parallel communication dominates the MLP")},
    {WarningCode::DoesNotFit, "does_not_fit",
     translatable("Verdicts", "needs %1 per GPU but only %2 of HBM is usable (%3 over)")},
    {WarningCode::SpillsToCpuMemory, "spills_to_cpu_memory",
     translatable("Verdicts", "%1 per GPU spills to LPDDR5X over NVLink-C2C, adding %2 per step")},
    {WarningCode::LargeBubble, "large_pipeline_bubble",
     translatable("Verdicts",
                  "the pipeline bubble is %1 % of the step: use more micro-batches (now %2) or interleaving")},
    {WarningCode::UnevenLayers, "uneven_layers",
     translatable("Verdicts", "%1 layers do not split evenly over %2 pipeline stages: the largest stage has %3 layers")},
    {WarningCode::Zero3WithPipeline, "zero3_with_pipeline",
     translatable("Verdicts",
                  "ZeRO-3 with pipeline parallelism gathers the weights for every micro-batch (seed 004): ZeRO-1 "
                  "fits and is %1 % faster by this model")},
    {WarningCode::MeasuredMode, "measured_mode",
     translatable("Verdicts",
                  "measured mode: GEMMs, attention and memory-bound kernels at calibrated efficiencies, collectives "
                  "at measured NCCL efficiencies (about 82 % of link bandwidth for large messages, much less for "
                  "small ones)")},
    {WarningCode::TheoreticalMode, "theoretical_mode",
     translatable("Verdicts",
                  "theoretical mode: the pure roofline (dense Tensor Core peak, nominal HBM and link bandwidth); "
                  "real runs are slower")},
    {WarningCode::AboveBestPublishedMfu, "above_best_published_mfu",
     translatable("Verdicts", "BF16 MFU %1 % is above the best published run of its class on any GPU (%2 %): treat this "
                              "number with suspicion")},
    {WarningCode::GroupStraddlesDomain, "group_straddles_domain",
     translatable("Verdicts",
                  "%1 = %2 does not divide the %3-GPU NVLink domain: some of its groups straddle a domain boundary "
                  "and cross the scale-out network")},
    {WarningCode::ExposedCommunication, "exposed_communication",
     translatable("Verdicts", "%1 communication is exposed for %2 per step (%3 % of the step)")},
    {WarningCode::ComputeCalibrationCarriedOver, "compute_calibration_carried_over",
     translatable("Verdicts", "no kernel measurements for this GPU: its efficiencies are carried over from another GPU "
                              "generation (an assumption)")},
    {WarningCode::StepBeyondTrainingBudget, "step_beyond_training_budget",
     translatable("Verdicts",
                  "one step takes %1 tokens, more than the whole training budget of %2 tokens: check global_batch "
                  "and seq_len")},
    {WarningCode::BatchFarBeyondCriticalBatch, "batch_far_beyond_critical_batch",
     translatable("Verdicts",
                  "one step takes %1 tokens, %2× the critical batch bound of %3 tokens (Kaplan et al. 2020): "
                  "beyond it more tokens per step buy no faster training; check global_batch")},
    {WarningCode::AttentionKernelNotCalibrated, "attention_kernel_not_calibrated",
     translatable("Verdicts",
                  "the scenario's attention_kernel has no measurements for this GPU family: its default attention "
                  "kernel is used")},
    {WarningCode::ScaleOutFractionAssumed, "scale_out_fraction_assumed",
     translatable("Verdicts",
                  "%1 % of the step (%2) is exposed communication over the scale-out network, costed at an assumed "
                  "%3 % of its line rate (scale_out_achievable_fraction: no published NCCL measurement across many "
                  "nodes): the step time rests on that assumption")},
}};

constexpr bool inCodeOrder()
{
    for (size_t i = 0; i < kTexts.size(); ++i)
        if (static_cast<size_t>(kTexts[i].code) != i) return false;
    return true;
}
static_assert(inCodeOrder(), "kTexts lists every WarningCode once, in order");

const WarningTextRow& rowOf(WarningCode c) noexcept
{
    return kTexts[static_cast<size_t>(c)];
}

std::string num(double v)
{
    return formatSignificant(v, 3);
}
// The axis as the planner's controls and the timeline's lanes name it: "TP".
std::string axis(double a)
{
    std::string name(commAxisKey(static_cast<CommAxis>(static_cast<int>(a))));
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

} // namespace

std::string groupedNumber(double v)
{
    const long long n = std::llround(v);
    std::string digits = std::to_string(std::llabs(n));
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<size_t>(i), ",");
    return (n < 0 ? "-" : "") + digits;
}

std::string_view warningKey(WarningCode c) noexcept
{
    return rowOf(c).key;
}

const char* warningText(WarningCode c) noexcept
{
    return rowOf(c).text;
}

WarningArguments warningArguments(const Warning& w)
{
    switch (w.code) {
    case WarningCode::TpLeavesNvlinkDomain: return {{num(w.a), num(w.b), format(BytesPerSecond{w.c})}, 3};
    case WarningCode::EpLeavesNvlinkDomain:
    case WarningCode::CpLeavesNvlinkDomain: return {{num(w.a), num(w.b), {}}, 2};
    case WarningCode::BelowCriticalBatch: return {{groupedNumber(w.a), groupedNumber(w.b), {}}, 2};
    case WarningCode::TpAboveComputeBoundLimit: return {{num(w.a), num(w.b), {}}, 2};
    case WarningCode::DoesNotFit:
        return {{formatBytes(Bytes{w.a}), formatBytes(Bytes{w.b}), formatBytes(Bytes{w.a - w.b})}, 3};
    case WarningCode::SpillsToCpuMemory: return {{formatBytes(Bytes{w.a}), format(Seconds{w.b}), {}}, 2};
    case WarningCode::LargeBubble: return {{num(w.a * 100), num(w.b), {}}, 2};
    case WarningCode::UnevenLayers: return {{num(w.a), num(w.b), num(w.c)}, 3};
    case WarningCode::Zero3WithPipeline: return {{num(w.a * 100), {}, {}}, 1};
    case WarningCode::AboveBestPublishedMfu: return {{num(w.a * 100), num(w.b * 100), {}}, 2};
    case WarningCode::GroupStraddlesDomain: return {{axis(w.c), num(w.a), num(w.b)}, 3};
    case WarningCode::ExposedCommunication: return {{axis(w.a), format(Seconds{w.b}), num(w.c * 100)}, 3};
    case WarningCode::StepBeyondTrainingBudget: return {{groupedNumber(w.a), groupedNumber(w.b), {}}, 2};
    case WarningCode::BatchFarBeyondCriticalBatch: return {{groupedNumber(w.a), num(w.a / w.b), groupedNumber(w.b)}, 3};
    case WarningCode::ScaleOutFractionAssumed: return {{num(w.a * 100), format(Seconds{w.b}), num(w.c * 100)}, 3};
    case WarningCode::MeasuredMode:
    case WarningCode::TheoreticalMode:
    case WarningCode::ComputeCalibrationCarriedOver:
    case WarningCode::AttentionKernelNotCalibrated: return {};
    }
    return {};
}

std::string fillWarningText(std::string_view text, const WarningArguments& args)
{
    std::string out;
    out.reserve(text.size() + 32);
    for (size_t i = 0; i < text.size(); ++i) {
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (text[i] == '%' && next >= '1' && next <= '3' && next - '1' < args.count) {
            out += args.values[static_cast<size_t>(next - '1')];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string warningMessage(const Warning& w)
{
    return fillWarningText(warningText(w.code), warningArguments(w));
}

} // namespace scalescope

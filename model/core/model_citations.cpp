#include "model/core/model_citations.h"

#include <array>

namespace scalescope {

namespace {

struct Citation {
    std::string key;
    std::string_view text;
};

const std::array<Citation, 4>& citations() noexcept
{
    static const std::array<Citation, 4> table{{
        {"moe-router",
         "ScaleScope assumption: no router scoring or top-k kernel was measured. Scoring (softmax; or sigmoid with the "
         "bias-adjusted selection and the normalisation of the top-k weights, DeepSeek-V3 report eqs. 13-16) and top-k "
         "selection are costed as memory-bound kernels over the router's tokens x experts fp32 scores, each reading its "
         "inputs and writing its outputs once (top-k: fp32 weights and int64 ids), at the measured device-to-device copy "
         "bandwidth (memory_bandwidth/permute) plus the measured launch cost per kernel; the backward scatters the top-k "
         "gradients into a tokens x experts tensor and runs the scoring's backward"},
        {"moe-balancing",
         "ScaleScope assumption: no balancing kernel was measured. Auxiliary loss (Switch Transformer / GShard form, as "
         "Megatron-Core's switch_load_balancing_loss_func and torchtitan compute it): a histogram of the tokens x top_k "
         "expert ids, the mean over tokens of the tokens x experts fp32 scores and the loss (forward), and the loss "
         "gradient added into the scores' gradient (backward). Auxiliary-loss-free (DeepSeek-V3 report section 2.1.2): "
         "the histogram whose counts the once-per-step bias update reads. Memory-bound at the measured device-to-device "
         "copy bandwidth (memory_bandwidth/permute), plus the measured launch cost per kernel"},
        {"moe-permute",
         "ScaleScope assumption: no permutation kernel was measured. Dispatch sorts the tokens x top_k expert ids and "
         "builds the gather indices (argsort, index expansion), gathers the rows of hidden states into expert order "
         "(index_select); combine zero-fills the output and sums the top_k rows of each token back (scatter_add), as "
         "torchtitan's _permute_tokens and _unpermute_tokens (torchtitan/distributed/deepep/deepep.py) and "
         "Megatron-Core's unfused permute and unpermute (megatron/core/transformer/moe/moe_utils.py) do; the backward "
         "runs the mirror passes. Each kernel reads its inputs and writes its outputs once at the measured "
         "device-to-device copy bandwidth (memory_bandwidth/permute), plus the measured launch cost per kernel"},
        {"moe-capacity",
         "Expert capacity (Fedus et al. 2021, Switch Transformer, arXiv 2101.03961 section 2.2: expert capacity = tokens "
         "per batch / experts x capacity factor; GShard; Megatron-Core --moe-expert-capacity-factor): no expert takes more "
         "than the capacity factor x the mean tokens per expert, the rest are dropped. Padded to capacity (GShard's and "
         "Switch's fixed expert buffers; Megatron-Core --moe-pad-expert-input-to-capacity) every expert runs exactly "
         "capacity rows: (capacity factor - 1) x the expert GEMMs at the mean tokens per expert. Unpadded, the busiest "
         "expert runs min(measured max/mean, capacity factor) x the mean"},
    }};
    return table;
}

} // namespace

const std::string& modelSourceKey(ModelSource s) noexcept
{
    return citations()[static_cast<size_t>(s)].key;
}

std::string_view modelCitation(std::string_view key) noexcept
{
    for (const Citation& c : citations())
        if (c.key == key) return c.text;
    return {};
}

} // namespace scalescope

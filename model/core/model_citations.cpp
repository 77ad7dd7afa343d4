#include "model/core/model_citations.h"

#include <array>

namespace scalescope {

namespace {

struct Citation {
    std::string key;
    std::string_view text;
};

const std::array<Citation, 6>& citations() noexcept
{
    static const std::array<Citation, 6> table{{
        {"moe-router",
         "Softmax scoring and top-k: measured (compute calibration memory_bandwidth/router_top_k; on Hopper "
         "torch.topk(torch.softmax(logits)) over fp32 logits, 8,192-16,384 tokens x 64-256 experts, top-8, CUDA-graph "
         "timed, tools/calibrate recording h100-sxm-2026-11-26-quick-moe), costed over the scores read once and the fp32 "
         "weights and int64 ids written; a calibration that lacks the rate, or carries another family's as a fraction of "
         "HBM bandwidth, says so in its own source. ScaleScope assumption for the rest, which no kernel measured: "
         "sigmoid scoring's bias-adjusted selection and the normalisation of the top-k weights (DeepSeek-V3 report eqs. "
         "13-16) and the backward (the top-k gradients scattered into a tokens x experts tensor, the scoring's "
         "backward), each kernel reading its inputs and writing its outputs once at the measured device-to-device copy "
         "bandwidth (memory_bandwidth/permute) plus the measured launch cost per kernel"},
        {"moe-balancing",
         "ScaleScope assumption: no balancing kernel was measured. Auxiliary loss (Switch Transformer / GShard form, as "
         "Megatron-Core's switch_load_balancing_loss_func and torchtitan compute it): a histogram of the tokens x top_k "
         "expert ids, the mean over tokens of the tokens x experts fp32 scores and the loss (forward), and the loss "
         "gradient added into the scores' gradient (backward). Auxiliary-loss-free (DeepSeek-V3 report section 2.1.2): "
         "the histogram whose counts the once-per-step bias update reads. Forced uniform routing (Megatron-Core "
         "--moe-router-force-load-balancing, megatron/core/transformer/moe/router.py TopKRouter.forward and moe_utils.py "
         "RandomSTE): the logits cloned and refilled with standard normal draws (forward; the backward passes the "
         "gradient straight through), then the auxiliary loss as above, which routing() still computes from the random "
         "scores whenever the router's auxiliary-loss coefficient is non-zero (the Megatron recipes that force balance "
         "keep theirs: Qwen3 aux_loss 1e-3, DeepSeek-V3 seq_aux_loss 1e-4). Memory-bound at the measured "
         "device-to-device copy bandwidth (memory_bandwidth/permute), plus the measured launch cost per kernel"},
        {"moe-permute",
         "Unfused permutation (training.moe_permute_fusion false; Megatron-Core's default, torchtitan): dispatch sorts "
         "the tokens x top_k expert ids and builds the gather indices (argsort, index expansion), gathers the rows of "
         "hidden states into expert order (index_select); combine zero-fills the output and adds the probability-weighted "
         "top_k rows of each token back (index_add / scatter_add, atomic), as torchtitan's _permute_tokens and "
         "_unpermute_tokens (torchtitan/distributed/deepep/deepep.py) and Megatron-Core's unfused permute and unpermute "
         "(megatron/core/transformer/moe/moe_utils.py) do; the backward runs the mirror passes. The gather and the "
         "weighted scatter-add run at their measured rates (compute calibration memory_bandwidth/permute_gather and "
         "unpermute_scatter_add; on Hopper the tools/calibrate recording h100-sxm-2026-11-26-quick-moe: the atomic "
         "scatter-add about 6x slower than the gather; other families carry them as a fraction of HBM bandwidth). "
         "ScaleScope assumption: the sort, index and zero-fill kernels, which no kernel measured, at the measured "
         "device-to-device copy bandwidth (memory_bandwidth/permute); every kernel adds the measured launch cost"},
        {"moe-capacity",
         "Expert capacity (Fedus et al. 2021, Switch Transformer, arXiv 2101.03961 section 2.2: expert capacity = tokens "
         "per batch / experts x capacity factor; GShard; Megatron-Core --moe-expert-capacity-factor): no expert takes more "
         "than the capacity factor x the mean tokens per expert, the rest are dropped. Padded to capacity (GShard's and "
         "Switch's fixed expert buffers; Megatron-Core --moe-pad-expert-input-to-capacity) every expert runs exactly "
         "capacity rows: (capacity factor - 1) x the expert GEMMs at the mean tokens per expert. Unpadded, the busiest "
         "expert runs min(measured max/mean, capacity factor) x the mean"},
        {"moe-permute-fused",
         "ScaleScope assumption: no fused permutation kernel was measured. Fused permutation (training.moe_permute_fusion "
         "true; Megatron-Core --moe-permute-fusion, Transformer Engine's moe_permute and moe_unpermute): dispatch builds "
         "one row-id map and reads and writes each routed row once; combine reads each token's top_k rows, weights them "
         "by their probabilities and writes the token's row once, with no atomics; the backward runs the mirror kernels "
         "(and reads the routed rows again for the probabilities' gradient). Serving passes take the same fused form "
         "(TensorRT-LLM's expand and finalize MoE kernels, vLLM's fused MoE), forward only. Each kernel at the measured "
         "device-to-device copy bandwidth (memory_bandwidth/permute) plus the measured launch cost per kernel"},
        {"moe-forced-balance",
         "Forced uniform routing (training.moe_balancing forced; Megatron-Core --moe-router-force-load-balancing, "
         "'for benchmark': random normal logits, so each routed row picks its experts as independent uniform draws): "
         "every EP rank holds experts / EP experts and its grouped GEMMs run all their rows, so the busiest rank's rows "
         "set the expert time. M. Raab and A. Steger, 'Balls into Bins - A Simple and Tight Analysis', RANDOM 1998, "
         "LNCS 1518, pp. 159-170, Theorem 1: m balls thrown uniformly into n bins with m >> n ln n fill the fullest bin "
         "to m/n + sqrt(2 (m/n) ln n) (1 + o(1)) with high probability; here m/n = the rows routed to one rank in a "
         "micro-batch (tokens x top-k) and n = EP, so the busiest rank runs 1 + sqrt(2 ln(EP) / (m/n)) times the mean. "
         "At finite n the leading term is an upper bound on the expected maximum of n normal loads (sqrt(2 ln n) "
         "standard deviations), and a token's top-k experts are distinct, which narrows the spread a little more"},
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

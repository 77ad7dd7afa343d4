#include "model/core/operation_table.h"

namespace scalescope {

std::string_view opKindKey(OpKind k) noexcept
{
    switch (k) {
    case OpKind::Embedding: return "embedding";
    case OpKind::AttentionNorm: return "attention_norm";
    case OpKind::QkvProjection: return "qkv_projection";
    case OpKind::Rotary: return "rotary";
    case OpKind::AttentionCore: return "attention_core";
    case OpKind::CpMerge: return "cp_merge";
    case OpKind::OutProjection: return "out_projection";
    case OpKind::Residual: return "residual";
    case OpKind::MlpNorm: return "mlp_norm";
    case OpKind::FinalNorm: return "final_norm";
    case OpKind::MlpUp: return "mlp_up";
    case OpKind::Activation: return "activation";
    case OpKind::MlpDown: return "mlp_down";
    case OpKind::Router: return "router";
    case OpKind::RouterTopK: return "router_top_k";
    case OpKind::RouterBalancing: return "router_balancing";
    case OpKind::Permute: return "permute";
    case OpKind::PermuteFused: return "permute_fused";
    case OpKind::ExpertGemms: return "expert_gemms";
    case OpKind::MoeImbalance: return "moe_imbalance";
    case OpKind::Logits: return "logits";
    case OpKind::CrossEntropy: return "cross_entropy";
    case OpKind::MtpNorm: return "mtp_norm";
    case OpKind::MtpProjection: return "mtp_projection";
    case OpKind::Fp8Cast: return "fp8_cast";
    case OpKind::Optimizer: return "optimizer";
    case OpKind::TpCollective: return "tp_collectives";
    case OpKind::CpCollective: return "cp_ring";
    case OpKind::EpDispatch: return "ep_dispatch";
    case OpKind::EpCombine: return "ep_combine";
    case OpKind::PpSend: return "pp_send";
    case OpKind::DpGradReduce: return "dp_grad_reduce";
    case OpKind::DpParamGather: return "dp_param_gather";
    case OpKind::SpillTransfer: return "spill_transfer";
    case OpKind::OverlapContention: return "overlap_contention";
    }
    return "?";
}

std::string_view phaseKey(Phase p) noexcept
{
    switch (p) {
    case Phase::Forward: return "forward";
    case Phase::Backward: return "backward";
    case Phase::Recompute: return "recompute";
    case Phase::Step: return "step";
    case Phase::Prefill: return "prefill";
    case Phase::Decode: return "decode";
    }
    return "?";
}

std::string_view opStreamKey(OpStream s) noexcept
{
    switch (s) {
    case OpStream::Compute: return "compute";
    case OpStream::Tp: return "tp";
    case OpStream::Cp: return "cp";
    case OpStream::Ep: return "ep";
    case OpStream::Pp: return "pp";
    case OpStream::Dp: return "dp";
    }
    return "?";
}

std::string_view opScopeKey(OpScope s) noexcept
{
    switch (s) {
    case OpScope::DenseLayer: return "dense_layer";
    case OpScope::MoeLayer: return "moe_layer";
    case OpScope::Stage: return "stage";
    case OpScope::Step: return "step";
    }
    return "?";
}

std::string_view opBoundKey(OpBound b) noexcept
{
    switch (b) {
    case OpBound::Gemm: return "gemm";
    case OpBound::GroupedGemm: return "grouped_gemm";
    case OpBound::Attention: return "attention";
    case OpBound::Memory: return "memory";
    case OpBound::Collective: return "collective";
    case OpBound::Contention: return "contention";
    }
    return "?";
}

} // namespace scalescope

// Writing a scenario back to its file format (scenario.h): every key the
// reader reads, optional ones only when they differ from their default, and
// keys the reader keeps but does not know (Scenario::extra) as they were.

#include "model/spec/scenario.h"

#include "model/spec/precision.h"

namespace scalescope {

using nlohmann::json;

json scenarioToJson(const Scenario& s)
{
    json order = json::array();
    for (Axis a : s.parallel.order) order.push_back(axisKey(a));
    json j = s.extra.is_object() ? s.extra : json::object();
    j["format"] = "scalescope-scenario/1";
    j["name"] = s.name;
    if (!s.description.empty()) j["description"] = s.description;
    j["system"] = s.inlineSystemJson.is_object() ? s.inlineSystemJson : json(s.system);
    j["gpus"] = s.gpus;
    j["model"] = s.inlineModelJson.is_object() ? s.inlineModelJson : json(s.model);
    j["mode"] = s.mode == Mode::Training ? "training" : "inference";
    j["training"] = {{"seq_len", s.training.seqLen},
                     {"global_batch", s.training.globalBatch},
                     {"precision", precisionKey(s.training.precision)},
                     {"zero_stage", s.training.zeroStage},
                     {"recompute", recomputeKey(s.training.recompute)}};
    if (s.training.tokensTotal > 0) j["training"]["tokens_total"] = s.training.tokensTotal;
    if (s.training.optimizerState == OptimizerState::Bf16Moments) j["training"]["optimizer_state"] = "bf16-moments";
    if (s.training.moeBalancing != MoeBalancing::AuxiliaryLoss)
        j["training"]["moe_balancing"] = std::string(moeBalancingKey(s.training.moeBalancing));
    if (!s.training.fp32MainGrads) j["training"]["main_grads"] = "bf16";
    if (s.training.zero3Style != Zero3Style::DeepSpeed) j["training"]["zero3_style"] = std::string(zero3StyleKey(s.training.zero3Style));
    if (s.training.moeDispatcher != MoeDispatcher::AllToAll)
        j["training"]["moe_dispatcher"] = std::string(moeDispatcherKey(s.training.moeDispatcher));
    if (s.training.moeCapacityFactor > 0) {
        j["training"]["moe_capacity_factor"] = s.training.moeCapacityFactor;
        if (s.training.moePadToCapacity) j["training"]["moe_pad_to_capacity"] = *s.training.moePadToCapacity;
    }
    if (s.training.moePermuteFusion) j["training"]["moe_permute_fusion"] = true;
    if (s.training.crossEntropy != CrossEntropyKernel::Fused)
        j["training"]["cross_entropy"] = std::string(crossEntropyKey(s.training.crossEntropy));
    if (s.training.cpComm != CpComm::P2p) j["training"]["cp_comm"] = std::string(cpCommKey(s.training.cpComm));
    if (s.training.fp8Params) j["training"]["fp8_params"] = true;
    if (s.training.fp8Scaling != Fp8Scaling::Delayed) j["training"]["fp8_scaling"] = std::string(fp8ScalingKey(s.training.fp8Scaling));
    if (s.training.recompute == Recompute::Full && s.training.recomputeLayers > 0)
        j["training"]["recompute_layers"] = s.training.recomputeLayers;
    if (s.training.mtpLayers > 0) j["training"]["mtp_layers"] = s.training.mtpLayers;
    if (!s.training.attentionKernel.empty()) j["training"]["attention_kernel"] = s.training.attentionKernel;
    const RecomputeModules& rm = s.training.recomputeModules;
    if (rm.norm || rm.mlaUpProj || rm.swiglu || rm.moe) {
        json modules = json::array();
        if (rm.norm) modules.push_back("norm");
        if (rm.mlaUpProj) modules.push_back("mla-up-proj");
        if (rm.swiglu) modules.push_back("swiglu");
        if (rm.moe) modules.push_back("moe");
        j["training"]["recompute_modules"] = modules;
    }
    const ParallelLayout& p = s.parallel;
    j["parallel"] = {{"tp", p.tp}, {"pp", p.pp}, {"cp", p.cp}, {"ep", p.ep}, {"dp", p.dp}, {"vpp", p.vpp},
                     {"microbatch_size", p.microbatchSize}, {"schedule", scheduleKey(p.schedule)}, {"order", order}};
    if (p.folded()) j["parallel"]["etp"] = p.etp;
    j["efficiency"] = s.efficiency == EfficiencyMode::Measured ? "measured" : "theoretical";
    if (!s.calibration.compute.empty()) j["calibration"]["compute"] = s.calibration.compute;
    if (!s.calibration.network.empty()) j["calibration"]["network"] = s.calibration.network;
    j["network"] = {{"sharp", s.network.sharp}};
    const OverlapSettings& o = s.overlap;
    j["overlap"] = {{"tp", tpOverlapKey(o.tp)}, {"dp", o.dpGradReduce}, {"dp_param_gather", o.dpParamGather},
                    {"zero3_prefetch", o.zero3Prefetch}, {"pp", o.pp}, {"ep", epOverlapKey(o.ep)}, {"cp", o.cp}};
    if (o.moeSharedExpert) j["overlap"]["moe_shared_expert"] = true;
    j["facility"] = {{"coolant", s.facility.coolant}, {"delta_T_K", s.facility.deltaTK}, {"pue", s.facility.pue},
                     {"price_per_kWh", s.facility.pricePerKWh}, {"price_per_gpu_hour", s.facility.pricePerGpuHour}};
    if (s.facility.currency != FacilitySettings{}.currency) j["facility"]["currency"] = s.facility.currency;
    const InferenceSettings& in = s.inference;
    j["inference"] = {{"batch", in.batchMax ? nlohmann::json("max") : nlohmann::json(in.batch)},
                      {"prompt_tokens", in.promptTokens},
                      {"output_tokens", in.outputTokens},
                      {"precision", precisionKey(in.precision)},
                      {"kv_block_tokens", in.kvBlockTokens}};
    if (in.kvPrecision) j["inference"]["kv_precision"] = precisionKey(*in.kvPrecision);
    if (in.prefillChunk > 0) j["inference"]["prefill_chunk"] = in.prefillChunk;
    if (in.kvOffload) j["inference"]["kv_offload"] = true;
    if (in.tpotMax) j["inference"]["tpot_max"] = in.tpotMax->si;
    if (in.ttftMax) j["inference"]["ttft_max"] = in.ttftMax->si;
    if (const auto& sp = in.speculative)
        j["inference"]["speculative"] = {{"method", "mtp"},
                                         {"draft_tokens", sp->draftTokens},
                                         {"acceptance_rate", sp->acceptanceRate},
                                         {"draft_layers", sp->draftLayers}};
    if (const auto& pool = in.prefillPool)
        j["inference"]["disaggregated"] = {
            {"prefill", {{"tp", pool->tp}, {"pp", pool->pp}, {"ep", pool->ep}, {"dp", pool->dp}}}};
    return j;
}

} // namespace scalescope

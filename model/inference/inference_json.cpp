#include "model/inference/inference_json.h"

#include "model/core/row_provenance.h"
#include "model/inference/inference_warning_texts.h"

#include <cmath>
#include <sstream>

namespace scalescope {

using nlohmann::json;

json inferenceToJson(const ResolvedSystem& sys, const InferenceEvaluation& e)
{
    const Scenario& s = sys.scenario;
    json out{{"scenario", s.name}, {"mode", "inference"}, {"ok", e.ok}};
    if (!e.ok) {
        out["error"] = e.error;
        out["error_path"] = e.errorPath;
        return out;
    }
    const InferenceMemory& m = e.memory;
    out.update({{"batch", e.batch},
                {"max_batch", e.maxBatch},
                {"prompt_tokens", s.inference.promptTokens},
                {"output_tokens", s.inference.outputTokens},
                {"precision", precisionKey(s.inference.precision)},
                {"kv_precision", precisionKey(s.inference.kv())},
                {"replicas", e.replicas},
                {"gpus", e.gpus},
                {"ttft_s", e.ttft.si},
                {"tpot_s", e.tpot.si},
                {"mean_kv_tokens", e.meanKvTokens},
                {"kv_cache_B", e.kvCache.si},
                {"kv_cache_per_gpu_B", e.kvCachePerGpu.si},
                {"tokens_per_s_per_user", e.tokensPerSPerUser},
                {"output_tokens_per_s", e.outputTokensPerS},
                {"tokens_per_s_per_gpu", e.tokensPerSPerGpu},
                {"decode_mfu", e.decodeMfu},
                {"energy_per_token_J", e.energyPerToken.si},
                {"cost_per_million_tokens", e.costPerMillionTokens},
                {"currency", s.facility.currency},
                {"prefill_chunks", e.prefillChunks},
                {"memory_per_gpu",
                 {{"weights_B", m.weights.si},
                  {"kv_cache_B", m.kvCache.si},
                  {"activations_B", m.activations.si},
                  {"total_B", m.total.si},
                  {"capacity_B", m.capacity.si},
                  {"reserved_B", m.reserved.si},
                  {"kv_spilled_B", m.kvSpilled.si},
                  {"spill_capacity_B", m.spillCapacity.si},
                  {"fits", m.fits}}}});
    if (s.inference.tpotMax || s.inference.ttftMax)
        out["meets_limits"] = (!s.inference.tpotMax || e.tpot <= *s.inference.tpotMax) &&
                              (!s.inference.ttftMax || e.ttft <= *s.inference.ttftMax);
    if (const auto& sp = s.inference.speculative)
        out["speculative"] = {{"method", "mtp"},
                              {"draft_tokens", sp->draftTokens},
                              {"acceptance_rate", sp->acceptanceRate},
                              {"accepted_per_step", e.acceptedPerStep},
                              {"decode_step_s", e.decodeStep.si},
                              {"draft_s", e.draftTime.si}};
    if (s.inference.prefillPool) {
        const int tier = e.kvTransferTier;
        const bool named = tier >= 0 && static_cast<size_t>(tier) < sys.tiers.tiers.size();
        out["disaggregated"] = {{"prefill_gpus", e.prefillGpus},
                                {"decode_gpus", e.gpus - e.prefillGpus},
                                {"prefill_s", e.prefillTime.si},
                                {"kv_transfer_s", e.kvTransfer.si},
                                {"kv_transfer_per_gpu_B", e.kvTransferPerGpu.si},
                                {"kv_transfer_tier", named ? json(sys.tiers.tiers[static_cast<size_t>(tier)].name) : json()},
                                {"prefill_requests_per_s", e.prefillRequestsPerS},
                                {"decode_requests_per_s", e.decodeRequestsPerS}};
    }
    json warnings = json::array();
    for (int i = 0; i < e.warningCount; ++i) {
        const auto k = static_cast<size_t>(i);
        warnings.push_back({{"code", inferenceWarningKey(e.warnings[k])},
                            {"message", inferenceWarningText(e.warnings[k], e.warningA[k], e.warningB[k])}});
    }
    out["warnings"] = warnings;
    return out;
}

json inferenceBreakdownJson(const ResolvedSystem& sys, const InferenceEvaluation& e)
{
    json rows = json::array();
    for (const OpRow& r : e.ops) {
        double pass = 0;
        for (OpStream st : {OpStream::Compute, OpStream::Tp, OpStream::Ep, OpStream::Pp})
            pass += e.ops.streamTotal(st, r.phase).si;
        const bool assumption = r.source && r.source->rfind("assumption:", 0) == 0;
        const RowProvenance provenance = rowProvenance(sys, r);
        rows.push_back({{"op", opKindKey(r.op)},
                        {"phase", phaseKey(r.phase)},
                        {"stream", opStreamKey(r.stream)},
                        {"scope", opScopeKey(r.scope)},
                        {"bound", opBoundKey(r.bound)},
                        {"count_per_pass", r.count},
                        {"flops", r.flops.si},
                        {"bytes", r.bytes.si},
                        {"efficiency", r.efficiency},
                        {"source", r.source ? json(*r.source) : json()},
                        {"citation", sourceCitation(sys, r)},
                        {"assumption", assumption},
                        {"calibration", provenance.calibration},
                        {"source_kind", sourceKindKey(provenance.kind)},
                        {"time_s", r.time.si},
                        {"pass_s", r.total().si},
                        {"share_of_pass", pass > 0 ? r.total().si / pass : 0.0}});
    }
    return {{"stages", e.stages}, {"rows", rows}};
}

} // namespace scalescope

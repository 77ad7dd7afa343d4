#include "model/spec/scenario_keys.h"

#include "model/spec/spelling.h"

#include <algorithm>
#include <utility>

namespace scalescope {

namespace {

using Keys = std::vector<std::string>;

// Every key parseScenario reads (scenario.cpp); scenario_test checks that
// every preset and a saved scenario with every block parse without errors,
// which keeps the lists in step.
const Keys kTopLevel{"format", "name", "description", "system", "gpus", "model", "mode", "training",
                     "parallel", "network", "facility", "inference", "efficiency", "calibration", "overlap"};
const Keys kDocumentation{"$schema", "note", "notes", "comment"};
const std::vector<std::pair<std::string, Keys>> kBlocks{
    {"training",
     {"seq_len", "global_batch", "precision", "zero_stage", "recompute", "tokens_total", "moe_balancing",
      "optimizer_state", "main_grads", "recompute_modules", "recompute_layers", "attention_kernel", "fp8_params",
      "fp8_scaling", "zero3_style", "cross_entropy", "moe_dispatcher", "cp_comm", "mtp_layers",
      "moe_capacity_factor", "moe_pad_to_capacity", "moe_permute_fusion"}},
    {"parallel", {"tp", "pp", "cp", "ep", "etp", "dp", "vpp", "microbatch_size", "schedule", "order"}},
    {"network", {"sharp", "efficiency"}},
    {"calibration", {"compute", "network"}},
    {"overlap", {"tp", "dp", "dp_param_gather", "zero3_prefetch", "pp", "ep", "cp", "moe_shared_expert"}},
    {"facility", {"coolant", "delta_T_K", "pue", "price_per_kWh", "price_per_gpu_hour", "currency"}},
    {"inference",
     {"batch", "prompt_tokens", "output_tokens", "precision", "kv_precision", "kv_block_tokens", "prefill_chunk",
      "speculative", "disaggregated", "kv_offload", "tpot_max", "ttft_max"}},
};
// Blocks inside blocks, by JSON pointer.
const std::vector<std::pair<std::string, Keys>> kNestedBlocks{
    {"/inference/speculative", {"method", "draft_tokens", "acceptance_rate", "draft_layers"}},
    {"/inference/disaggregated", {"prefill"}},
    {"/inference/disaggregated/prefill", {"tp", "pp", "ep", "dp"}},
};

bool contains(const Keys& keys, const std::string& key)
{
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void checkObject(const nlohmann::json& object, const std::string& prefix, const Keys& known, const Keys& allowed,
                 const std::string& file, SpecErrors& out)
{
    for (const auto& [key, value] : object.items()) {
        if (contains(known, key) || contains(allowed, key)) continue;
        out.push_back(
            {file, prefix + (nlohmann::json::json_pointer() / key).to_string(), unknownKeyMessage(key, known, true)});
    }
}

} // namespace

const std::vector<std::string>& scenarioDocumentationKeys()
{
    return kDocumentation;
}

SpecErrors unknownScenarioKeys(const nlohmann::json& doc, const std::string& file)
{
    SpecErrors out;
    if (!doc.is_object()) return out;
    checkObject(doc, "", kTopLevel, kDocumentation, file, out);
    for (const auto& [block, known] : kBlocks) {
        const auto it = doc.find(block);
        if (it != doc.end() && it->is_object()) checkObject(*it, "/" + block, known, {}, file, out);
    }
    for (const auto& [path, known] : kNestedBlocks) {
        const nlohmann::json::json_pointer pointer(path);
        if (doc.contains(pointer) && doc.at(pointer).is_object())
            checkObject(doc.at(pointer), path, known, {}, file, out);
    }
    return out;
}

} // namespace scalescope

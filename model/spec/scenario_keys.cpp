#include "model/spec/scenario_keys.h"

#include "model/spec/spelling.h"

#include <algorithm>
#include <utility>

namespace scalescope {

namespace {

using Keys = std::vector<std::string>;

// Every key parseScenario reads (scenario.cpp); scenario_test checks that a
// saved scenario round-trips without warnings, which keeps the lists in step.
const Keys kTopLevel{"format", "name", "description", "system", "gpus", "model", "mode", "training",
                     "parallel", "network", "facility", "inference", "efficiency", "overlap"};
const std::vector<std::pair<std::string, Keys>> kBlocks{
    {"training",
     {"seq_len", "global_batch", "precision", "zero_stage", "recompute", "tokens_total", "moe_balancing",
      "optimizer_state", "main_grads", "recompute_modules", "recompute_layers", "attention_kernel", "fp8_params", "fp8_scaling",
      "zero3_style", "cross_entropy"}},
    {"parallel", {"tp", "pp", "cp", "ep", "dp", "vpp", "microbatch_size", "schedule", "order"}},
    {"network", {"sharp", "efficiency"}},
    {"overlap", {"tp", "dp", "dp_param_gather", "zero3_prefetch", "pp", "ep", "cp"}},
    {"facility", {"coolant", "delta_T_K", "pue", "price_per_kWh", "price_per_gpu_hour"}},
    {"inference", {"batch", "prompt_tokens", "output_tokens", "precision"}},
};

void checkObject(const nlohmann::json& object, const std::string& prefix, const Keys& known, const std::string& file,
                 std::vector<SpecError>& out)
{
    for (const auto& [key, value] : object.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        out.push_back({file, prefix + "/" + key, "unknown key, ignored" + didYouMean(key, known)});
    }
}

} // namespace

std::vector<SpecError> unknownScenarioKeys(const nlohmann::json& doc, const std::string& file)
{
    std::vector<SpecError> out;
    if (!doc.is_object()) return out;
    checkObject(doc, "", kTopLevel, file, out);
    for (const auto& [block, known] : kBlocks) {
        const auto it = doc.find(block);
        if (it != doc.end() && it->is_object()) checkObject(*it, "/" + block, known, file, out);
    }
    return out;
}

} // namespace scalescope

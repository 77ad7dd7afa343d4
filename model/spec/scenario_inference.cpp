// The scenario's "inference" block (scenario.h, InferenceSettings). Unknown
// keys, nested blocks included, are reported by scenario_keys.cpp.

#include "model/spec/scenario.h"
#include "model/spec/scenario_reader.h"

namespace scalescope {

namespace {

// Draft tokens per verify step: speculative decoding papers and engines
// propose a handful (Leviathan et al. 2023 evaluate γ up to 10); 64 bounds
// the verify pass far beyond any of them.
constexpr long long kMaxDraftTokens = 64;

void readSpeculative(ScenarioReader& r, InferenceSettings& in)
{
    const std::string path = "/inference/speculative";
    const nlohmann::json* block = r.at(path);
    if (!block) return;
    if (!block->is_object()) {
        r.error(path, "expected an object (method, draft_tokens, acceptance_rate), found " + describeJson(block));
        return;
    }
    SpeculativeSettings sp;
    const std::string method = r.text(path + "/method", "mtp");
    if (method != "mtp")
        r.error(path + "/method",
                "expected \"mtp\" (the model's own multi-token-prediction modules draft), found \"" + method + "\"");
    sp.draftTokens = static_cast<int>(r.whole(path + "/draft_tokens", sp.draftTokens, 1, true, kMaxDraftTokens));
    sp.acceptanceRate = r.number(path + "/acceptance_rate", -1, 0);
    if (!r.at(path + "/acceptance_rate"))
        r.error(path + "/acceptance_rate", "expected a number from 0 to 1 (the chance a draft token is accepted), found nothing");
    else if (sp.acceptanceRate > 1)
        r.error(path + "/acceptance_rate", "expected a number from 0 to 1 (the chance a draft token is accepted), found " +
                                               describeJson(r.at(path + "/acceptance_rate")));
    sp.draftLayers = static_cast<int>(r.whole(path + "/draft_layers", sp.draftLayers, 1, false, 1024));
    in.speculative = sp;
}

void readPrefillPool(ScenarioReader& r, InferenceSettings& in)
{
    const std::string path = "/inference/disaggregated";
    const nlohmann::json* block = r.at(path);
    if (!block) return;
    if (!block->is_object() || !r.at(path + "/prefill") || !r.at(path + "/prefill")->is_object()) {
        r.error(path, "expected {\"prefill\": {\"tp\": …, \"pp\": …, \"ep\": …, \"dp\": …}} (the prefill pool; "
                      "\"parallel\" is the decode pool), found " + describeJson(block));
        return;
    }
    const std::string pool = path + "/prefill";
    ParallelLayout p;
    p.tp = static_cast<int>(r.whole(pool + "/tp", 1, 1));
    p.pp = static_cast<int>(r.whole(pool + "/pp", 1, 1));
    p.ep = static_cast<int>(r.whole(pool + "/ep", 1, 1));
    p.dp = static_cast<int>(r.whole(pool + "/dp", 1, 1));
    in.prefillPool = p;
}

// A serving limit: seconds > 0, as a number (0.05) or a time ("50 ms").
std::optional<Seconds> readLimit(ScenarioReader& r, const std::string& path)
{
    const nlohmann::json* v = r.at(path);
    if (!v) return std::nullopt;
    double si = v->is_number() ? v->get<double>() : 0;
    if (v->is_string()) {
        const QuantityParse p = parseQuantity(v->get<std::string>(), Dimension::Time);
        if (p) si = p.quantity->si;
    }
    if (!(si > 0) || !std::isfinite(si)) {
        r.error(path, "expected a time > 0 in seconds (0.05) or with a unit (\"50 ms\"), found " + describeJson(v));
        return std::nullopt;
    }
    return Seconds{si};
}

} // namespace

void readInferenceBlock(ScenarioReader& r, Scenario& s)
{
    if (s.mode == Mode::Inference && !r.at("/inference"))
        r.error("/inference",
                "expected an inference block (batch, prompt_tokens, output_tokens, precision) for mode \"inference\"");
    InferenceSettings& in = s.inference;
    if (const nlohmann::json* batch = r.at("/inference/batch"); batch && batch->is_string()) {
        if (batch->get<std::string>() == "max")
            in.batchMax = true;
        else
            r.error("/inference/batch",
                    "expected a positive whole number or \"max\", found \"" + batch->get<std::string>() + "\"");
    } else {
        in.batch = static_cast<int>(r.whole("/inference/batch", in.batch, 1, false, kMaxInferenceTokens));
    }
    in.promptTokens =
        static_cast<int>(r.whole("/inference/prompt_tokens", in.promptTokens, 1, false, kMaxInferenceTokens));
    in.outputTokens =
        static_cast<int>(r.whole("/inference/output_tokens", in.outputTokens, 1, false, kMaxInferenceTokens));
    in.precision = readPrecision(r, "/inference/precision", in.precision);
    if (r.at("/inference/kv_precision")) in.kvPrecision = readPrecision(r, "/inference/kv_precision", in.precision);
    in.kvBlockTokens =
        static_cast<int>(r.whole("/inference/kv_block_tokens", in.kvBlockTokens, 1, false, kMaxInferenceTokens));
    in.prefillChunk =
        static_cast<int>(r.whole("/inference/prefill_chunk", in.prefillChunk, 1, false, kMaxInferenceTokens));
    in.kvOffload = r.flag("/inference/kv_offload", in.kvOffload);
    in.tpotMax = readLimit(r, "/inference/tpot_max");
    in.ttftMax = readLimit(r, "/inference/ttft_max");
    readSpeculative(r, in);
    readPrefillPool(r, in);
}

} // namespace scalescope

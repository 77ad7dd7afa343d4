#include "model/spec/scenario.h"

#include "model/spec/spelling.h"

#include "model/spec/scenario_keys.h"

#include <algorithm>
#include <cmath>

#include "model/spec/spec_catalog.h"
#include "model/spec/spec_parsers.h"
#include "model/spec/scenario_reader.h"
#include "model/spec/spec_reader.h"

namespace scalescope {

using nlohmann::json;

namespace {
// Limits of a scenario's counts: 2^20 GPUs (ten times the largest cluster the
// views are exercised on) and 2^30 for any other count (sequence length,
// batch, parallel degree), so products of counts stay far inside 64 bits.
constexpr long long kMaxScenarioGpus = 1LL << 20;
} // namespace

bool padsToCapacity(const TrainingSettings& t) noexcept
{
    return t.moeCapacityFactor > 0 && t.moePadToCapacity.value_or(t.moeDispatcher == MoeDispatcher::AllToAll);
}

int ParallelLayout::size(Axis a) const noexcept
{
    switch (a) {
    case Axis::Tp: return tp;
    case Axis::Cp: return cp;
    case Axis::Ep: return ep;
    case Axis::Dp: return dp;
    case Axis::Pp: return pp;
    }
    return 1;
}

double ParallelLayout::expertDataParallel() const noexcept
{
    if (folded()) return static_cast<double>(tp) * cp * dp / (static_cast<double>(etp) * ep);
    return static_cast<double>(dp) / ep * cp;
}

namespace {

// An inline system or model: read as a spec, by the spec reader's rules (a
// key it does not read is an error, as in a spec file).
template <class Spec, class ReadFn>
std::optional<Spec> readInline(const json& doc, const std::string& key, const std::string& file, SpecErrors& errors,
                               ReadFn read)
{
    SpecErrors local;
    json sub = doc[key];
    SpecReader reader(file + " (" + key + ")", sub, local);
    Spec spec = read(reader);
    reader.reportUnreadKeys();
    for (SpecError& e : local) {
        e.file = file;
        e.path = "/" + key + e.path;
    }
    errors.insert(errors.end(), local.begin(), local.end());
    if (!local.empty()) return std::nullopt;
    return spec;
}

} // namespace

std::optional<Scenario> parseScenario(const json& doc, const std::string& file, SpecErrors& errors)
{
    const size_t before = errors.size();
    if (!doc.is_object()) {
        errors.push_back({file, "", "expected a scenario object, found " + describeJson(&doc)});
        return std::nullopt;
    }
    ScenarioReader r(doc, file, errors);
    const std::string format = r.text("/format", "", true);
    if (!format.empty() && format != "scalescope-scenario/1")
        r.error("/format", "expected \"scalescope-scenario/1\", found \"" + format + "\"");

    Scenario s;
    s.name = r.text("/name", "Untitled scenario");
    s.description = r.text("/description", "");
    if (doc.contains("system") && doc["system"].is_object()) {
        s.inlineSystem =
            readInline<SystemSpec>(doc, "system", file, errors, [](SpecReader& sr) { return readSystemSpec(sr); });
        if (s.inlineSystem) s.system = s.inlineSystem->id;
        s.inlineSystemJson = doc["system"];
    } else {
        s.system = r.text("/system", "", true);
    }
    if (doc.contains("model") && doc["model"].is_object()) {
        s.inlineModel =
            readInline<ModelSpec>(doc, "model", file, errors, [](SpecReader& sr) { return readModelSpec(sr); });
        if (s.inlineModel) s.model = s.inlineModel->id;
        s.inlineModelJson = doc["model"];
    } else {
        s.model = r.text("/model", "", true);
    }
    s.gpus = r.whole("/gpus", 8, 1, true, kMaxScenarioGpus);
    const std::string mode = r.text("/mode", "training");
    if (mode == "inference") s.mode = Mode::Inference;
    else if (mode != "training") r.error("/mode", "expected \"training\" or \"inference\", found \"" + mode + "\"");
    // The schema's required blocks: a training scenario says how it trains
    // rather than running on invisible defaults.
    if (s.mode == Mode::Training && !r.at("/training"))
        r.error("/training", "expected a training block (seq_len, global_batch, precision) for mode \"training\"");

    TrainingSettings& t = s.training;
    t.seqLen = static_cast<int>(r.whole("/training/seq_len", t.seqLen, 1));
    t.globalBatch = static_cast<int>(r.whole("/training/global_batch", t.globalBatch, 1));
    t.precision = readPrecision(r, "/training/precision", t.precision);
    t.zeroStage = static_cast<int>(r.whole("/training/zero_stage", t.zeroStage, 0));
    if (t.zeroStage > 3) r.error("/training/zero_stage", "expected 0, 1, 2 or 3, found " + std::to_string(t.zeroStage));
    const std::string recompute = r.text("/training/recompute", std::string(recomputeKey(t.recompute)));
    if (auto rc = recomputeFromKey(recompute)) t.recompute = *rc;
    else r.error("/training/recompute", "expected \"none\", \"selective\", \"full\" or \"per-op\", found \"" + recompute + "\"");
    t.tokensTotal = r.number("/training/tokens_total", 0, 0);
    const std::string balancing = r.text("/training/moe_balancing", std::string(moeBalancingKey(t.moeBalancing)));
    if (const auto b = moeBalancingFromKey(balancing)) t.moeBalancing = *b;
    else r.error("/training/moe_balancing", "expected \"aux-loss\", \"loss-free\" or \"forced\", found \"" + balancing + "\"");
    const std::string optimizer = r.text("/training/optimizer_state", "fp32");
    if (optimizer == "bf16-moments") t.optimizerState = OptimizerState::Bf16Moments;
    else if (optimizer != "fp32")
        r.error("/training/optimizer_state", "expected \"fp32\" or \"bf16-moments\", found \"" + optimizer + "\"");
    const std::string zero3 = r.text("/training/zero3_style", std::string(zero3StyleKey(t.zero3Style)));
    if (const auto style = zero3StyleFromKey(zero3)) t.zero3Style = *style;
    else r.error("/training/zero3_style", "expected \"deepspeed\" or \"fsdp\", found \"" + zero3 + "\"");
    const std::string loss = r.text("/training/cross_entropy", std::string(crossEntropyKey(t.crossEntropy)));
    if (const auto kernel = crossEntropyFromKey(loss)) t.crossEntropy = *kernel;
    else r.error("/training/cross_entropy", "expected \"fused\" or \"eager\", found \"" + loss + "\"");
    const std::string dispatcher = r.text("/training/moe_dispatcher", std::string(moeDispatcherKey(t.moeDispatcher)));
    if (const auto d = moeDispatcherFromKey(dispatcher)) t.moeDispatcher = *d;
    else
        r.error("/training/moe_dispatcher", "expected \"alltoall\", \"deepep\" or \"deepep-fp8\", found \"" + dispatcher + "\"" +
                                                didYouMean(dispatcher, {"alltoall", "deepep", "deepep-fp8"}));
    t.moeCapacityFactor = r.number("/training/moe_capacity_factor", 0, 1);
    if (const json* pad = r.at("/training/moe_pad_to_capacity")) {
        t.moePadToCapacity = r.flag("/training/moe_pad_to_capacity", false);
        if (t.moeCapacityFactor == 0)
            r.error("/training/moe_pad_to_capacity", "expected only with moe_capacity_factor (dropless experts have no capacity to pad to), found " +
                                                         pad->dump());
        else if (*t.moePadToCapacity && t.moeDispatcher != MoeDispatcher::AllToAll)
            r.error("/training/moe_pad_to_capacity", "expected false with moe_dispatcher \"" + dispatcher +
                                                         "\" (Megatron-Core's flex dispatcher, which runs DeepEP, does not pad to capacity), found true");
    }
    t.moePermuteFusion = r.flag("/training/moe_permute_fusion", false);
    const std::string cpComm = r.text("/training/cp_comm", std::string(cpCommKey(t.cpComm)));
    if (const auto c = cpCommFromKey(cpComm)) t.cpComm = *c;
    else r.error("/training/cp_comm", "expected \"p2p\", \"all-gather\" or \"ring-all-gather\", found \"" + cpComm + "\"");
    const std::string grads = r.text("/training/main_grads", "fp32");
    t.fp32MainGrads = grads != "bf16";
    if (grads != "bf16" && grads != "fp32") r.error("/training/main_grads", "expected \"bf16\" or \"fp32\", found \"" + grads + "\"");
    if (const json* modules = r.at("/training/recompute_modules")) {
        bool ok = modules->is_array();
        for (size_t i = 0; ok && i < modules->size(); ++i) {
            const json& m = (*modules)[i];
            const std::string key = m.is_string() ? m.get<std::string>() : std::string();
            if (key == "norm") t.recomputeModules.norm = true;
            else if (key == "mla-up-proj") t.recomputeModules.mlaUpProj = true;
            else if (key == "swiglu") t.recomputeModules.swiglu = true;
            else if (key == "moe") t.recomputeModules.moe = true;
            else ok = false;
        }
        if (!ok)
            r.error("/training/recompute_modules",
                    "expected a list of \"norm\", \"mla-up-proj\", \"swiglu\" and \"moe\", found " + modules->dump());
    }

    t.recomputeLayers = static_cast<int>(r.whole("/training/recompute_layers", 0, 1));
    if (t.recomputeLayers > 0 && t.recompute != Recompute::Full)
        r.error("/training/recompute_layers", "expected only with recompute \"full\" (the layers of each stage that recompute in full), found recompute \"" +
                                                  recompute + "\"");

    t.mtpLayers = static_cast<int>(r.whole("/training/mtp_layers", 0, 0, false, kMaxMtpModules));

    t.fp8Params = r.flag("/training/fp8_params", false);
    if (t.fp8Params && t.precision != Precision::Fp8)
        r.error("/training/fp8_params", std::string("expected only with precision \"fp8\" (weights kept and gathered in FP8), found precision \"") +
                                            std::string(precisionKey(t.precision)) + "\"");

    if (const json* scaling = r.at("/training/fp8_scaling")) {
        const auto known = scaling->is_string() ? fp8ScalingFromKey(scaling->get<std::string>()) : std::nullopt;
        if (known) t.fp8Scaling = *known;
        if (!known) r.error("/training/fp8_scaling", "expected \"delayed\", \"tensorwise\" or \"blockwise\", found " + scaling->dump());
        else if (t.precision != Precision::Fp8 && t.precision != Precision::Fp4)
            r.error("/training/fp8_scaling", std::string("expected only with precision \"fp8\" or \"fp4\" (how the casts find their scale), found precision \"") +
                                                 std::string(precisionKey(t.precision)) + "\"");
    }

    t.attentionKernel = r.text("/training/attention_kernel", "");
    if (r.at("/training/attention_kernel") && t.attentionKernel.empty())
        r.error("/training/attention_kernel", "expected a kernel id such as \"cudnn\" or \"flash2\", found \"\"");

    ParallelLayout& p = s.parallel;
    p.tp = static_cast<int>(r.whole("/parallel/tp", 1, 1));
    p.pp = static_cast<int>(r.whole("/parallel/pp", 1, 1));
    p.cp = static_cast<int>(r.whole("/parallel/cp", 1, 1));
    p.ep = static_cast<int>(r.whole("/parallel/ep", 1, 1));
    p.vpp = static_cast<int>(r.whole("/parallel/vpp", 1, 1));
    if (r.at("/parallel/etp")) p.etp = static_cast<int>(r.whole("/parallel/etp", 1, 1));
    p.microbatchSize = static_cast<int>(r.whole("/parallel/microbatch_size", 1, 1));
    const long long modelParallel = static_cast<long long>(p.tp) * p.pp * p.cp;
    p.dp = static_cast<int>(r.whole("/parallel/dp", modelParallel > 0 ? std::max(1LL, s.gpus / modelParallel) : 1, 1));
    const std::string schedule = r.text("/parallel/schedule", p.vpp > 1 ? "interleaved-1f1b" : "1f1b");
    if (auto sc = scheduleFromKey(schedule)) p.schedule = *sc;
    else r.error("/parallel/schedule", "expected \"gpipe\", \"1f1b\", \"interleaved-1f1b\" or \"zero-bubble\", found \"" + schedule + "\"");
    if (const json* order = r.at("/parallel/order")) {
        bool ok = order->is_array() && order->size() == kAxisCount;
        AxisOrder parsed{};
        bool seen[kAxisCount] = {};
        for (size_t i = 0; ok && i < order->size(); ++i) {
            const json& e = (*order)[i];
            bool found = false;
            for (Axis a : {Axis::Tp, Axis::Cp, Axis::Ep, Axis::Dp, Axis::Pp}) {
                if (e.is_string() && e.get<std::string>() == axisKey(a) && !seen[static_cast<int>(a)]) {
                    parsed[i] = a;
                    seen[static_cast<int>(a)] = true;
                    found = true;
                }
            }
            ok = found;
        }
        if (ok) p.order = parsed;
        else r.error("/parallel/order", "expected the five axes \"tp\", \"cp\", \"ep\", \"dp\", \"pp\" each once, innermost first, found " + order->dump());
    }

    s.network.sharp = r.flag("/network/sharp", false);
    // "efficiency" governs compute and communication; files written before it
    // moved to the top level keep "network.efficiency", still read here.
    const char* efficiencyPath = r.at("/efficiency") || !r.at("/network/efficiency") ? "/efficiency" : "/network/efficiency";
    const std::string efficiency = r.text(efficiencyPath, "measured");
    if (efficiency == "theoretical") s.efficiency = EfficiencyMode::Theoretical;
    else if (efficiency != "measured") r.error(efficiencyPath, "expected \"theoretical\" or \"measured\", found \"" + efficiency + "\"");

    // Which calibrations: ids checked against the catalog when the scenario is
    // resolved (system/resolve_system.cpp), where the GPU's architecture is known.
    if (const json* block = r.at("/calibration"); block && !block->is_object())
        r.error("/calibration", "expected an object {\"compute\": id, \"network\": id}, found " + block->dump());
    for (const auto& [path, id] : {std::pair{"/calibration/compute", &s.calibration.compute},
                                   std::pair{"/calibration/network", &s.calibration.network}}) {
        *id = r.text(path, "");
        if (r.at(path) && id->empty()) r.error(path, "expected a calibration id (see `scalescope-cli calibration list`), found \"\"");
    }

    OverlapSettings& o = s.overlap;
    const std::string tpOverlap = r.text("/overlap/tp", std::string(tpOverlapKey(o.tp)));
    if (tpOverlap == "none") o.tp = TpOverlap::None;
    else if (tpOverlap == "pipelined") o.tp = TpOverlap::Pipelined;
    else r.error("/overlap/tp", "expected \"none\" or \"pipelined\", found \"" + tpOverlap + "\"");
    const std::string epOverlap = r.text("/overlap/ep", std::string(epOverlapKey(o.ep)));
    if (epOverlap == "none") o.ep = EpOverlap::None;
    else if (epOverlap == "1f1b") o.ep = EpOverlap::OneFOneB;
    else if (epOverlap == "dualpipe") o.ep = EpOverlap::DualPipe;
    else r.error("/overlap/ep", "expected \"none\", \"1f1b\" or \"dualpipe\", found \"" + epOverlap + "\"");
    o.dpGradReduce = r.flag("/overlap/dp", o.dpGradReduce);
    o.dpParamGather = r.flag("/overlap/dp_param_gather", o.dpParamGather);
    o.zero3Prefetch = r.flag("/overlap/zero3_prefetch", o.zero3Prefetch);
    o.pp = r.flag("/overlap/pp", o.pp);
    o.cp = r.flag("/overlap/cp", o.cp);
    o.moeSharedExpert = r.flag("/overlap/moe_shared_expert", o.moeSharedExpert);

    FacilitySettings& f = s.facility;
    f.coolant = r.text("/facility/coolant", f.coolant);
    if (f.coolant != "water" && f.coolant != "pg25")
        r.error("/facility/coolant", "expected \"water\" or \"pg25\" (25 % propylene glycol), found \"" + f.coolant + "\"");
    f.deltaTK = r.number("/facility/delta_T_K", f.deltaTK, 0, true);
    f.pue = r.number("/facility/pue", f.pue, 1.0);
    f.pricePerKWh = r.number("/facility/price_per_kWh", f.pricePerKWh, 0);
    f.pricePerGpuHour = r.number("/facility/price_per_gpu_hour", f.pricePerGpuHour, 0);
    f.currency = r.text("/facility/currency", f.currency);
    if (f.currency.size() != 3 || !std::all_of(f.currency.begin(), f.currency.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
        r.error("/facility/currency", "expected a three-letter ISO 4217 code such as \"USD\", \"EUR\" or \"CNY\", found \"" + f.currency + "\"");

    readInferenceBlock(r, s);
    if (const auto& pool = s.inference.prefillPool; pool && !r.at("/parallel/dp") && modelParallel > 0) {
        // An omitted dp fills the GPUs the prefill pool leaves to the decode pool.
        const double poolGpus = static_cast<double>(pool->tp) * pool->pp * pool->dp; // in double: each up to 2^30
        if (poolGpus < static_cast<double>(s.gpus))
            p.dp = static_cast<int>(std::max(1LL, (s.gpus - static_cast<long long>(poolGpus)) / modelParallel));
    }

    for (const std::string& key : scenarioDocumentationKeys())
        if (doc.contains(key)) s.extra[key] = doc[key];
    for (SpecError& e : unknownScenarioKeys(doc, file))
        errors.push_back(std::move(e));
    if (errors.size() != before) return std::nullopt;
    return s;
}

std::optional<Scenario> loadScenarioFile(const std::filesystem::path& file, SpecErrors& errors)
{
    const auto doc = readJsonFile(file, errors);
    if (!doc) return std::nullopt;
    return parseScenario(*doc, file.string(), errors);
}

} // namespace scalescope

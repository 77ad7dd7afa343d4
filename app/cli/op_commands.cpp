#include "cli_args.h"
#include "commands.h"

#include "model/network/collectives.h"
#include "model/spec/quantity_parser.h"
#include "model/chip/roofline.h"
#include "model/spec/spec_catalog.h"
#include "model/network/topology.h"

#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

constexpr const char* kCollectiveHelp = R"(usage: scalescope-cli collective --system ID --op OP --bytes B --gpus N
                                [--stride S] [--cluster-gpus M] [--sharp]
                                [--mode theoretical|measured] [--top-k K]

Cost of one collective over N GPUs of a system (seed 004's multi-tier model;
in measured mode an AllGather or ReduceScatter across nodes runs NCCL's flat
ring, (n - 1)/n of the array leaving each node).
  --op       allgather | reducescatter | allreduce | alltoall | p2p
  --bytes    the whole array of the group: "512 MB", "1 GiB" or a byte count
  --stride   rank distance between members (an inner mesh axis of that size)
  --cluster-gpus  GPUs in the built cluster (default N x stride)
  --top-k    sparse AllToAll: destinations per token
Prints time_s, algbw_Bps and the per-tier breakdown as JSON.
)";

constexpr const char* kMatmulHelp = R"(usage: scalescope-cli matmul --gpu ID --m M --k K --n N --dtype DT

Roofline time of C[M,N] = A[M,K] · B[K,N] on one GPU: max(FLOPs / peak,
bytes / HBM bandwidth). DT: fp64, tf32, bf16, fp16, fp8, fp4.
Prints time_s, flops, bytes, intensity and bound (compute or memory).
)";

// Input limits: the largest cluster the topology builder is exercised on
// (100,008 GB200 GPUs in bench) with headroom, and a matrix side far beyond any
// layer's (2^24).
constexpr long long kMaxClusterGpus = 1'048'576;
constexpr long long kMaxMatmulDimension = 16'777'216;

std::optional<double> bytesArg(const std::string& text, std::ostream& err)
{
    const QuantityParse p = parseQuantity(text);
    if (p && (p.quantity->dimension == Dimension::Bytes || p.quantity->dimension == Dimension::Count) && p.quantity->si > 0)
        return p.quantity->si;
    err << "error: --bytes: expected a size such as \"512 MB\", \"64 KiB\" or a byte count > 0, found \"" << text << "\"";
    if (!p && !p.error.empty()) err << ": " << p.error;
    err << "\n";
    return std::nullopt;
}

} // namespace

int runCollective(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto a = CliArgs::parse(args, {"--sharp", "--help"},
                                  {"--system", "--op", "--bytes", "--gpus", "--stride", "--cluster-gpus", "--mode", "--top-k"}, err);
    if (!a) return Usage;
    if (a->has("--help")) { out << kCollectiveHelp; return Ok; }
    for (const char* required : {"--system", "--op", "--bytes", "--gpus"})
        if (!a->value(required)) { err << "error: collective needs " << required << "\n" << kCollectiveHelp; return Usage; }
    const SpecCatalog& catalog = sharedCatalog(err);
    const SystemSpec* system = catalog.system(*a->value("--system"));
    if (!system) { reportUnknownId("--system", "system", *a->value("--system"), catalog.ids(SpecKind::System), err); return BadInput; }
    const GpuSpec* gpu = catalog.gpu(system->gpu);
    const auto kind = collectiveFromKey(*a->value("--op"));
    if (!kind) { err << "error: --op: expected allgather, reducescatter, allreduce, alltoall or p2p, found \"" << *a->value("--op") << "\"\n"; return BadInput; }
    const auto bytes = bytesArg(*a->value("--bytes"), err);
    if (!bytes) return BadInput;
    const auto gpus = parseWholeArg("--gpus", *a->value("--gpus"), 1, kMaxClusterGpus, err);
    if (!gpus) return BadInput;
    const auto stride = parseWholeArg("--stride", a->value("--stride").value_or("1"), 1, kMaxClusterGpus, err);
    if (!stride) return BadInput;
    std::optional<long long> topK = 0;
    if (const auto text = a->value("--top-k")) {
        if (*kind != CollectiveKind::AllToAll) { err << "error: --top-k applies to --op alltoall only\n"; return BadInput; }
        topK = parseWholeArg("--top-k", *text, 1, *gpus, err);
        if (!topK) return BadInput;
    }
    if (*gpus * *stride > kMaxClusterGpus) {
        err << "error: --gpus x --stride: expected at most " << kMaxClusterGpus << " GPUs, found " << *gpus * *stride << "\n";
        return BadInput;
    }
    const auto cluster = parseWholeArg("--cluster-gpus", a->value("--cluster-gpus").value_or(std::to_string(*gpus * *stride)),
                                       *gpus * *stride, kMaxClusterGpus, err);
    if (!cluster) return BadInput;
    const std::string mode = a->value("--mode").value_or("theoretical");
    if (mode != "theoretical" && mode != "measured") { err << "error: --mode: expected theoretical or measured\n"; return BadInput; }
    const CalibrationSpec* calibration = catalog.calibration("nccl-measured");
    if (mode == "measured" && !calibration) { err << "error: measured mode needs specs/calibration/nccl-measured.json\n"; return BadInput; }
    NetworkTiers net;
    try {
        net = Topology(*system, *gpu, static_cast<long long>(*cluster)).tiers(calibration);
    } catch (const std::exception& ex) {
        err << "error: " << ex.what() << "\n";
        return BadInput;
    }
    const CollectiveOptions options{mode == "measured" ? EfficiencyMode::Measured : EfficiencyMode::Theoretical, a->has("--sharp"), static_cast<double>(*topK), calibration};
    const CollectiveCost c = collectiveCost(net, *kind, Bytes{*bytes}, {*gpus, *stride}, options);
    nlohmann::json tiers = nlohmann::json::array();
    for (int i = 0; i < c.tierCount; ++i) {
        const TierCost& t = c.tiers[static_cast<size_t>(i)];
        tiers.push_back({{"tier", net.tiers[static_cast<size_t>(i)].name}, {"time_s", t.time.si}, {"degree", t.degree},
                         {"concurrency", t.concurrency}, {"bandwidth_Bps", t.bandwidth.si}, {"efficiency", t.efficiency}});
    }
    out << nlohmann::json{{"system", system->id}, {"op", collectiveKey(*kind)}, {"bytes", *bytes}, {"gpus", *gpus},
                          {"stride", *stride}, {"mode", mode}, {"sharp", a->has("--sharp")}, {"time_s", c.time.si},
                          {"bandwidth_time_s", c.bandwidthTime.si}, {"latency_s", c.latency.si},
                          {"algbw_Bps", c.algorithmBandwidth(Bytes{*bytes}).si},
                          {"bottleneck_tier", c.bottleneckTier >= 0 ? nlohmann::json(net.tiers[static_cast<size_t>(c.bottleneckTier)].name) : nlohmann::json()},
                          {"tiers", tiers}}
               .dump(2)
        << "\n";
    return Ok;
}

int runMatmul(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto a = CliArgs::parse(args, {"--help"}, {"--gpu", "--m", "--k", "--n", "--dtype"}, err);
    if (!a) return Usage;
    if (a->has("--help")) { out << kMatmulHelp; return Ok; }
    for (const char* required : {"--gpu", "--m", "--k", "--n", "--dtype"})
        if (!a->value(required)) { err << "error: matmul needs " << required << "\n" << kMatmulHelp; return Usage; }
    const SpecCatalog& catalog = sharedCatalog(err);
    const GpuSpec* gpu = catalog.gpu(*a->value("--gpu"));
    if (!gpu) { reportUnknownId("--gpu", "gpu", *a->value("--gpu"), catalog.ids(SpecKind::Gpu), err); return BadInput; }
    std::optional<long long> m, k, n;
    for (auto [name, slot] : {std::pair{"--m", &m}, std::pair{"--k", &k}, std::pair{"--n", &n}}) {
        *slot = parseWholeArg(name, *a->value(name), 1, kMaxMatmulDimension, err);
        if (!*slot) return BadInput;
    }
    const auto dtype = precisionFromKey(*a->value("--dtype"));
    if (!dtype) { err << "error: --dtype: expected fp64, tf32, bf16, fp16, fp8 or fp4, found \"" << *a->value("--dtype") << "\"\n"; return BadInput; }
    const auto cost = matmulCost(*gpu, static_cast<double>(*m), static_cast<double>(*k), static_cast<double>(*n), *dtype);
    if (!cost) { err << "error: " << gpu->name << " has no " << precisionKey(*dtype) << " Tensor Core peak\n"; return BadInput; }
    out << nlohmann::json{{"gpu", gpu->id}, {"m", *m}, {"k", *k}, {"n", *n}, {"dtype", precisionKey(*dtype)},
                          {"time_s", cost->time.si}, {"compute_s", cost->computeTime.si}, {"memory_s", cost->memoryTime.si},
                          {"flops", cost->flops.si}, {"bytes", cost->bytes.si}, {"intensity", cost->intensity},
                          {"ridge_intensity", ridgeIntensity(*gpu, *dtype).value_or(0)},
                          {"bound", cost->bound == Bound::Compute ? "compute" : "memory"}}
               .dump(2)
        << "\n";
    return Ok;
}

} // namespace scalescope::cli

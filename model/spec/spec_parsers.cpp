#include "model/spec/spec_parsers.h"

#include "model/spec/facility_specs.h"

namespace scalescope {

using D = Dimension;

GpuSpec readGpuSpec(SpecReader& r)
{
    GpuSpec g;
    g.id = r.text("/id");
    g.name = r.text("/name");
    g.architecture = r.text("/architecture");
    g.sources = r.sources();
    g.sms = r.integer("/sms");
    g.boostClock = r.optQuantity<D::Frequency>("/boost_clock");
    g.dies = r.integer("/dies");
    g.transistors = r.optCount("/transistors");
    if (r.exists("/die_to_die") && !r.isNull("/die_to_die")) {
        g.dieToDieName = r.text("/die_to_die/name");
        g.dieToDieBandwidth = r.quantity<D::ByteRate>("/die_to_die/bandwidth");
    }
    SmSpec& sm = g.sm;
    sm.subpartitions = r.integer("/sm/subpartitions");
    sm.fp32LanesPerSubpartition = r.integer("/sm/fp32_lanes_per_subpartition");
    sm.int32LanesPerSubpartition = r.optInteger("/sm/int32_lanes_per_subpartition");
    sm.fp64LanesPerSubpartition = r.optInteger("/sm/fp64_lanes_per_subpartition");
    sm.tensorCoresPerSubpartition = r.integer("/sm/tensor_cores_per_subpartition");
    sm.registerFile = r.quantity<D::Bytes>("/sm/register_file");
    sm.l1Smem = r.quantity<D::Bytes>("/sm/l1_smem");
    sm.smemMax = r.optQuantity<D::Bytes>("/sm/smem_max");
    sm.tmem = r.optQuantity<D::Bytes>("/sm/tmem");
    sm.maxWarps = r.integer("/sm/max_warps");
    sm.maxThreads = r.optInteger("/sm/max_threads");
    sm.maxBlocks = r.optInteger("/sm/max_blocks");
    sm.maxRegistersPerThread = r.optInteger("/sm/max_registers_per_thread");
    sm.gpcs = r.optInteger("/sm/gpcs");
    sm.tensorCoreFlopsPerCycle = r.optCount("/sm/tensor_core_flops_per_cycle");
    g.l2Capacity = r.quantity<D::Bytes>("/l2/capacity");
    g.l2Partitions = r.optInteger("/l2/partitions");
    g.l2Bandwidth = r.optQuantity<D::ByteRate>("/l2/bandwidth");
    g.hbm.generation = r.text("/hbm/generation");
    g.hbm.stacks = r.integer("/hbm/stacks");
    g.hbm.stackCapacity = r.optQuantity<D::Bytes>("/hbm/stack_capacity");
    g.hbm.capacityNominal = r.quantity<D::Bytes>("/hbm/capacity_nominal");
    g.hbm.capacityUsable = r.quantity<D::Bytes>("/hbm/capacity_usable");
    g.hbm.bandwidth = r.quantity<D::ByteRate>("/hbm/bandwidth");
    if (g.hbm.capacityUsable.value > g.hbm.capacityNominal.value)
        r.error("/hbm/capacity_usable", "expected at most the nominal capacity " +
                                            formatBytes(g.hbm.capacityNominal.value) + ", found " +
                                            formatBytes(g.hbm.capacityUsable.value));
    if (!r.exists("/peak_dense")) r.error("/peak_dense", "expected an object of dense peaks per precision, found nothing");
    for (Precision p : kAllPrecisions) {
        const std::string path = "/peak_dense/" + std::string(precisionKey(p));
        if (auto q = r.optQuantity<D::FlopRate>(path)) g.peakDense[p] = *q;
    }
    if (g.peakDense.count(Precision::Fp32) == 0)
        r.error("/peak_dense/fp32", "expected the FP32 vector peak, found nothing");
    g.nvlinkGeneration = r.integer("/nvlink/generation");
    g.nvlinkLinks = r.integer("/nvlink/links");
    g.nvlinkBandwidth = r.quantity<D::ByteRate>("/nvlink/bandwidth");
    if (r.exists("/pcie") && !r.isNull("/pcie")) {
        g.pcieGeneration = r.integer("/pcie/generation");
        g.pcieBandwidth = r.quantity<D::ByteRate>("/pcie/bandwidth");
    }
    if (r.exists("/c2c") && !r.isNull("/c2c")) g.c2cBandwidth = r.quantity<D::ByteRate>("/c2c/bandwidth");
    g.tdp = r.quantity<D::Power>("/power/tdp");
    return g;
}

CpuSpec readCpuSpec(SpecReader& r)
{
    CpuSpec c;
    c.id = r.text("/id");
    c.name = r.text("/name");
    c.sources = r.sources();
    c.cores = r.integer("/cores");
    c.clock = r.optQuantity<D::Frequency>("/clock");
    c.l3 = r.optQuantity<D::Bytes>("/l3");
    c.memoryType = r.text("/memory_type");
    c.memoryCapacity = r.quantity<D::Bytes>("/memory_capacity");
    c.memoryBandwidth = r.quantity<D::ByteRate>("/memory_bandwidth");
    c.tdp = r.optQuantity<D::Power>("/tdp");
    return c;
}

SuperchipSpec readSuperchipSpec(SpecReader& r)
{
    SuperchipSpec s;
    s.id = r.text("/id");
    s.name = r.text("/name");
    s.sources = r.sources();
    s.cpu = r.text("/cpu");
    s.gpu = r.text("/gpu");
    s.gpus = r.integer("/gpus");
    s.c2cBandwidth = r.quantity<D::ByteRate>("/c2c_bandwidth");
    s.lpddr5xCapacity = r.quantity<D::Bytes>("/lpddr5x_capacity");
    s.lpddr5xBandwidth = r.quantity<D::ByteRate>("/lpddr5x_bandwidth");
    s.modulePower = r.optQuantity<D::Power>("/module_power");
    return s;
}

namespace {

NicGroupSpec readNics(SpecReader& r, const std::string& path)
{
    return {r.integer(path + "/count"), r.quantity<D::ByteRate>(path + "/speed"), r.text(path + "/model")};
}

std::optional<Sourced<Watts>> optPower(SpecReader& r, const std::string& path)
{
    return r.optQuantity<D::Power>(path);
}

} // namespace

SystemSpec readSystemSpec(SpecReader& r)
{
    SystemSpec s;
    s.id = r.text("/id");
    s.name = r.text("/name");
    s.sources = r.sources();
    s.gpu = r.text("/gpu");
    s.superchip = r.optText("/superchip");
    s.cooling = r.text("/cooling");
    if (!s.cooling.empty() && s.cooling != "air" && s.cooling != "liquid")
        r.error("/cooling", "expected \"air\" or \"liquid\", found \"" + s.cooling + "\"");

    NvlinkDomainSpec& d = s.nvlinkDomain;
    d.name = r.text("/nvlink_domain/name");
    d.gpus = r.integer("/nvlink_domain/gpus");
    d.nvswitch.chips = r.integer("/nvlink_domain/nvswitch/chips");
    d.nvswitch.generation = r.integer("/nvlink_domain/nvswitch/generation");
    d.nvswitch.portsPerChip = r.integer("/nvlink_domain/nvswitch/ports_per_chip");
    d.nvswitch.portBandwidth = r.quantity<D::ByteRate>("/nvlink_domain/nvswitch/port_bandwidth");
    d.nvswitch.linksPerGpu = r.intList("/nvlink_domain/nvswitch/links_per_gpu");
    d.nvswitch.linksSource = r.text("/nvlink_domain/nvswitch/links_source");
    if (!d.nvswitch.linksSource.empty() && r.sources().count(d.nvswitch.linksSource) == 0)
        r.error("/nvlink_domain/nvswitch/links_source", "expected a key of /sources, found \"" + d.nvswitch.linksSource + "\"");
    if (!d.nvswitch.linksPerGpu.empty() && static_cast<int>(d.nvswitch.linksPerGpu.size()) != d.nvswitch.chips.value)
        r.error("/nvlink_domain/nvswitch/links_per_gpu",
                "expected one entry per switch chip (" + std::to_string(d.nvswitch.chips.value) + "), found " +
                    std::to_string(d.nvswitch.linksPerGpu.size()));
    d.sharp = r.flag("/nvlink_domain/sharp", false);

    NodeSpec& n = s.node;
    n.name = r.text("/node/name");
    n.gpus = r.integer("/node/gpus");
    n.cpus = r.integer("/node/cpus");
    n.cpuModel = r.text("/node/cpu_model");
    n.superchips = r.optInteger("/node/superchips");
    n.rackUnits = r.integer("/node/rack_units");
    n.nics = readNics(r, "/node/nics");
    if (r.exists("/node/dpus") && !r.isNull("/node/dpus")) n.dpus = readNics(r, "/node/dpus");
    n.power = r.quantity<D::Power>("/node/power");
    s.nodesPerDomain = r.integer("/nodes_per_domain");
    if (n.gpus.value * s.nodesPerDomain.value != d.gpus.value && n.gpus.value > 0)
        r.error("/nodes_per_domain", "expected node GPUs x nodes per domain = " + std::to_string(d.gpus.value) +
                                         " GPUs in the NVLink domain, found " +
                                         std::to_string(n.gpus.value * s.nodesPerDomain.value));
    if (r.exists("/switch_trays") && !r.isNull("/switch_trays")) {
        SwitchTraySpec t;
        t.count = r.integer("/switch_trays/count");
        t.chipsPerTray = r.integer("/switch_trays/chips_per_tray");
        t.rackUnits = r.integer("/switch_trays/rack_units");
        t.power = optPower(r, "/switch_trays/power");
        s.switchTrays = t;
    }

    ScaleOutSpec& so = s.scaleOut;
    so.fabric = r.text("/scale_out/fabric");
    so.nicBandwidthPerGpu = r.quantity<D::ByteRate>("/scale_out/nic_bandwidth_per_gpu");
    so.railOptimized = r.flag("/scale_out/rail_optimized", true);
    so.switchModel = r.text("/scale_out/switch_model");
    so.switchPorts = r.integer("/scale_out/switch_ports");
    so.portSpeed = r.quantity<D::ByteRate>("/scale_out/port_speed");
    so.sharp = r.flag("/scale_out/sharp", false);
    so.maxGpus = r.integer("/scale_out/max_gpus");
    if (!r.exists("/scale_out/tiers")) r.error("/scale_out/tiers", "expected a list of fabric tiers, found nothing");
    for (int i = 0; r.exists("/scale_out/tiers/" + std::to_string(i)); ++i) {
        const std::string p = "/scale_out/tiers/" + std::to_string(i);
        FabricTierSpec t;
        t.name = r.text(p + "/name");
        t.unit = r.text(p + "/unit");
        t.children = r.integer(p + "/children");
        t.switches = r.integer(p + "/switches");
        t.oversubscription = r.count(p + "/oversubscription");
        if (t.oversubscription.value < 1.0 && t.oversubscription.value > 0)
            r.error(p + "/oversubscription/value", "expected a ratio >= 1 (1 = full bisection), found " +
                                                       formatSignificant(t.oversubscription.value, 4));
        so.tiers.push_back(std::move(t));
    }

    RackSpec& rack = s.rack;
    rack.units = r.integer("/rack/units");
    rack.feeds = r.integer("/rack/feeds");
    rack.feedRedundancy = r.text("/rack/feed_redundancy");
    if (!rack.feedRedundancy.empty() && !feedRedundancyFromKey(rack.feedRedundancy))
        r.error("/rack/feed_redundancy", "expected \"N\", \"N+1\" or \"2N\", found \"" + rack.feedRedundancy + "\"");
    std::vector<int> used(static_cast<size_t>(std::max(rack.units.value, 0)) + 1, -1);
    for (int i = 0; r.exists("/rack/slots/" + std::to_string(i)); ++i) {
        const std::string p = "/rack/slots/" + std::to_string(i);
        RackSlotSpec slot;
        slot.u = r.wholeNumber(p + "/u", 1);
        slot.height = r.wholeNumber(p + "/height", 1);
        for (int k = slot.u; k < slot.u + slot.height; ++k) {
            if (k < 1 || k >= static_cast<int>(used.size())) {
                r.error(p + "/u", "expected the slot to fit in units 1.." + std::to_string(rack.units.value) +
                                      ", found units " + std::to_string(slot.u) + ".." +
                                      std::to_string(slot.u + slot.height - 1));
                break;
            }
            if (used[static_cast<size_t>(k)] >= 0) {
                r.error(p + "/u", "expected a free rack unit, found unit " + std::to_string(k) +
                                      " already used by slot " + std::to_string(used[static_cast<size_t>(k)]));
                break;
            }
            used[static_cast<size_t>(k)] = i;
        }
        slot.kind = r.text(p + "/kind");
        slot.label = r.text(p + "/label");
        slot.power = optPower(r, p + "/power");
        rack.slots.push_back(std::move(slot));
    }

    ComponentPowerSpec& pw = s.power;
    pw.gpu = optPower(r, "/power/gpu");
    pw.cpu = optPower(r, "/power/cpu");
    pw.nvswitchChip = optPower(r, "/power/nvswitch_chip");
    pw.nic = optPower(r, "/power/nic");
    pw.dpu = optPower(r, "/power/dpu");
    pw.fansPumps = optPower(r, "/power/fans_pumps");
    if (r.exists("/power/conversion_efficiency") && !r.isNull("/power/conversion_efficiency"))
        pw.conversionEfficiency = r.fraction("/power/conversion_efficiency");
    pw.rackPeak = optPower(r, "/power/rack_peak");
    return s;
}

CalibrationSpec readCalibrationSpec(SpecReader& r)
{
    CalibrationSpec c;
    c.id = r.text("/id");
    c.name = r.text("/name");
    c.sources = r.sources();
    if (r.exists("/measured_on")) { // checked here; `calibration list` shows it from the document
        (void)r.text("/measured_on/device");
        (void)r.wholeNumber("/measured_on/gpus", 1);
        (void)r.wholeNumber("/measured_on/nodes", 1);
    }
    if (r.exists("/critical_batch")) {
        c.criticalBatch = CriticalBatchSpec{r.count("/critical_batch/tokens_at_one_nat"), r.count("/critical_batch/warn_factor")};
        if (!r.exists("/nvlink_achievable_fraction") && !r.exists("/memory_reserve")) return c; // a critical-batch-only document
    }
    if (r.exists("/ep_dispatch")) {
        c.epDispatch = EpDispatchSpec{r.fraction("/ep_dispatch/nvlink_dispatch_fraction"),
                                      r.fraction("/ep_dispatch/nvlink_combine_fraction"),
                                      r.fraction("/ep_dispatch/scale_out_dispatch_fraction"),
                                      r.fraction("/ep_dispatch/scale_out_combine_fraction"),
                                      r.count("/ep_dispatch/fp8_dispatch_bytes_per_element")};
        if (!r.exists("/nvlink_achievable_fraction")) return c; // an EP-dispatch-only document
    }
    if (r.exists("/memory_reserve")) {
        MemoryReserveSpec m;
        m.cudaContext = r.quantity<D::Bytes>("/memory_reserve/cuda_context");
        m.ncclBufferPerChannel = r.quantity<D::Bytes>("/memory_reserve/nccl_buffer_per_channel");
        m.ncclChannels = r.count("/memory_reserve/nccl_channels");
        m.ncclPeersPerChannel = r.count("/memory_reserve/nccl_peers_per_channel");
        m.fragmentationFraction = r.fraction("/memory_reserve/fragmentation_fraction");
        c.memoryReserve = m;
        if (!r.exists("/nvlink_achievable_fraction")) return c; // a memory-reserve-only document
    }
    c.nvlinkAchievableFraction = r.fraction("/nvlink_achievable_fraction");
    c.scaleOutAchievableFraction = r.fraction("/scale_out_achievable_fraction");
    c.halfEfficiencyChunk = r.quantity<D::Bytes>("/half_efficiency_chunk");
    if (auto link = r.optQuantity<D::ByteRate>("/half_efficiency_link")) c.halfEfficiencyLink = *link;
    c.sharpMeasuredSpeedup = r.count("/sharp_measured_speedup");
    c.nvlinkStepLatency = r.quantity<D::Time>("/nvlink_step_latency");
    c.scaleOutStepLatency = r.quantity<D::Time>("/scale_out_step_latency");
    c.extraTierLatency = r.quantity<D::Time>("/extra_tier_latency");
    c.dpBucketParams = r.count("/dp_bucket_params");
    c.dpBucketParamsPerRank = r.count("/dp_bucket_params_per_rank");
    if (auto slowdown = r.optCount("/overlap_compute_slowdown")) c.overlapComputeSlowdown = *slowdown;
    if (auto penalty = r.optCount("/overlap_sequential_penalty")) c.overlapSequentialPenalty = *penalty;
    if (auto most = r.optCount("/overlap_compute_slowdown_max")) c.overlapComputeSlowdownMax = *most;
    return c;
}

ModelSpec readModelSpec(SpecReader& r)
{
    ModelSpec m;
    m.id = r.text("/id");
    m.name = r.text("/name");
    m.sources = r.sources();
    m.layers = r.integer("/layers");
    m.hidden = r.integer("/hidden");
    m.ffn = r.integer("/ffn");
    const std::string ffnType = r.text("/ffn_type");
    if (ffnType == "gelu") m.ffnType = FfnType::Gelu;
    else if (ffnType != "swiglu" && !ffnType.empty())
        r.error("/ffn_type", "expected \"swiglu\" or \"gelu\", found \"" + ffnType + "\"");
    m.heads = r.integer("/heads");
    m.kvHeads = r.integer("/kv_heads");
    m.headDim = r.integer("/head_dim");
    m.vocab = r.integer("/vocab");
    m.tiedEmbeddings = r.flag("/tied_embeddings", false);
    m.maxSeqLen = r.optInteger("/max_seq_len");
    m.paramsReported = r.count("/params_reported");
    m.activeParamsReported = r.optCount("/active_params_reported");
    if (m.heads.value > 0 && m.kvHeads.value > 0 && m.heads.value % m.kvHeads.value != 0)
        r.error("/kv_heads/value", "expected a divisor of heads (" + std::to_string(m.heads.value) + "), found " +
                                       std::to_string(m.kvHeads.value));
    if (r.exists("/attention") && !r.isNull("/attention")) {
        const std::string type = r.text("/attention/type");
        if (type != "mla") r.error("/attention/type", "expected \"mla\", found \"" + type + "\"");
        m.mla = MlaSpec{r.integer("/attention/q_lora_rank"), r.integer("/attention/kv_lora_rank"),
                        r.integer("/attention/qk_nope_head_dim"), r.integer("/attention/qk_rope_head_dim"),
                        r.integer("/attention/v_head_dim")};
    }
    if (r.exists("/moe") && !r.isNull("/moe")) {
        MoeSpec moe{r.integer("/moe/experts"), r.integer("/moe/top_k"), r.integer("/moe/shared_experts", true),
                    r.integer("/moe/expert_ffn"), r.integer("/moe/dense_layers", true), std::nullopt};
        if (moe.topK.value > moe.experts.value)
            r.error("/moe/top_k/value", "expected at most the number of experts (" +
                                            std::to_string(moe.experts.value) + "), found " + std::to_string(moe.topK.value));
        if (moe.denseLayers.value >= m.layers.value && m.layers.value > 0)
            r.error("/moe/dense_layers/value", "expected fewer dense layers than layers, found " +
                                                   std::to_string(moe.denseLayers.value));
        if (r.exists("/moe/max_nodes_per_token")) moe.maxNodesPerToken = r.integer("/moe/max_nodes_per_token");
        if (const std::string scoring = r.optText("/moe/score_function").value_or("softmax"); scoring == "sigmoid")
            moe.scoring = MoeScoring::Sigmoid;
        else if (scoring != "softmax")
            r.error("/moe/score_function", "expected \"softmax\" or \"sigmoid\", found \"" + scoring + "\"");
        m.moe = moe;
    }
    return m;
}

} // namespace scalescope

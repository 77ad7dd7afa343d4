#pragma once
// A scenario: which system, how many GPUs, which model, and how it is
// trained or served. Read from *.scalescope.json ("scalescope-scenario/1").
// Sizes count sequences (global_batch, microbatch_size) and tokens (seq_len).

#include "model/spec/hardware_specs.h"
#include "model/spec/model_spec.h"
#include "model/spec/precision.h"
#include "model/spec/spec_error.h"
#include "model/spec/system_spec.h"

#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <optional>
#include <string>

namespace scalescope {

enum class Mode { Training, Inference };
// What the backward pass recomputes: nothing; the attention core (Korthikanti
// selective); every layer whole (full); or, as torchtitan's per-op selective
// checkpointing, every other matmul and the memory-bound ops between them,
// keeping the attention output ("per-op").
enum class Recompute { None, Selective, Full, PerOp };
enum class Schedule { GPipe, OneFOneB, Interleaved, ZeroBubble };
enum class Axis { Tp, Cp, Ep, Dp, Pp };
// "theoretical": the pure roofline (dense peak, link rate, hop latency only);
// "measured": calibrated kernel and collective efficiencies (specs/calibration).
enum class EfficiencyMode { Theoretical, Measured };
enum class TpOverlap { None, Pipelined };          // Megatron --tp-comm-overlap (TE userbuffers)
enum class EpOverlap { None, OneFOneB, DualPipe }; // AllToAll hidden behind another micro-batch

inline constexpr int kAxisCount = 5;
using AxisOrder = std::array<Axis, kAxisCount>; // innermost (fastest-varying rank) first

[[nodiscard]] std::string_view axisKey(Axis a) noexcept;        // "tp"
[[nodiscard]] std::string_view scheduleKey(Schedule s) noexcept; // "interleaved-1f1b"
[[nodiscard]] std::string_view recomputeKey(Recompute r) noexcept;
[[nodiscard]] std::optional<Schedule> scheduleFromKey(std::string_view key) noexcept;
[[nodiscard]] std::optional<Recompute> recomputeFromKey(std::string_view key) noexcept;

// Adam state per parameter: fp32 master weights and fp32 moments (12 B), or
// fp32 master weights with bf16 moments (8 B, DeepSeek-V3 report §3.3.3).
enum class OptimizerState { Fp32, Bf16Moments };
// How the MoE router is balanced: an auxiliary loss, DeepSeek-V3's
// auxiliary-loss-free bias, or forced uniform routing (Megatron-Core
// --moe-router-force-load-balancing: random logits, the auxiliary loss still
// computed) (training key "moe_balancing": "aux-loss" | "loss-free" | "forced").
enum class MoeBalancing { AuxiliaryLoss, LossFree, Forced };
[[nodiscard]] std::string_view moeBalancingKey(MoeBalancing b) noexcept; // "aux-loss", "loss-free", "forced"
[[nodiscard]] std::optional<MoeBalancing> moeBalancingFromKey(std::string_view key) noexcept;

// Activations recomputed in backward on top of `recompute` (DeepSeek-V3
// report §3.2.3 and §3.3.3): RMSNorm/LayerNorm outputs, the MLA
// up-projections (Q, K, V from the stored latents), the SwiGLU output; and
// `moe`, the whole MoE block checkpointed from its input (Megatron-Core
// --recompute-modules moe, moe_layer.py: router, dispatch, shared and routed
// experts, combine; the pre-MLP norm is not part of it).
struct RecomputeModules {
    bool norm = false, mlaUpProj = false, swiglu = false, moe = false;
    bool operator==(const RecomputeModules&) const = default;
};

enum class Fp8Scaling { Delayed, Tensorwise, Blockwise };

// How ZeRO-3 keeps a GPU's shard of the weights between uses. DeepSpeed
// (the ZeRO paper's 2 + 2 + 12 bytes): a 16-bit shard beside the optimizer's
// fp32 master shard. PyTorch FSDP: the fp32 shard is the parameter the
// optimizer steps; 16-bit weights exist only while a layer is gathered.
enum class Zero3Style { DeepSpeed, Fsdp };
[[nodiscard]] std::string_view zero3StyleKey(Zero3Style s) noexcept; // "deepspeed", "fsdp"
[[nodiscard]] std::optional<Zero3Style> zero3StyleFromKey(std::string_view key) noexcept;
// How the loss over the vocabulary runs: one fused kernel (Megatron-Core
// --cross-entropy-loss-fusion, torch.compile, FlashAttention's or Liger's
// fused loss), or a chain of eager PyTorch kernels on fp32 logits
// (Megatron-LM's default vocab_parallel_cross_entropy, F.cross_entropy on
// upcast logits), each a pass over the logits in HBM.
enum class CrossEntropyKernel { Fused, Eager };
[[nodiscard]] std::string_view crossEntropyKey(CrossEntropyKernel k) noexcept; // "fused", "eager"
[[nodiscard]] std::optional<CrossEntropyKernel> crossEntropyFromKey(std::string_view key) noexcept;
// How MoE tokens reach their experts' GPUs and come back (training key
// "moe_dispatcher"): Megatron-Core's alltoall dispatcher (NCCL all-to-all
// over the EP group, the seed's sparse AllToAll model), or DeepEP's normal
// kernels (intranode over NVLink; across nodes each token crosses the
// scale-out network once per destination node and is forwarded over NVLink,
// DeepSeek-V3 report §3.2.2), dispatching BF16 or, as DeepSeek-V3 trains,
// FP8 with one scale per 128 elements (combine stays BF16).
enum class MoeDispatcher { AllToAll, DeepEp, DeepEpFp8 };
[[nodiscard]] std::string_view moeDispatcherKey(MoeDispatcher d) noexcept; // "alltoall", "deepep", "deepep-fp8"
[[nodiscard]] std::optional<MoeDispatcher> moeDispatcherFromKey(std::string_view key) noexcept;
// How context parallelism exchanges K and V (training key "cp_comm"):
// ring attention passing K/V chunks to the next rank by point-to-point sends,
// each hidden behind the attention of the chunk in hand (Liu et al. 2023,
// arXiv 2310.01889; Megatron-Core / Transformer Engine cp_comm_type "p2p");
// one all-gather of K/V, then attention of the local queries over all keys
// they see (Llama 3 paper §3.3.2; Transformer Engine "all_gather"); or
// PyTorch's context_parallel (torchtitan): ring attention chunk by chunk
// whose K/V arrive through one all-gather (rotate method "allgather").
enum class CpComm { P2p, AllGather, RingAllGather };
[[nodiscard]] std::string_view cpCommKey(CpComm c) noexcept; // "p2p", "all-gather", "ring-all-gather"
[[nodiscard]] std::optional<CpComm> cpCommFromKey(std::string_view key) noexcept;
[[nodiscard]] std::string_view fp8ScalingKey(Fp8Scaling s) noexcept; // "delayed", "tensorwise", "blockwise"
[[nodiscard]] std::optional<Fp8Scaling> fp8ScalingFromKey(std::string_view key) noexcept;

// The most multi-token-prediction modules a scenario may train: far beyond
// published ones (DeepSeek-V3 trains one; Gloeckle et al. 2024, arXiv
// 2404.19737, predict up to 8 tokens with as many heads).
inline constexpr int kMaxMtpModules = 16;

struct TrainingSettings {
    int seqLen = 8192;
    int globalBatch = 128; // sequences per step
    Precision precision = Precision::Bf16;
    int zeroStage = 1;
    Recompute recompute = Recompute::Selective;
    double tokensTotal = 0; // training budget in tokens; 0 = not given
    OptimizerState optimizerState = OptimizerState::Fp32; // "optimizer_state": "fp32" | "bf16-moments"
    MoeBalancing moeBalancing = MoeBalancing::AuxiliaryLoss; // "moe_balancing"
    bool fp32MainGrads = true;                            // "main_grads": "fp32" (default) | "bf16"
    Zero3Style zero3Style = Zero3Style::DeepSpeed;        // "zero3_style": "deepspeed" (default) | "fsdp"
    CrossEntropyKernel crossEntropy = CrossEntropyKernel::Fused; // "cross_entropy": "fused" (default) | "eager"
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;       // "moe_dispatcher": "alltoall" (default) | "deepep" | "deepep-fp8"
    RecomputeModules recomputeModules;                    // "recompute_modules": ["norm", "mla-up-proj", "swiglu", "moe"]
    // With recompute "full": how many layers of each pipeline stage recompute
    // (Megatron-LM --recompute-method block --recompute-num-layers N; the
    // others store their activations); 0 = every layer.
    int recomputeLayers = 0; // "recompute_layers"
    // The fused-attention kernel, by the calibration's kernel id ("cudnn",
    // "flash2"); empty = the GPU family's default.
    std::string attentionKernel; // "attention_kernel"
    // FP8 weights: the compute copy of the parameters is kept and gathered in
    // FP8 (Megatron-Core --fp8-param-gather, NeMo FP8_PARAM_GATHER,
    // torchtitan enable_fsdp_float8_all_gather); precision "fp8" only.
    bool fp8Params = false; // "fp8_params"
    // How FP8 (or FP4) casts find their scale: from amax values of earlier
    // steps, recorded by the cast itself (delayed: Transformer Engine's
    // DelayedScaling, Megatron-LM's default), from the tensor's own amax, read
    // in a pass before the cast (tensorwise: TE Float8CurrentScaling, NeMo
    // fp8_recipe "tensorwise", torchao/torchtitan Float8 tensorwise), or per
    // block inside the cast kernel (blockwise: DeepSeek-V3's tile-wise, MXFP8).
    Fp8Scaling fp8Scaling = Fp8Scaling::Delayed; // "fp8_scaling"
    CpComm cpComm = CpComm::P2p;                 // "cp_comm": with parallel.cp > 1
    // Expert capacity (GShard; Switch Transformer, Fedus et al. 2021 §2.2;
    // Megatron-Core --moe-expert-capacity-factor): each expert takes at most
    // capacity factor × the mean tokens per expert and drops the rest; 0 =
    // dropless. Padded to capacity (GShard's and Switch's fixed expert
    // buffers; Megatron-Core --moe-pad-expert-input-to-capacity), every expert
    // runs exactly that many rows and the dispatch moves the padded buffers.
    double moeCapacityFactor = 0;            // "moe_capacity_factor": >= 1, absent = dropless
    std::optional<bool> moePadToCapacity;    // "moe_pad_to_capacity": absent = padsToCapacity's default
    // Token permutation as fused kernels (Megatron-Core --moe-permute-fusion,
    // Transformer Engine's moe_permute / moe_unpermute: each routed row read
    // and written once, no atomics) or, false as Megatron-Core's default and
    // torchtitan run it, a gather and an atomic scatter-add (index_select, index_add).
    bool moePermuteFusion = false; // "moe_permute_fusion"
    // Multi-token prediction modules trained beside the model (DeepSeek-V3
    // report §2.2; Megatron-Core --mtp-num-layers): D sequential modules, each
    // two RMSNorms, a projection (2h -> h), one transformer block and the
    // shared output head, all on the last pipeline stage; 0 = none.
    int mtpLayers = 0; // "mtp_layers"
};

// Whether a capacity-limited MoE pads every expert's input to capacity:
// "moe_pad_to_capacity" when given, else with the alltoall dispatcher
// (Megatron-Core's flex dispatcher, which runs DeepEP, does not pad). False when dropless.
[[nodiscard]] bool padsToCapacity(const TrainingSettings& t) noexcept;

struct ParallelLayout {
    int tp = 1, pp = 1, cp = 1, ep = 1, dp = 1, vpp = 1;
    // Expert tensor parallelism ("etp"; Megatron-Core
    // --expert-tensor-parallel-size). 0 = the key is absent: the expert
    // layers split every expert over the attention's tp and shard experts
    // over dp (ep divides dp). Set, the expert layers are folded (Liu et al.
    // 2025, "MoE Parallel Folding", arXiv 2504.14960): within each pipeline
    // stage the tp·cp·dp ranks are laid out again as etp × ep × edp, etp
    // innermost, so ep may draw its ranks from tp and cp as well as dp.
    int etp = 0;
    int microbatchSize = 1;
    Schedule schedule = Schedule::OneFOneB;
    AxisOrder order{Axis::Tp, Axis::Cp, Axis::Ep, Axis::Dp, Axis::Pp};

    [[nodiscard]] int size(Axis a) const noexcept;
    [[nodiscard]] bool folded() const noexcept { return etp > 0; }
    // The tensor-parallel size of the expert GEMMs: etp when folded, else tp.
    [[nodiscard]] int expertTp() const noexcept { return etp > 0 ? etp : tp; }
    // Ranks that hold the same experts (the expert-gradient group): folded,
    // tp·cp·dp / (etp·ep); otherwise dp·cp / ep.
    [[nodiscard]] double expertDataParallel() const noexcept;
    bool operator==(const ParallelLayout&) const = default;
};

struct NetworkOptions {
    bool sharp = false;
};

// Which communication the framework overlaps with compute (scenario key
// "overlap"). Defaults follow Megatron-LM's performance settings. How much of
// a collective hides follows from the compute it runs beside
// (training/step_communication.h); what that compute loses to it is
// calibration data (specs/calibration/nccl-measured.json, overlap_compute_slowdown).
struct OverlapSettings {
    TpOverlap tp = TpOverlap::Pipelined; // "tp": "none" | "pipelined"
    bool dpGradReduce = true;           // "dp": RS / AllReduce bucketed under the last backward
    bool dpParamGather = true;          // "dp_param_gather": distributed-optimizer AG under the first forward
    bool zero3Prefetch = true;          // "zero3_prefetch": next layer's AllGather under this layer
    bool pp = true;                     // "pp": send/recv beside compute (1F1B steady state)
    EpOverlap ep = EpOverlap::None;     // "ep": "none" | "1f1b" | "dualpipe"
    bool cp = true;                     // "cp": ring attention hides KV exchange behind attention
    // "moe_shared_expert": the shared experts run on a side stream, their
    // up-projection beside the dispatch AllToAll and their down-projection
    // beside the combine (Megatron-Core --moe-shared-expert-overlap; off there by default).
    bool moeSharedExpert = false;
    bool operator==(const OverlapSettings&) const = default;
};

[[nodiscard]] std::string_view tpOverlapKey(TpOverlap o) noexcept;
[[nodiscard]] std::string_view epOverlapKey(EpOverlap o) noexcept;

struct FacilitySettings {
    std::string coolant = "water";
    double deltaTK = 11;
    double pue = 1.2;
    double pricePerKWh = 0.10;
    double pricePerGpuHour = 2.5;
    // ISO 4217 code of the prices above and of every cost derived from them
    // ("currency"; default "USD", the currency of the shipped presets' prices).
    std::string currency = "USD";
};

// Speculative decoding ("inference.speculative"; Leviathan et al. 2023,
// "Fast Inference from Transformers via Speculative Decoding"): a drafter
// proposes k tokens per sequence, one verify pass of the model scores all
// k + 1 positions, and each draft token is accepted with probability a.
// The drafter is the model's own multi-token-prediction modules (method
// "mtp": DeepSeek-V3 report §2.2, one MTP module of one transformer layer
// sharing the embedding and output head), run once per draft token.
struct SpeculativeSettings {
    int draftTokens = 1;         // "draft_tokens": k
    double acceptanceRate = 0.7; // "acceptance_rate": a, in [0, 1]
    int draftLayers = 1;         // "draft_layers": transformer layers one draft token passes through
    bool operator==(const SpeculativeSettings&) const = default;
};

// How a model is served (scenario block "inference"). Sizes count sequences
// (batch) and tokens (prompt, output, paged KV blocks).
struct InferenceSettings {
    int batch = 64;
    bool batchMax = false; // "batch": "max": the largest batch that fits in memory
    int promptTokens = 2048;
    int outputTokens = 128;
    Precision precision = Precision::Fp8; // weights and GEMMs
    std::optional<Precision> kvPrecision; // "kv_precision"; absent: `precision`
    int kvBlockTokens = 16;               // "kv_block_tokens": paged KV block (vLLM's default block_size)
    int prefillChunk = 0;                 // "prefill_chunk": tokens per prefill chunk; 0 = the whole prompt at once
    std::optional<SpeculativeSettings> speculative; // "speculative"
    // "disaggregated": {"prefill": {tp, pp, ep, dp}}: a separate prefill pool
    // of tp·pp·dp GPUs; `parallel` is then the decode pool, and gpus counts both.
    std::optional<ParallelLayout> prefillPool;
    bool kvOffload = false; // "kv_offload": on a superchip, KV beyond HBM lives in the CPU's memory
    // "tpot_max", "ttft_max": the serving limits the planner's search and
    // chart hold the layouts to (absent: no limit).
    std::optional<Seconds> tpotMax, ttftMax;
    [[nodiscard]] Precision kv() const noexcept { return kvPrecision.value_or(precision); }
};

// The calibrations a scenario's measured efficiencies rest on (scenario block
// "calibration"), by spec id; empty: the shipped one (the GPU family's kernel
// calibration, the network calibration "nccl-measured").
struct CalibrationChoice {
    std::string compute; // "compute": a compute calibration covering the GPU's architecture
    std::string network; // "network": a network calibration (collective efficiencies)
    bool operator==(const CalibrationChoice&) const = default;
};

struct Scenario {
    std::string name, description;
    std::string system; // SystemSpec id, or the id of `inlineSystem`
    long long gpus = 8;
    std::string model; // ModelSpec id, or the id of `inlineModel`
    Mode mode = Mode::Training;
    TrainingSettings training;
    ParallelLayout parallel;
    EfficiencyMode efficiency = EfficiencyMode::Measured;
    CalibrationChoice calibration;
    NetworkOptions network;
    OverlapSettings overlap;
    FacilitySettings facility;
    InferenceSettings inference;
    std::optional<SystemSpec> inlineSystem;
    std::optional<ModelSpec> inlineModel;
    nlohmann::json inlineSystemJson, inlineModelJson; // as written, so saving loses nothing
    nlohmann::json extra; // top-level notes for people ("$schema", "note", ...), kept so that saving loses nothing
};

// Reads a scenario document; every problem, an unknown key included, is
// appended to errors with `file` and the JSON path. `dp` may be omitted (gpus / (tp·pp·cp)).
[[nodiscard]] std::optional<Scenario> parseScenario(const nlohmann::json& doc, const std::string& file, SpecErrors& errors);
[[nodiscard]] std::optional<Scenario> loadScenarioFile(const std::filesystem::path& file, SpecErrors& errors);
[[nodiscard]] nlohmann::json scenarioToJson(const Scenario& s);

} // namespace scalescope

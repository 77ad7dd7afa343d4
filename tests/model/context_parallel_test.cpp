// Context parallelism as frameworks run it (training/context_parallel_attention.h):
// the attention calls of ring attention (Liu et al. 2023) and of Llama 3's
// all-gather, the K/V exchange and its overlap, the merges, the exchange
// buffers, and attention past the measured table (labelled "extrapolated").

#include "model_test_support.h"

#include "model/compute/kernel_costs.h"
#include "model/core/row_provenance.h"
#include "model/spec/compute_calibration.h"
#include "model/training/context_parallel_attention.h"
#include "model/training/layer_kernels.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using namespace scalescope;
using testing::catalog;
using testing::contextFor;
using testing::findDenseRow;

namespace {

// Llama 3.1 8B on 8 H100 (torchtitan's long-context run): FSDP 2 × CP `cp`
// at 32,768 tokens per GPU, measured efficiencies, FlashAttention-2.
Scenario llama8bLongContext(int cp, CpComm comm)
{
    Scenario s = testing::makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8 / cp, 8 / cp, 32768 * cp);
    s.parallel.cp = cp;
    s.training.precision = Precision::Bf16;
    s.training.recompute = Recompute::Full;
    s.training.attentionKernel = "flash2";
    s.training.cpComm = comm;
    s.efficiency = EfficiencyMode::Measured;
    return s;
}

// One causal or unmasked call, as KernelCosts costs it.
double callSeconds(const EvaluationContext& ctx, double flops, double bytes, double seq, bool causal, AttentionPass pass)
{
    const KernelCosts kc(trainingKernelSetup(ctx));
    KernelCosts::Acc a;
    kc.attention(a, pass, flops, bytes, 128, seq, 32, causal);
    return a.time.si;
}

// One GPU's share of a layer's causal attention at 32,768 tokens (tp 1):
// T · scoreFlopsPerToken, and one call's Q, K, V and O bytes.
struct GpuShare {
    double flops = 0, bytes = 0;
};
GpuShare gpuShare(const EvaluationContext& ctx)
{
    const double T = 32768;
    return {T * ctx.cost.dense.scoreFlopsPerToken, T * 4 * 4096 * 2};
}

} // namespace

TEST_CASE("Ring Attention (Liu et al. 2023, arXiv 2310.01889) with load-balanced chunks: Llama 3.1 8B at 131,072 "
          "tokens on CP 4 runs the causal diagonal over 32,768 × 32,768 and three unmasked calls over 32,768 × "
          "16,384, each a quarter of the causal work, each at the table's efficiency for its own shape",
          "[context_parallel]")
{
    const EvaluationContext ctx = contextFor(llama8bLongContext(4, CpComm::P2p));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* f = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(f);
    const auto [flops, bytes] = gpuShare(ctx);
    CHECK(f->flops.si == Approx(flops).epsilon(1e-12));
    // √(32,768 · 16,384) = 23,170.5 tokens: the non-causal square of the same score count.
    const double offDiagonal = std::sqrt(32768.0 * 16384.0);
    CHECK(offDiagonal == Approx(32768 / std::sqrt(2.0)).epsilon(1e-15));
    const double expected = callSeconds(ctx, flops / 4, bytes, 32768, true, AttentionPass::Forward) +
                            3 * callSeconds(ctx, flops / 4, bytes, offDiagonal, false, AttentionPass::Forward);
    CHECK(f->time.si == Approx(expected).epsilon(1e-12));
    // Three merges of the partial outputs (Transformer Engine's correction, 16-bit):
    // 3 · (6 B · 32,768 · 4,096 + 12 B · 32,768 · 32) = 2,453,667,840 B.
    const OpRow* merge = findDenseRow(e, OpKind::CpMerge, Phase::Forward);
    REQUIRE(merge);
    CHECK(merge->bytes.si == Approx(2453667840.0).epsilon(1e-12));
}

TEST_CASE("Megatron-Core context parallelism (docs: cp_comm_type p2p): each K/V send hides behind the attention of "
          "its own step only; cp - 1 sends forward, 2·cp - 1 with the dK/dV sends backward",
          "[context_parallel]")
{
    const EvaluationContext ctx = contextFor(llama8bLongContext(4, CpComm::P2p));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* f = findDenseRow(e, OpKind::CpCollective, Phase::Forward);
    const OpRow* b = findDenseRow(e, OpKind::CpCollective, Phase::Backward);
    const OpRow* attention = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(f);
    REQUIRE(b);
    REQUIRE(attention);
    // 32,768 tokens × 8 KV heads × 128 × (K, V) × 2 B = 128 MiB per chunk.
    CHECK(f->bytes.si == Approx(3 * 32768.0 * 2048 * 2).epsilon(1e-12));
    CHECK(b->bytes.si == Approx(7 * 32768.0 * 2048 * 2).epsilon(1e-12));
    const double send = f->time.si / 3;
    CHECK(b->time.si == Approx(7 * send).epsilon(1e-12));
    CHECK(f->hidden.si == Approx(3 * std::min(send, attention->time.si / 4)).epsilon(1e-12));
    // The last dK/dV send waits for the last step: never hidden.
    CHECK(b->time.si - b->hidden.si >= send * (1 - 1e-12));
}

TEST_CASE("Llama 3 paper §3.3.2 all-gather context parallelism: K/V gathered before attention, exposed; two calls per "
          "GPU, one per load-balanced query chunk; no merge",
          "[context_parallel]")
{
    const EvaluationContext ctx = contextFor(llama8bLongContext(4, CpComm::AllGather));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* gather = findDenseRow(e, OpKind::CpCollective, Phase::Forward);
    REQUIRE(gather);
    CHECK(gather->hidden.si == 0);
    CHECK(gather->bytes.si == Approx(131072.0 * 2048 * 2).epsilon(1e-12)); // the whole sequence's K/V
    CHECK_FALSE(findDenseRow(e, OpKind::CpMerge, Phase::Forward));
    // Two chunks of 16,384 queries over 65,536 keys on average: √(16,384 · 65,536) = 32,768.
    const OpRow* f = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(f);
    const auto [flops, bytes] = gpuShare(ctx);
    CHECK(f->time.si == Approx(2 * callSeconds(ctx, flops / 2, bytes, 32768, false, AttentionPass::Forward)).epsilon(1e-12));
}

TEST_CASE("PyTorch context_parallel (torchtitan's rotate method allgather): one AllGather beside the first step, the "
          "partial outputs merged by _SDPAMerger in fp32: 38 B per output element per merge, worked for Llama 3.1 8B "
          "at 131,072 tokens on CP 4",
          "[context_parallel]")
{
    CpAttentionShape s;
    s.cp = 4;
    s.comm = CpComm::RingAllGather;
    s.outputElements = 32768.0 * 4096;
    s.lseElements = 32768.0 * 32;
    s.queryElements = 32768.0 * 4096;
    s.kvElements = 32768.0 * 2048;
    // 3 · (38 · 134,217,728 + 12 · 1,048,576) + 12 · 134,217,728 = 16,949,182,464 B.
    CHECK(cpForwardMergeBytes(s) == 16949182464.0);
    // 4 · (10 · 134,217,728 + 18 · 67,108,864) + 10 · 201,326,592 = 12,213,813,248 B.
    CHECK(cpBackwardMergeBytes(s) == 12213813248.0);
    s.comm = CpComm::AllGather;
    CHECK(cpForwardMergeBytes(s) == 0);

    const EvaluationContext ctx = contextFor(llama8bLongContext(4, CpComm::RingAllGather));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* gather = findDenseRow(e, OpKind::CpCollective, Phase::Forward);
    const OpRow* attention = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(gather);
    REQUIRE(attention);
    CHECK(gather->hidden.si == Approx(std::min(gather->time.si, attention->time.si / 4)).epsilon(1e-12));
}

TEST_CASE("Without context parallelism attention is one causal call over the sequence, whatever cp_comm says",
          "[context_parallel]")
{
    Scenario s = llama8bLongContext(1, CpComm::P2p);
    s.training.seqLen = 8192;
    const Evaluation p2p = evaluate(contextFor(s));
    s.training.cpComm = CpComm::RingAllGather;
    const Evaluation ring = evaluate(contextFor(s));
    REQUIRE(p2p.ok);
    REQUIRE(ring.ok);
    CHECK(p2p.stepTime.si == ring.stepTime.si);
    CHECK_FALSE(findDenseRow(p2p, OpKind::CpMerge, Phase::Forward));
    CHECK_FALSE(findDenseRow(p2p, OpKind::CpCollective, Phase::Forward));
}

TEST_CASE("Attention past the measured table (32,768 tokens on the H100) takes the efficiency measured there and is "
          "labelled extrapolated",
          "[context_parallel]")
{
    const ComputeCalibration& c = contextFor(llama8bLongContext(1, CpComm::P2p)).compute;
    const int flash2 = c.attentionKernel("flash2");
    REQUIRE(flash2 >= 0);
    for (AttentionPass pass : {AttentionPass::Forward, AttentionPass::Backward}) {
        const Efficiency at = attentionEfficiency(c, pass, 128, 32768, 32, true, flash2);
        const Efficiency past = attentionEfficiency(c, pass, 128, 131072, 32, true, flash2);
        CHECK(past.fraction == at.fraction);
        REQUIRE(past.source);
        CHECK(isExtrapolation(past.source));
        CHECK_FALSE(isExtrapolation(at.source));
        CHECK(past.source->find(*at.source) != std::string::npos); // names the table it extends
        CHECK(past.source->find("32768 tokens") != std::string::npos);
    }
    // One GPU over 65,536 tokens: its attention rows say so.
    Scenario s = llama8bLongContext(1, CpComm::P2p);
    s.training.seqLen = 65536;
    s.gpus = 1;
    s.parallel.dp = 1;
    s.training.globalBatch = 1;
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const OpRow* f = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(f);
    CHECK(rowProvenance(ctx, *f).kind == SourceKind::Extrapolated);
    CHECK(rowProvenance(ctx, *f).calibration == ctx.compute.id);
    // The citation is the label, then the measurement it extends (FlashAttention-2 on the H100).
    const std::string citation = sourceCitation(ctx, *f);
    CHECK(citation.starts_with(*f->source));
    CHECK(citation.find(ctx.compute.sources.at("h100fa2")) != std::string::npos);
    CHECK(sourceKindKey(SourceKind::Extrapolated) == "extrapolated");
}

TEST_CASE("torchtitan's 128K and 256K Llama 3.1 8B runs fit on an 80 GB H100 with their K/V exchange buffers",
          "[context_parallel]")
{
    for (const char* run : {"torchtitan-llama3p1-8b-8-h100-fp8-cp4-128k", "torchtitan-llama3p1-8b-8-h100-fp8-cp8-256k",
                            "torchtitan-llama3p1-405b-512-h100-fp8-cp8-256k"}) {
        std::ifstream in(std::string(SCALESCOPE_SPECS_DIR) + "/validation/" + run + ".json");
        REQUIRE(in);
        const nlohmann::json doc = nlohmann::json::parse(in);
        SpecErrors errors;
        const auto s = parseScenario(doc.at("scenario"), run, errors);
        REQUIRE(s);
        CHECK(s->training.cpComm == CpComm::RingAllGather);
        const Evaluation e = evaluate(contextFor(*s));
        REQUIRE(e.ok);
        // 8B at CP 8: 32,768 tokens × 2,048 elements of K/V × 2 B = 128 MiB per chunk;
        // the gathered K/V (8 chunks), dK/dV in fp32 sent and received, the fp32
        // dK/dV accumulator and the fp32 dQ (32,768 × 4,096 × 4 B).
        if (std::string(run).find("8b-8-h100-fp8-cp8") != std::string::npos)
            CHECK(cpBufferBytes(contextFor(*s).model, s->parallel, s->training.seqLen, s->training.cpComm) ==
                  Approx(14 * 32768.0 * 2048 * 2 + 32768.0 * 4096 * 4).epsilon(1e-12));
        CHECK(e.memory.fits);
    }
}

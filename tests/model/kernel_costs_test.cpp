// The seam a second mode costs its rows through (compute/kernel_costs.h):
// kernel costs from a small setup (GPU, calibration, precision, attention
// kernel) and a pass shape, not from a training context. A training row
// costed again from the setup alone must come out the same to the last bit,
// and a prefill or decode row must go into the same operation table.

#include "model_test_support.h"

#include "model/compute/kernel_costs.h"
#include "model/training/layer_kernels.h"

using namespace scalescope;
using testing::contextFor;
using testing::findDenseRow;
using testing::presetScenario;

TEST_CASE("Kernel costs from the small setup equal the training rows: LLaMA-3 70B on 64 H100 (BF16), the forward QKV "
          "projection and the forward attention core, to the last bit",
          "[kernel_costs]")
{
    const EvaluationContext ctx = contextFor(presetScenario("default"));
    const KernelSetup setup = kernelSetup(ctx.gpu, ctx.compute, ctx.scenario.efficiency,
                                          ctx.scenario.training.precision, ctx.attentionKernel);
    CHECK(setup == trainingKernelSetup(ctx));

    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const ParallelLayout& p = ctx.scenario.parallel;
    const ModelSpec& m = ctx.model;
    // One micro-batch on one CP rank: T = b·s/cp tokens.
    const PassShape pass{static_cast<double>(p.microbatchSize) * ctx.scenario.training.seqLen / p.cp,
                         static_cast<double>(ctx.scenario.training.seqLen) / p.cp,
                         static_cast<double>(p.microbatchSize)};
    const double tp = p.tp, h = m.hidden.value, a = m.heads.value, kv = m.kvHeads.value, d = m.headDim.value;
    const KernelCosts kc(setup);

    KernelCosts::Acc qkv;
    kc.gemm(qkv, GemmPass::Forward, pass.tokens, (a + 2 * kv) * d / tp, h);
    const OpRow fromSetup = kc.row(qkv, OpKind::QkvProjection, Phase::Forward, OpScope::DenseLayer, OpBound::Gemm, 1);
    const OpRow* training = findDenseRow(e, OpKind::QkvProjection, Phase::Forward);
    REQUIRE(training);
    CHECK(fromSetup.time.si == training->time.si);
    CHECK(fromSetup.flops.si == training->flops.si);
    CHECK(fromSetup.bytes.si == training->bytes.si);
    CHECK(fromSetup.efficiency == training->efficiency);
    REQUIRE(fromSetup.source);
    CHECK(fromSetup.source == training->source); // the same calibration entry

    // Fused attention over the causal half: T · scoreFlopsPerToken / tp.
    KernelCosts::Acc attention;
    kc.attention(attention, AttentionPass::Forward, pass.tokens * ctx.cost.dense.scoreFlopsPerToken / tp,
                 pass.tokens * (4 * a * d) / tp * kActivationBytes, d, pass.seqLen, a / tp);
    const OpRow* trainingAttention = findDenseRow(e, OpKind::AttentionCore, Phase::Forward);
    REQUIRE(trainingAttention);
    CHECK(
        kc.row(attention, OpKind::AttentionCore, Phase::Forward, OpScope::DenseLayer, OpBound::Attention, 1).time.si ==
        trainingAttention->time.si);
}

TEST_CASE("Prefill and decode rows go into the same operation table as training's, summed under their own phase",
          "[kernel_costs]")
{
    const EvaluationContext ctx = contextFor(presetScenario("default"));
    const KernelCosts kc(kernelSetup(ctx.gpu, ctx.compute, EfficiencyMode::Measured, Precision::Bf16));
    const ModelSpec& m = ctx.model;
    const double h = m.hidden.value, f = m.ffn.value;
    // The MLP down projection of one layer: a 4,096-token prefill, then a decode step of 8 sequences.
    KernelCosts::Acc prefill, decode;
    kc.gemm(prefill, GemmPass::Forward, 4096, h, f);
    kc.gemm(decode, GemmPass::Forward, 8, h, f);
    OperationTable t;
    t.add(kc.row(prefill, OpKind::MlpDown, Phase::Prefill, OpScope::DenseLayer, OpBound::Gemm, 80));
    t.add(kc.row(decode, OpKind::MlpDown, Phase::Decode, OpScope::DenseLayer, OpBound::Gemm, 80));
    CHECK(phaseKey(t[0].phase) == "prefill");
    CHECK(phaseKey(t[1].phase) == "decode");
    CHECK(t.streamTotal(OpStream::Compute, Phase::Prefill).si == t[0].total().si);
    CHECK(t.streamTotal(OpStream::Compute, Phase::Decode).si == t[1].total().si);
    CHECK(t.streamTotal(OpStream::Compute, Phase::Forward).si == 0);
    // A decode step reads every weight for 8 tokens: at least the weights' bytes at nominal HBM bandwidth.
    CHECK(t[1].time.si >= h * f * 2 / ctx.gpu.hbm.bandwidth.value.si);
}

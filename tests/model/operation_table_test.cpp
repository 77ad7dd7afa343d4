// The per-operation cost table: every number of a step is summed from its rows.

#include "model_test_support.h"

#include "model/training/overlap_contention.h"
#include "model/training/operation_breakdown.h"

#include <cmath>

using namespace scalescope;
using namespace scalescope::testing;

namespace {

Seconds sumRows(const Evaluation& e, OpStream stream, bool exposedOnly)
{
    Seconds t{};
    for (const OpRow& r : e.ops)
        if (r.stream == stream) t += (exposedOnly ? r.exposed() : r.total()) * (r.scope == OpScope::Step ? 1.0 : e.microbatches);
    return t;
}

} // namespace

TEST_CASE("Operation table: compute rows sum to compute_s and comm rows to each axis's time, in every preset", "[ops]")
{
    for (const char* name : {"default", "llama3-70b-4096-h100", "deepseek-v3-2048-h800", "llama3-405b-16k-h100", "gb200-nvl72-llama3-405b"}) {
        INFO(name);
        const EvaluationContext ctx = contextFor(presetScenario(name));
        const Evaluation e = evaluate(ctx);
        REQUIRE(e.ok);
        CHECK(e.ops.dropped() == 0);
        Seconds microbatchCompute{};
        for (const OpRow& r : e.ops)
            if (r.stream == OpStream::Compute && r.scope != OpScope::Step) microbatchCompute += r.total() * e.microbatches;
        CHECK(microbatchCompute.si == Approx(e.computeTime.si).epsilon(1e-12));
        const std::pair<OpStream, CommAxis> axes[] = {{OpStream::Tp, CommAxis::Tp}, {OpStream::Cp, CommAxis::Cp}, {OpStream::Ep, CommAxis::Ep},
                                                      {OpStream::Pp, CommAxis::Pp}, {OpStream::Dp, CommAxis::Dp}};
        for (auto [stream, axis] : axes) {
            CHECK(sumRows(e, stream, false).si == Approx(e.axis(axis).time.si).epsilon(1e-12));
            CHECK(sumRows(e, stream, true).si == Approx(e.axis(axis).exposed.si).epsilon(1e-12));
        }
        for (const OpRow& r : e.ops) {
            CHECK(r.time.si >= 0);
            CHECK(r.hidden.si >= 0);
            CHECK(r.hidden <= r.time);
            CHECK(r.efficiency > 0);
            CHECK(r.efficiency <= 1.0 + 1e-9);
        }
    }
}

TEST_CASE("Operation table: with one stage the step is the exposed rows plus the optimizer (nothing re-derived)", "[ops]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 1, 8, 64);
    s.efficiency = EfficiencyMode::Measured;
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    Seconds exposed{};
    for (const OpRow& r : e.ops) exposed += r.exposed() * (r.scope == OpScope::Step ? 1.0 : e.microbatches);
    CHECK(e.bubbleTime.si == 0);
    CHECK(exposed.si == Approx(e.stepTime.si).epsilon(1e-12));
    const StepBreakdown b = stepBreakdown(e);
    Seconds parts = b.gemm + b.groupedGemm + b.attention + b.memoryBound + b.contention + b.optimizer + b.bubble + b.other;
    for (Seconds x : b.exposed) parts += x;
    CHECK(parts.si == Approx(e.stepTime.si).epsilon(1e-12));
}

TEST_CASE("Operation table: forward GEMM and attention FLOPs of a layer equal the transformer's FLOPs per token (Narayanan 2021 eq. 2 terms)", "[ops]")
{
    // LLaMA-3 70B, tp = 8, one micro-batch of 8,192 tokens: per GPU a layer's
    // matmuls do tokens · 2·params / tp and the causal attention tokens · score / tp.
    Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-70b", 8, 1, 1, 1);
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    double gemm = 0, attention = 0;
    for (const OpRow& r : e.ops) {
        if (r.scope != OpScope::DenseLayer || r.phase != Phase::Forward) continue;
        if (r.bound == OpBound::Gemm) gemm += r.flops.si * r.count;
        if (r.bound == OpBound::Attention) attention += r.flops.si * r.count;
    }
    const double layers = ctx.model.layers.value, tokens = 8192;
    CHECK(gemm == Approx(layers * tokens * ctx.cost.dense.matmulFlopsPerToken / 8).epsilon(1e-9));
    CHECK(attention == Approx(layers * tokens * ctx.cost.dense.scoreFlopsPerToken / 8).epsilon(1e-9));
}

TEST_CASE("Theoretical mode is the pure roofline: every compute row at efficiency 1 with no source", "[ops]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    int memoryBound = 0;
    for (const OpRow& r : e.ops) {
        if (r.stream != OpStream::Compute) continue;
        CHECK(r.source == nullptr);
        if (r.bound != OpBound::Memory) continue;
        ++memoryBound;
        CHECK(r.efficiency == Approx(1).epsilon(1e-12));
    }
    CHECK(memoryBound > 0); // norms, activations, residuals
}

namespace {

// The GEMM time per layer of one op in the rows' scope and phase.
Seconds gemmOf(const Evaluation& e, const OpRow& tpRow, OpKind op)
{
    Seconds t{};
    for (const OpRow& c : e.ops)
        if (c.op == op && c.scope == tpRow.scope && c.phase == tpRow.phase && c.stream == OpStream::Compute) t += c.total() / tpRow.count;
    return t;
}

} // namespace

TEST_CASE("Pipelined TP overlap hides each collective behind its own GEMM, all but one of tp chunks (TE initialize_ub methods)", "[ops][overlap]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    s.overlap.tp = TpOverlap::Pipelined;
    const Evaluation on = evaluate(contextFor(s));
    s.overlap.tp = TpOverlap::None;
    const Evaluation off = evaluate(contextFor(s));
    REQUIRE(on.ok);
    REQUIRE(off.ok);
    int forwardRows = 0, backwardRows = 0;
    for (const OpRow& r : on.ops) {
        if (r.op != OpKind::TpCollective) continue;
        const Seconds qkv = gemmOf(on, r, OpKind::QkvProjection), out = gemmOf(on, r, OpKind::OutProjection);
        const Seconds up = gemmOf(on, r, OpKind::MlpUp), down = gemmOf(on, r, OpKind::MlpDown);
        const double chunked = 7.0 / 8.0;
        if (r.phase == Phase::Forward) {
            ++forwardRows;
            const Seconds c = r.time / 4.0;
            const Seconds hidden = (std::min(c, qkv) + std::min(c, out) + std::min(c, up) + std::min(c, down)) * chunked;
            CHECK(r.hidden.si == Approx(hidden.si).epsilon(1e-12));
            // The output projection's ReduceScatter outlasts its GEMM at this shape:
            // pooled with the MLP's GEMMs (the old model) it would hide whole.
            CHECK(out < c);
            CHECK(r.hidden < std::min(r.time, qkv + out + up + down) * chunked);
        }
        if (r.phase == Phase::Backward) {
            ++backwardRows;
            const Seconds c = r.time / 6.0;
            const Seconds hidden = (std::min(c, out / 2.0) + std::min(c, down / 2.0)) * chunked + std::min(c, qkv / 2.0) * 2.0 +
                                   std::min(c, up / 2.0) * 2.0;
            CHECK(r.hidden.si == Approx(hidden.si).epsilon(1e-12));
        }
    }
    CHECK(forwardRows == 1);
    CHECK(backwardRows == 1);
    CHECK(off.axis(CommAxis::Tp).exposed.si == Approx(off.axis(CommAxis::Tp).time.si).epsilon(1e-12));
    CHECK(on.axis(CommAxis::Tp).exposed < off.axis(CommAxis::Tp).exposed);
    CHECK(on.stepTime < off.stepTime);
}

TEST_CASE("Sequence-parallel backward runs six TP collectives, the 2021 all-reduce form four (Megatron-Core LinearWithGradAccumulationAndAsyncCommunication)", "[ops][overlap]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    const double activation = 8192.0 * 8192.0 * 2.0; // T · h · 2 B
    for (TpOverlap mode : {TpOverlap::Pipelined, TpOverlap::None}) {
        s.overlap.tp = mode;
        const Evaluation e = evaluate(contextFor(s));
        REQUIRE(e.ok);
        for (const OpRow& r : e.ops) {
            if (r.op != OpKind::TpCollective) continue;
            const double calls = r.phase == Phase::Backward && mode == TpOverlap::Pipelined ? 6 : 4;
            CHECK(r.bytes.si == Approx(calls * activation).epsilon(1e-12));
        }
    }
}

TEST_CASE("A TP group beyond the NVLink domain still hides the backward's input AllGather and gradient ReduceScatter (async NCCL), not the chunked ones", "[ops][overlap]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 16, 4, 1, 128);
    s.overlap.tp = TpOverlap::Pipelined;
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    REQUIRE(e.axis(CommAxis::Tp).tier >= 1);
    for (const OpRow& r : e.ops) {
        if (r.op != OpKind::TpCollective) continue;
        if (r.phase == Phase::Forward) CHECK(r.hidden.si == 0);
        if (r.phase == Phase::Backward) {
            const Seconds c = r.time / 6.0;
            const Seconds hidden = std::min(c, gemmOf(e, r, OpKind::QkvProjection) / 2.0) * 2.0 +
                                   std::min(c, gemmOf(e, r, OpKind::MlpUp) / 2.0) * 2.0;
            CHECK(r.hidden.si > 0);
            CHECK(r.hidden.si == Approx(hidden.si).epsilon(1e-12));
        }
    }
}

TEST_CASE("DP gradient reduction overlaps the last backward except its last bucket (Megatron-Core bucket_size)", "[ops][overlap]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 512, "llama3-8b", 1, 1, 512, 512);
    s.training.zeroStage = 1;
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    const double params = ctx.cost.totalParams;
    const double bucket = std::max(40e6, 1e6 * 512);
    for (const OpRow& r : e.ops) {
        if (r.op != OpKind::DpGradReduce) continue;
        const Seconds exposedAtLeast = r.time * std::min(1.0, bucket / params);
        CHECK(r.time - r.hidden >= exposedAtLeast * (1 - 1e-12));
        CHECK(r.hidden.si > 0);
    }
    s.overlap.dpGradReduce = false;
    const Evaluation off = evaluate(contextFor(s));
    CHECK(off.axis(CommAxis::Dp).exposed > e.axis(CommAxis::Dp).exposed);
}

TEST_CASE("MFU is against the BF16 dense peak; FP8 runs also report MFU at the FP8 peak", "[ops][mfu]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    s.training.precision = Precision::Fp8;
    const EvaluationContext ctx = contextFor(s);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    // H100 SXM: 989 TFLOP/s BF16, 1,979 TFLOP/s FP8 dense.
    CHECK(ctx.peakBf16.si == Approx(989e12).epsilon(0.01));
    CHECK(e.mfuAtPrecision == Approx(e.mfu * ctx.peakBf16.si / ctx.peak.si).epsilon(1e-12));
    CHECK(e.hfu >= e.mfu);
}

TEST_CASE("ZeRO-1 is advised over ZeRO-3 under a pipeline only when the model finds it faster, by as much as it finds", "[ops][verdicts]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 4, 2, 128);
    s.efficiency = EfficiencyMode::Measured;
    s.training.zeroStage = 3;
    const Evaluation z3 = evaluate(contextFor(s));
    s.training.zeroStage = 1;
    const Evaluation z1 = evaluate(contextFor(s));
    REQUIRE(z3.ok);
    REQUIRE(z1.ok);
    REQUIRE(z1.memory.fits);
    const Warning* advice = nullptr;
    for (int i = 0; i < z3.warningCount; ++i)
        if (z3.warnings[static_cast<size_t>(i)].code == WarningCode::Zero3WithPipeline) advice = &z3.warnings[static_cast<size_t>(i)];
    // Under a pipeline ZeRO-3 gathers the weights again for every micro-batch: here ZeRO-1 is faster.
    REQUIRE(z1.stepTime < z3.stepTime);
    REQUIRE(advice);
    CHECK(advice->a == Approx(z3.stepTime / z1.stepTime - 1).epsilon(1e-9));
    // Where ZeRO-1 cannot hold the optimizer state, it is never advised.
    Scenario big = makeScenario("dgx-h100-superpod", 64, "llama3-405b", 8, 2, 4, 64);
    big.efficiency = EfficiencyMode::Measured;
    big.training.zeroStage = 3;
    const EvaluationContext ctx = contextFor(big);
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    big.training.zeroStage = 1;
    REQUIRE_FALSE(evaluate(contextFor(big)).memory.fits);
    for (int i = 0; i < e.warningCount; ++i)
        CHECK(e.warnings[static_cast<size_t>(i)].code != WarningCode::Zero3WithPipeline);
}

TEST_CASE("Overlap contention: compute beside hidden TP/CP/EP time takes 18.9 % of it longer, beside hidden DP time 0.189 / ((1 + 0.102)(1 + 0.189) - 1) = 0.609 of it (Lee et al. 2025, arXiv 2507.03114)", "[ops]")
{
    Scenario s = makeScenario("dgx-h100-superpod", 64, "llama3-70b", 8, 1, 8, 64);
    s.efficiency = EfficiencyMode::Measured;
    const EvaluationContext ctx = contextFor(s);
    REQUIRE(ctx.calibration.overlapComputeSlowdown.value == Approx(0.189).epsilon(1e-12));
    REQUIRE(ctx.calibration.overlapSequentialPenalty.value == Approx(0.102).epsilon(1e-12));
    // The abstract's two averages: compute slowed 18.9 % beside communication, and the two one after the
    // other 10.2 % slower than overlapped, so M/C = 1.102 · 1.189 − 1 = 0.310278 and 0.189 / 0.310278 per second.
    const double sideStream = sideStreamContentionRate(ctx.calibration).rate;
    CHECK(sideStream == Approx(0.189 / (1.102 * 1.189 - 1)).epsilon(1e-12));
    CHECK(sideStream == Approx(0.60914).epsilon(1e-4));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    // Per phase: one contention row = 0.189 × the TP/CP/EP time hidden in that phase of a micro-batch;
    // plus one backward row = 0.609 × the data-parallel time hidden per micro-batch.
    Seconds layerHidden[3]{}, charged[3]{};
    for (const OpRow& r : e.ops) {
        const size_t ph = static_cast<size_t>(r.phase);
        if (ph > 2) continue;
        if (r.stream == OpStream::Tp || r.stream == OpStream::Cp || r.stream == OpStream::Ep) layerHidden[ph] += r.hidden * r.count;
        if (r.op == OpKind::OverlapContention) charged[ph] += r.time * r.count;
    }
    const AxisComm& dp = e.axis(CommAxis::Dp);
    const Seconds dpPerMicrobatch = (dp.time - dp.exposed) / e.microbatches;
    REQUIRE(layerHidden[0].si > 0);
    REQUIRE(dpPerMicrobatch.si > 0);
    CHECK(charged[0].si == Approx(0.189 * layerHidden[0].si).epsilon(1e-12));
    CHECK(charged[1].si == Approx(0.189 * layerHidden[1].si + sideStream * dpPerMicrobatch.si).epsilon(1e-12));
    // Without the sequential figure the data-parallel rate falls back to the plain slowdown.
    CalibrationSpec plain = ctx.calibration;
    plain.overlapSequentialPenalty.value = 0;
    CHECK(sideStreamContentionRate(plain).rate == Approx(0.189).epsilon(1e-12));
    // The pure roofline has no contention.
    s.efficiency = EfficiencyMode::Theoretical;
    for (const OpRow& r : evaluate(contextFor(s)).ops) CHECK(r.op != OpKind::OverlapContention);
}

TEST_CASE("Overlap contention is bounded by the largest slowdown Lee et al. 2025 measured, 40.0 % of a micro-batch's compute (arXiv 2507.03114)", "[ops]")
{
    // ZeRO-3 over 256 GPUs with one short sequence per micro-batch: the parameter gathers and gradient
    // reduce-scatters hidden beside each micro-batch far exceed the 0.310 s per compute second of the
    // measured overlaps, so 0.609 s per hidden second would slow the passes by more than their length allows.
    Scenario s = makeScenario("dgx-h100-superpod", 256, "llama3-70b", 1, 1, 256, 256, 2048);
    s.training.zeroStage = 3;
    s.efficiency = EfficiencyMode::Measured;
    const EvaluationContext ctx = contextFor(s);
    REQUIRE(ctx.calibration.overlapComputeSlowdownMax.value == Approx(0.400).epsilon(1e-12));
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    Seconds compute{}, charged{};
    const OpRow* dataParallel = nullptr;
    for (const OpRow& r : e.ops) {
        if (r.phase != Phase::Forward && r.phase != Phase::Backward && r.phase != Phase::Recompute) continue;
        if (r.op == OpKind::OverlapContention) {
            charged += r.total();
            if (r.source == &ctx.calibration.overlapComputeSlowdownMax.source) dataParallel = &r;
        } else if (r.stream == OpStream::Compute) {
            compute += r.total();
        }
    }
    const AxisComm& dp = e.axis(CommAxis::Dp);
    const double rate = sideStreamContentionRate(ctx.calibration).rate;
    // The unbounded charge would exceed the bound; the bounded one meets it exactly and names its source.
    REQUIRE(rate * ((dp.time - dp.exposed) / e.microbatches).si > 0.400 * compute.si);
    REQUIRE(dataParallel != nullptr);
    CHECK(charged.si == Approx(0.400 * compute.si).epsilon(1e-9));
    CHECK(contentionBudget(ctx.calibration, e.ops).si == Approx(0).margin(1e-12));
    // Without the key there is no bound.
    CalibrationSpec unbounded = ctx.calibration;
    unbounded.overlapComputeSlowdownMax.value = 0;
    CHECK(std::isinf(contentionBudget(unbounded, e.ops).si));
}

TEST_CASE("FP8 on Hopper: the backward casts add transposed copies for the TN-only weight-gradient GEMM (compute-hopper fp8_operand_layout)", "[ops]")
{
    auto castBytes = [](const char* system, long long gpus) {
        Scenario s = makeScenario(system, gpus, "llama3-70b", 8, 1, gpus / 8, 64);
        s.training.precision = Precision::Fp8;
        s.efficiency = EfficiencyMode::Measured;
        const Evaluation e = evaluate(contextFor(s));
        REQUIRE(e.ok);
        double forward = 0, backward = 0;
        for (const OpRow& r : e.ops) {
            if (r.op != OpKind::Fp8Cast) continue;
            (r.phase == Phase::Forward ? forward : backward) += r.bytes.si * r.count;
        }
        return std::pair{forward, backward};
    };
    // A cast reads 2 B (BF16) and writes 1 B (FP8) per element; each transposed copy reads and writes 1 B:
    // backward = 3 B (output-gradient cast) + 2 copies × 2 B = 7 B against the forward's 3 B.
    const auto [hF, hB] = castBytes("dgx-h100-superpod", 64);
    REQUIRE(hF > 0);
    CHECK(hB / hF == Approx(7.0 / 3.0).epsilon(1e-12));
    // Blackwell takes FP8 operands in either layout: no copies.
    const auto [bF, bB] = castBytes("gb200-nvl72", 64);
    REQUIRE(bF > 0);
    CHECK(bB / bF == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("Eager cross-entropy (Megatron-LM's default vocab_parallel_cross_entropy on fp32 logits) takes the H100's measured 20.06 ms "
          "against the fused kernel's 5.08 ms for 8,192 tokens over a 128,256 vocabulary (compute-hopper cross_entropy_eager)",
          "[ops]")
{
    // One H100, no parallelism: the last stage's loss runs over the whole vocabulary for one 8,192-token sequence.
    auto lossRows = [](CrossEntropyKernel kernel) {
        Scenario s = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 1, 1, 8, 8);
        s.efficiency = EfficiencyMode::Measured;
        s.training.crossEntropy = kernel;
        const Evaluation e = evaluate(contextFor(s));
        REQUIRE(e.ok);
        std::vector<OpRow> rows;
        for (const OpRow& r : e.ops)
            if (r.op == OpKind::CrossEntropy) rows.push_back(r);
        return std::pair{rows, e.stepTime};
    };
    const auto [fused, fusedStep] = lossRows(CrossEntropyKernel::Fused);
    const auto [eager, eagerStep] = lossRows(CrossEntropyKernel::Eager);
    REQUIRE(fused.size() == 1);
    REQUIRE(eager.size() == 1);
    // Both count 2 × 2 B per logit (read the logits, write their gradient): 4 × 8,192 × 128,256 B.
    const double bytes = 4.0 * 8192 * 128256;
    CHECK(fused[0].bytes.si == Approx(bytes).epsilon(1e-12));
    CHECK(eager[0].bytes.si == Approx(bytes).epsilon(1e-12));
    // 827 GB/s and 210 GB/s achieved over those bytes, plus one launch (0.99 us): within 0.5 % of the measured times.
    CHECK(fused[0].time.si == Approx(5.08e-3).epsilon(0.005));
    CHECK(eager[0].time.si == Approx(20.06e-3).epsilon(0.005));
    CHECK(eager[0].efficiency == Approx(210.0 / 3350.0).epsilon(1e-4)); // of the HBM peak, the launch included
    // The loss is on the step's critical path: the step grows by the difference, one micro-batch per GPU.
    CHECK((eagerStep - fusedStep).si == Approx((eager[0].total() - fused[0].total()).si).epsilon(1e-6));
}

TEST_CASE("No two rows of an evaluation share a name (op, phase, scope): the final norm before the logits is not "
          "the layers' MLP norm (LLaMA-3 70B on 64 H100, DeepSeek-V3 on 2,048 H800)",
          "[operations]")
{
    for (const char* preset : {"default", "deepseek-v3-2048-h800"}) {
        const EvaluationContext ctx = contextFor(presetScenario(preset));
        const Evaluation e = evaluate(ctx);
        REQUIRE(e.ok);
        std::set<std::tuple<std::string_view, std::string_view, std::string_view, std::string_view>> names;
        for (const OpRow& r : e.ops) {
            // Backward has a layer-level and a data-parallel contention row,
            // told apart by their calibration source (overlap_contention.h).
            if (r.op == OpKind::OverlapContention) continue;
            INFO(preset << ": " << opKindKey(r.op) << ", " << phaseKey(r.phase) << ", " << opScopeKey(r.scope));
            CHECK(names.insert({opKindKey(r.op), phaseKey(r.phase), opScopeKey(r.scope), opStreamKey(r.stream)}).second);
        }
        const auto final = std::find_if(e.ops.begin(), e.ops.end(), [](const OpRow& r) { return r.op == OpKind::FinalNorm; });
        REQUIRE(final != e.ops.end());
        CHECK(final->scope == OpScope::Stage);
        CHECK(opKindKey(OpKind::FinalNorm) == "final_norm");
    }
}

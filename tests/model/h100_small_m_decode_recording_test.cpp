// The H100 recordings of 2026-11-26 (tools/calibrate/recordings/
// h100-sxm-2026-11-26-full-moe-partial.recording.json and
// h100-sxm-2026-11-26-quick-moe.recording.json: driver 580.159.04, PyTorch
// 2.11.0+cu130, cuDNN 9.19, CUDA-graph replay, median of 3 batches): the
// GEMM rows with M below 256 and one-query (decode) attention in
// compute-hopper.json reproduce the recorded timings; the inference model
// costs decode GEMMs and grouped-query decode attention from them, and keeps
// the labelled bound only where nothing was measured.

#include "inference_test_support.h"
#include "model_test_support.h"

#include "model/compute/kernel_costs.h"
#include "model/compute/kernel_efficiency.h"
#include "model/inference/inference_passes.h"
#include "model/inference/inference_step.h"
#include "model/spec/compute_calibration.h"
#include "model/spec/spec_reader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <tuple>
#include <utility>

using namespace scalescope;
using testing::catalog;
using testing::contextFor;
using testing::findRow;

namespace {

nlohmann::json recording(const char* name)
{
    return nlohmann::json::parse(
        std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/../tools/calibrate/recordings/" + name));
}

const ComputeCalibration& hopper()
{
    const ComputeCalibration* c = catalog().computeCalibrationFor("Hopper");
    REQUIRE(c);
    return *c;
}

// One serving scenario on 8 GPUs of `system`, measured mode.
Scenario serving(const char* model, int tp, int batch, int prompt, int output, Precision precision = Precision::Bf16,
                 const char* system = "dgx-h100-superpod")
{
    return testing::serving(system, model, 8, tp, batch, prompt, output, precision);
}

bool warns(const InferenceEvaluation& e, InferenceWarning w)
{
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)] == w) return true;
    return false;
}

constexpr double kBf16Peak = 989e12, kFp8Peak = 1979e12; // compute-hopper.json reference (datasheet, dense)

} // namespace

TEST_CASE("H100 recording 2026-11-26 (full): every GEMM row with M below 256 (BF16 M 1-128, FP8 M 16-128, N and K "
          "512-16,384, three passes) is the stored TFLOP/s, within its rounding (0.05 TFLOP/s from 10 up, 0.5 % "
          "below)",
          "[kernel][decode][recording]")
{
    const nlohmann::json rec = recording("h100-sxm-2026-11-26-full-moe-partial.recording.json");
    const ComputeCalibration& c = hopper();
    int checked = 0;
    for (const auto& [section, precision, peak] :
         {std::tuple{"gemm_bf16", Precision::Bf16, kBf16Peak}, std::tuple{"gemm_fp8_e4m3", Precision::Fp8, kFp8Peak}}) {
        for (const nlohmann::json& row : rec.at(section)) {
            const double m = row.at("M"), n = row.at("N"), k = row.at("K");
            if (m >= 256) continue;
            for (const auto& [pass, key] : {std::pair{GemmPass::Forward, "fwd_ms"}, std::pair{GemmPass::DataGrad, "dgrad_ms"},
                                            std::pair{GemmPass::WeightGrad, "wgrad_ms"}}) {
                const double measured = 2 * m * n * k / (row.at(key).get<double>() * 1e-3) / 1e12;
                const Efficiency e = gemmEfficiency(c, precision, pass, m, n, k);
                INFO(section << " M " << m << " N " << n << " K " << k << " " << key);
                CHECK(e.fraction * peak / 1e12 == Approx(measured).margin(measured >= 10 ? 0.05 : 0).epsilon(0.005));
                CHECK(*e.source == "h100smallm");
                ++checked;
            }
        }
    }
    CHECK(checked == (8 + 4) * 36 * 3); // M values x (N, K) pairs x passes
    // From M = 256 up the grid is the 2026-11-22 measurement (source h100), unchanged.
    CHECK(*gemmEfficiency(c, Precision::Bf16, GemmPass::Forward, 256, 8192, 8192).source == "h100");
    CHECK(gemmSmallestMeasuredTokens(c, Precision::Bf16) == 1);
    CHECK(gemmSmallestMeasuredTokens(c, Precision::Fp8) == 16);
}

TEST_CASE("H100 recording 2026-11-26 (full): a BF16 decode GEMM of M = 16, N = K = 8192 takes the measured 47.8 us "
          "(44.9 TFLOP/s) plus one launch; an H200 streams its weights at its own HBM (3.35 / 4.8 of that time)",
          "[kernel][decode][recording]")
{
    const ComputeCalibration& c = hopper();
    const GpuSpec* h100 = catalog().gpu("h100-sxm");
    const GpuSpec* h200 = catalog().gpu("h200-sxm");
    REQUIRE(h100);
    REQUIRE(h200);
    const double launch = kernelLaunchCost(c).si;
    auto time = [&](const GpuSpec& gpu) {
        const KernelCosts kc(kernelSetup(gpu, c, EfficiencyMode::Measured, Precision::Bf16));
        KernelCosts::Acc a;
        CHECK_FALSE(kc.gemmBelowMeasured(a, GemmPass::Forward, 16, 8192, 8192, MemoryOp::Permute));
        CHECK(*a.source == "h100smallm");
        return a.time.si - launch;
    };
    const double measured = 0.0478e-3; // fwd_ms 0.04780 of the recording's row M 16, N 8192, K 8192
    CHECK(time(*h100) == Approx(measured).epsilon(0.005));
    CHECK(time(*h200) == Approx(measured * 3.35 / 4.8).epsilon(0.005));
    // The weights (134 MB) stream at 2.8 TB/s on the H100: far above the M = 256 edge's FLOP rate would give.
    CHECK(8192.0 * 8192 * 2 / time(*h100) == Approx(2.81e12).epsilon(0.01));
}

TEST_CASE("H100 recording 2026-11-26 (quick): the decode step of LLaMA-3 8B (32 query heads over 8 KV heads, head dim "
          "128), batch 16 at a mean KV length of 32,768 on one H100, reads its K and V at the measured 3,112 GB/s "
          "(cuDNN, 2.147 GB in 0.690 ms per layer)",
          "[inference][decode][recording]")
{
    // P + O/2 = 32,704 + 64: the decode step at the mean KV length 32,768.
    const EvaluationContext ctx = contextFor(serving("llama3-8b", 1, 16, 32704, 128));
    const InferenceEvaluation e = evaluateInference(ctx);
    INFO(e.error);
    REQUIRE(e.ok);
    REQUIRE(e.meanKvTokens == 32768);
    const OpRow* att = findRow(e, OpKind::AttentionCore, Phase::Decode);
    REQUIRE(att);
    CHECK(*att->source == "h100decode");
    const double kv = 2.0 * 16 * 32768 * 8 * 128 * 2; // K and V, bytes per layer: the recording's kv_bytes
    CHECK(kv == 2147483648.0);
    const double measuredMs = 0.6901280283927917;   // cudnn, B 16, L 32768
    const double io = att->bytes.si - kv;           // the queries and outputs, read and written at the same rate
    CHECK(io == Approx(16 * (4096 + 4096) * 2.0)); // 16 tokens x (query and output, 4,096 wide each) x 2 B
    const double perByte = measuredMs * 1e-3 / kv;
    CHECK(att->time.si == Approx(att->bytes.si * perByte + kernelLaunchCost(ctx.compute).si).epsilon(0.002));
    CHECK(*findRow(e, OpKind::QkvProjection, Phase::Decode)->source == "h100smallm");
    CHECK_FALSE(warns(e, InferenceWarning::DecodeAttentionBound));
    CHECK_FALSE(warns(e, InferenceWarning::DecodeGemmBelowMeasured));
}

TEST_CASE("Decode attention outside the measured shapes (batch 1 at TP 8, one KV head per GPU; a 512-token cache; "
          "an FP8 KV cache) holds the nearest measured bandwidth and says so",
          "[inference][decode][recording]")
{
    for (const Scenario& s : {serving("llama3-8b", 8, 1, 8192, 128), serving("llama3-8b", 1, 16, 384, 256)}) {
        const EvaluationContext ctx = contextFor(s); // the rows' sources point into it
        const InferenceEvaluation e = evaluateInference(ctx);
        REQUIRE(e.ok);
        const OpRow* att = findRow(e, OpKind::AttentionCore, Phase::Decode);
        REQUIRE(att);
        CHECK(*att->source == "decode-attention-extrapolated");
        CHECK(hopper().sources.at(*att->source).rfind("ScaleScope extrapolation:", 0) == 0);
    }
    Scenario fp8 = serving("llama3-8b", 1, 16, 32704, 128);
    fp8.inference.kvPrecision = Precision::Fp8;
    const EvaluationContext ctx = contextFor(fp8);
    const InferenceEvaluation e = evaluateInference(ctx);
    REQUIRE(e.ok);
    const OpRow* att = findRow(e, OpKind::AttentionCore, Phase::Decode);
    REQUIRE(att);
    CHECK(*att->source == "decode-attention-extrapolated");
    // Half the bytes of the BF16 cache at the bandwidth measured for it (16 sequences at 32k: 3,112 GB/s).
    const double kv = 16.0 * 32768 * 8 * 128 * 2;
    CHECK(att->time.si - kernelLaunchCost(hopper()).si ==
          Approx((kv + 16 * (4096 + 4096) * 2.0) * 0.6901280283927917e-3 / (2 * kv)).epsilon(0.002));
}

TEST_CASE("Where nothing is measured the labelled bounds stay: MLA decode attention (DeepSeek-V3) and B200 decode "
          "GEMMs and attention (Blackwell is carried over from Hopper without the small-M rows)",
          "[inference][decode][recording]")
{
    Scenario mla = serving("deepseek-v3", 1, 1, 1024, 16);
    mla.parallel.ep = 8;
    const EvaluationContext mlaContext = contextFor(mla);
    const InferenceEvaluation d = evaluateInference(mlaContext);
    REQUIRE(d.ok);
    CHECK(findRow(d, OpKind::AttentionCore, Phase::Decode)->source == &decodeAttentionAssumption());

    const EvaluationContext b200 = contextFor(serving("llama3-8b", 1, 1, 2048, 128, Precision::Bf16, "dgx-b200-superpod"));
    CHECK(gemmSmallestMeasuredTokens(b200.compute, Precision::Bf16) == 256);
    const InferenceEvaluation e = evaluateInference(b200);
    INFO(e.error);
    REQUIRE(e.ok);
    CHECK(findRow(e, OpKind::QkvProjection, Phase::Decode)->source == &decodeGemmAssumption());
    CHECK(findRow(e, OpKind::AttentionCore, Phase::Decode)->source == &decodeAttentionAssumption());
    CHECK(warns(e, InferenceWarning::DecodeGemmBelowMeasured));
    CHECK(warns(e, InferenceWarning::DecodeAttentionBound));

    // FP8 below the recording's smallest FP8 M (16) on the H100 keeps the bound too.
    const EvaluationContext fp8 = contextFor(serving("llama3-8b", 1, 8, 2048, 128, Precision::Fp8));
    const InferenceEvaluation f = evaluateInference(fp8);
    REQUIRE(f.ok);
    CHECK(findRow(f, OpKind::QkvProjection, Phase::Decode)->source == &decodeGemmAssumption());
}

TEST_CASE("A GEMM grid's small_m must name an M of the grid after the first; a decode_attention bandwidth above the "
          "reference HBM bandwidth is refused; both with file and JSON path",
          "[kernel][decode][errors]")
{
    auto errorsOf = [](const auto& edit) {
        nlohmann::json j = nlohmann::json::parse(
            std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/calibration/compute-hopper.json"));
        edit(j);
        SpecErrors errors;
        SpecReader r("compute-hopper.json", j, errors);
        (void)readComputeCalibration(r);
        r.reportUnreadKeys();
        return errors;
    };
    CHECK(errorsOf([](nlohmann::json&) {}).empty());
    const SpecErrors below = errorsOf([](nlohmann::json& j) { j["gemm"]["bf16"]["small_m"]["below"] = 100; });
    REQUIRE(below.size() == 1);
    CHECK(below[0].path == "/gemm/bf16/small_m/below");
    CHECK(below[0].message.find("expected one of the m values after the first, found 100") != std::string::npos);
    const SpecErrors first = errorsOf([](nlohmann::json& j) { j["gemm"]["fp8"]["small_m"]["below"] = 16; });
    REQUIRE(first.size() == 1);
    CHECK(first[0].path == "/gemm/fp8/small_m/below");
    const SpecErrors fast = errorsOf([](nlohmann::json& j) { j["decode_attention"]["bandwidth"][0][3][1] = 3400; });
    REQUIRE(fast.size() == 1);
    CHECK(fast[0].path == "/decode_attention/bandwidth");
    CHECK(fast[0].message.find("expected at most the reference HBM bandwidth") != std::string::npos);
}

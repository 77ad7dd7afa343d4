// The grouped MoE expert GEMM table of specs/calibration/compute-hopper.json
// against the recording it was written from,
// tools/calibrate/recordings/h100-sxm-2026-11-26-full-moe-partial.recording.json
// (section grouped_gemm_bf16: torch._grouped_mm over 4, 8, 32 experts against
// one dense GEMM of the same total size; H100 SXM, driver 580.159.04,
// PyTorch 2.11.0+cu130, cuDNN 9.19, 2026-11-26, CUDA-graph replay).

#include "model/compute/kernel_efficiency.h"

#include "model/spec/compute_calibration.h"
#include "model/spec/spec_reader.h"
#include "model_test_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

using namespace scalescope;
using scalescope::testing::catalog;

namespace {

constexpr double kH100Bf16 = 989; // TFLOP/s, the datasheet's dense BF16 peak (/reference/bf16_peak)

const ComputeCalibration& hopper()
{
    const ComputeCalibration* c = catalog().computeCalibrationFor("Hopper");
    REQUIRE(c);
    return *c;
}

// The grouped/dense ratio the model applies to `experts` GEMMs of
// tokens × n × k: the grouped efficiency over the dense one at M = tokens × experts.
double groupedOverDense(double tokens, double n, double k, int experts)
{
    const ComputeCalibration& h = hopper();
    const double grouped = groupedGemmEfficiency(h, Precision::Bf16, GemmPass::Forward, tokens, n, k, experts).fraction;
    return grouped / gemmEfficiency(h, Precision::Bf16, GemmPass::Forward, tokens * experts, n, k).fraction;
}

// Where N·K lies between two classes of the table, in log2 (0: the lower class, 1: the upper).
double between(double n, double k, double lowerClassLog2)
{
    return (std::log2(n * k) - lowerClassLog2) / 2;
}

} // namespace

TEST_CASE("h100-sxm-2026-11-26-full-moe-partial recording: grouped/dense at 16,384 tokens per expert is the median of "
          "the Qwen3-30B-A3B expert shapes, 0.869 (0.904 and 0.834), and every measured shape there within 6 %",
          "[kernel][moe]")
{
    // (2048, 768) and (1536, 2048) make the 2^21 weight-element class; 2048 x 768
    // (2^20.6) lies below it (clamped), 1536 x 2048 (2^21.6) towards the 2^23 class (0.899).
    CHECK(groupedOverDense(16384, 2048, 768, 4) == Approx(0.869).margin(0.0005));
    CHECK(groupedOverDense(16384, 1536, 2048, 4) ==
          Approx(0.869 + (0.899 - 0.869) * between(1536, 2048, 21)).margin(0.0005));
    struct Measured {
        double n, k, ratio; // dense_ms / grouped_ms, 4 experts x 16,384 tokens
    };
    for (const Measured m : {Measured{2048, 768, 0.904}, Measured{1536, 2048, 0.834}, Measured{4096, 1536, 0.912},
                             Measured{3072, 4096, 0.885}, Measured{7168, 2048, 0.899}, Measured{4096, 7168, 0.849},
                             Measured{4096, 14336, 0.835}, Measured{28672, 4096, 0.880}}) {
        CAPTURE(m.n, m.k);
        CHECK(groupedOverDense(16384, m.n, m.k, 4) == Approx(m.ratio).epsilon(0.06));
    }
    CHECK(groupedGemmExtrapolated(hopper(), 128) == false);
    CHECK(groupedGemmExtrapolated(hopper(), 16384) == false);
    CHECK(groupedGemmExtrapolated(hopper(), 32768) == true);
    CHECK(groupedGemmExtrapolated(hopper(), 64) == true);
}

TEST_CASE("h100-sxm-2026-11-26-full-moe-partial recording: narrow experts lag dense at 512 tokens per expert, "
          "the 2^21 class (Qwen3-30B-A3B) 0.666 (median of 6 cases) against the 2^25 class 0.987 (median of 6)",
          "[kernel][moe]")
{
    // Qwen3-30B-A3B: hidden 2048, expert FFN 768 (up 1536 x 2048, down 2048 x 768; measured 0.683, 0.649,
    // 0.802 for the down projection over 4, 8, 32 experts); DeepSeek-V3: hidden 7168, expert FFN 2048
    // (up 4096 x 7168: 0.969, 0.988, 1.027).
    CHECK(groupedOverDense(512, 2048, 768, 8) == Approx(0.666).margin(0.0005)); // below 2^21 elements: clamped
    CHECK(groupedOverDense(512, 1536, 2048, 8) ==
          Approx(0.666 + (0.909 - 0.666) * between(1536, 2048, 21)).margin(0.0005));
    CHECK(groupedOverDense(512, 4096, 7168, 8) ==
          Approx(0.909 + (0.987 - 0.909) * between(4096, 7168, 23)).margin(0.0005));
    CHECK(groupedOverDense(512, 4096, 7168, 8) > 1.4 * groupedOverDense(512, 2048, 768, 8));
}

TEST_CASE("H100 skinny MoE expert GEMM, 8 experts x 128 tokens, N=4096, K=7168: measured 327 TFLOP/s (+-10 %), far "
          "below a large GEMM",
          "[kernel][moe]")
{
    const ComputeCalibration& h = hopper();
    const Efficiency e = groupedGemmEfficiency(h, Precision::Bf16, GemmPass::Forward, 128, 4096, 7168, 8);
    CHECK(e.fraction * kH100Bf16 == Approx(327.1).epsilon(0.10));
    CHECK(*e.source == "h100groupedshapes");
    const double large = gemmEfficiency(h, Precision::Bf16, GemmPass::Forward, 8192, 8192, 8192).fraction;
    CHECK(e.fraction < 0.55 * large);
    // 2,048 tokens per expert run as fast as one dense GEMM (measured 708 vs 688 TFLOP/s).
    const Efficiency big = groupedGemmEfficiency(h, Precision::Bf16, GemmPass::Forward, 2048, 4096, 7168, 8);
    CHECK(big.fraction * kH100Bf16 == Approx(708.4).epsilon(0.10));
}

TEST_CASE("A grouped table by tokens per expert alone applies to every expert shape; a two-axis row of the wrong "
          "length is refused with its JSON path",
          "[kernel][moe][errors]")
{
    const auto read = [](const char* grouped, SpecErrors& errors) {
        nlohmann::json j = nlohmann::json::parse(
            std::ifstream(std::string(SCALESCOPE_SPECS_DIR) + "/calibration/compute-hopper.json"));
        j["grouped_gemm"] = nlohmann::json::parse(grouped);
        SpecReader r("compute-hopper.json", j, errors);
        return readComputeCalibration(r);
    };
    SpecErrors errors;
    const ComputeCalibration flat = read(R"({"source": "h100groupedshapes", "tokens_per_expert": [128, 512],
                                             "grouped_over_dense": [0.45, 0.95]})",
                                         errors);
    CHECK(errors.empty());
    CHECK(flat.groupedOverDense.at(256, 2048.0 * 768) == Approx(0.70)); // halfway in log2
    CHECK(flat.groupedOverDense.at(256, 28672.0 * 4096) == Approx(0.70));
    (void)read(R"({"source": "h100groupedshapes", "tokens_per_expert": [128, 512],
                  "expert_weight_elements": [2097152, 8388608], "grouped_over_dense": [[0.4, 0.45], [0.9]]})",
               errors);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].path == "/grouped_gemm/grouped_over_dense/1");
}

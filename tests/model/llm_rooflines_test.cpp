// Seed 004's LLM rooflines ("在 GPU 上进行 LLM 缩放的屋顶线", quiz 5) and the
// memory arithmetic of seed 001. Tolerances: the seed's rounding (≤ 2 %).

#include "model_test_support.h"

#include "model/chip/llm_rooflines.h"
#include "model/training/memory_per_gpu.h"
#include "model/spec/quantity_parser.h"

#include <cmath>

using namespace scalescope;
using testing::catalog;

TEST_CASE("DP critical batch per GPU: ≈ 2,200 tokens in a node, ≈ 2,475 across nodes on H100 (seed 004)", "[rooflines][seed004]")
{
    const FlopsPerSecond h100{990e12};
    CHECK(dpCriticalTokensPerGpu(h100, BytesPerSecond{450e9}, 1e9) == Approx(2200).epsilon(0.001));
    CHECK(dpCriticalTokensPerGpu(h100, BytesPerSecond{400e9}, 1e9) == Approx(2475).epsilon(0.001));
}

TEST_CASE("DP critical batch: ≈ 3,300 on H800 (300 GB/s); × E/k = 79,200 for gpt-oss; about half for 2-way DP; B200 ≈ 5,625 (seed 004)",
          "[rooflines][seed004]")
{
    CHECK(dpCriticalTokensPerGpu(FlopsPerSecond{990e12}, BytesPerSecond{300e9}, 1e9) == Approx(3300).epsilon(0.001));
    const ModelSpec& oss = *catalog().model("gpt-oss-120b");
    REQUIRE(oss.moe);
    const double eOverK = double(oss.moe->experts.value) / oss.moe->topK.value;
    CHECK(eOverK == 32);
    CHECK(dpCriticalTokensPerGpu(FlopsPerSecond{990e12}, BytesPerSecond{400e9}, 1e9, eOverK) == Approx(79200).epsilon(0.001));
    CHECK(dpCriticalTokensPerGpu(FlopsPerSecond{990e12}, BytesPerSecond{400e9}, 2) == Approx(1237).epsilon(0.001));
    CHECK(dpCriticalTokensPerGpu(FlopsPerSecond{2250e12}, BytesPerSecond{400e9}, 1e9) == Approx(5625).epsilon(0.001));
}

TEST_CASE("TP limit Y < F·W/C: LLaMA-3 F = 28,672 gives ~11–14-way, so 8-way in practice (seed 004)", "[rooflines][seed004]")
{
    const double f = catalog().model("llama3-70b")->ffn.value;
    CHECK(f == 28672);
    const double inNode = tpComputeBoundLimit(f, BytesPerSecond{450e9}, FlopsPerSecond{990e12});
    const double acrossNodes = tpComputeBoundLimit(f, BytesPerSecond{400e9}, FlopsPerSecond{990e12});
    CHECK(inNode == Approx(13.0).epsilon(0.01));
    CHECK(acrossNodes == Approx(11.6).epsilon(0.01));
    CHECK(inNode <= 14);
    CHECK(acrossNodes >= 11);
}

TEST_CASE("LLaMA-3 70B: 2 + 8 bytes/param ≈ 700 GB → ≥ 9 H100s; 8-way TP + pure DP needs 87.5 GB/GPU (seed 004 quiz 5 Q2)",
          "[rooflines][seed004]")
{
    const Bytes state = seedTrainingStateLowerBound(70e9);
    CHECK(state.si == Approx(700e9).epsilon(1e-12));
    const double h100 = catalog().gpu("h100-sxm")->hbm.capacityUsable.value.si;
    CHECK(std::ceil(state.si / h100) == 9);
    CHECK(state.si / 8 == Approx(87.5e9).epsilon(1e-12));
    CHECK(state.si / 8 > h100);
}

TEST_CASE("LLaMA-3 70B: 6·70e9·15e12 ≈ 6.3e24 FLOPs → ≈ 40 days on 4,096 H100 at 45 % MFU (seed 004 quiz 5 Q2)", "[rooflines][seed004]")
{
    const Flops f = trainingFlops(70e9, 15e12);
    CHECK(f.si == Approx(6.3e24).epsilon(1e-12));
    const Seconds t = trainingTime(f, 4096, FlopsPerSecond{990e12}, 0.45);
    CHECK(t.si / 86400 == Approx(40).epsilon(0.02));
}

TEST_CASE("100T dense parameters at 2 bytes = 200 TB (≈ 182 TiB): ≈ 1,042 B200 at 192 GB or ≈ 694 B300 at 288 GB (seed 001)",
          "[rooflines][seed001]")
{
    const ModelSpec& m = *catalog().model("dense-100t");
    const double bytes = m.paramsReported.value * 2;
    CHECK(bytes == Approx(200e12).epsilon(1e-12));
    CHECK(bytes / std::pow(1024.0, 4) == Approx(182).epsilon(0.001)); // the seed's "182 TB" is binary
    CHECK(bytes / catalog().gpu("b200")->hbm.capacityNominal.value.si == Approx(1042).epsilon(0.001));
    CHECK(bytes / catalog().gpu("b300")->hbm.capacityNominal.value.si == Approx(694).epsilon(0.001));
}

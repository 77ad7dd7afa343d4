// Chip rooflines of seed 004 ("GPU 规格总结", quiz 1). Tolerances: the seed
// rounds to 2-3 significant digits, so 1 % unless said otherwise.

#include "model_test_support.h"

#include "model/chip/roofline.h"

using namespace scalescope;
using testing::catalog;

TEST_CASE("H100 ridge intensity 990e12 / 3.35e12 ≈ 295, B200 2.25e15 / 8e12 ≈ 281; FP8 doubles them (seed 004)", "[roofline][seed004]")
{
    const GpuSpec& h100 = *catalog().gpu("h100-sxm");
    const GpuSpec& b200 = *catalog().gpu("b200");
    CHECK(*ridgeIntensity(h100, Precision::Bf16) == Approx(295).epsilon(0.01));
    CHECK(*ridgeIntensity(b200, Precision::Bf16) == Approx(281).epsilon(0.01));
    CHECK(*ridgeIntensity(h100, Precision::Fp8) == Approx(2 * *ridgeIntensity(h100, Precision::Bf16)).epsilon(0.001));
    CHECK(*ridgeIntensity(b200, Precision::Fp8) == Approx(2 * *ridgeIntensity(b200, Precision::Bf16)).epsilon(0.001));
    CHECK_FALSE(ridgeIntensity(*catalog().gpu("a100-sxm-80gb"), Precision::Fp8)); // no FP8 Tensor Cores
}

TEST_CASE("B200 fp16[64,4096]·[4096,8192] is memory-bound at ≈ 8.6 µs (seed 004 quiz 1)", "[roofline][seed004]")
{
    const auto c = matmulCost(*catalog().gpu("b200"), 64, 4096, 8192, Precision::Fp16);
    REQUIRE(c);
    CHECK(c->bound == Bound::Memory);
    CHECK(c->time.si == Approx(8.6e-6).epsilon(0.01));
}

TEST_CASE("B200 fp16[512,4096]·[4096,8192] is compute-bound at ≈ 15 µs (seed 004 quiz 1)", "[roofline][seed004]")
{
    const auto c = matmulCost(*catalog().gpu("b200"), 512, 4096, 8192, Precision::Fp16);
    REQUIRE(c);
    CHECK(c->bound == Bound::Compute);
    CHECK(c->time.si == Approx(15.3e-6).epsilon(0.01)); // 2·512·4096·8192 / 2.25e15
}

TEST_CASE("fp32[N] vector add, N = 2^30, on H100 takes ≈ 3.84 ms (memory-bound, seed 004 quiz 1)", "[roofline][seed004]")
{
    const OpCost c = vectorAddCost(*catalog().gpu("h100-sxm"), 1073741824.0, Precision::Fp32);
    CHECK(c.bound == Bound::Memory);
    CHECK(c.time.si == Approx(3.84e-3).epsilon(0.005));
}

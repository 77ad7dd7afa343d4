// Model weights across HBM and LPDDR5X on one superchip (seed 000, 2.1).

#include "model/spec/spec_catalog.h"
#include "model/chip/superchip_fit.h"

#include <catch2/catch.hpp>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;

namespace {

SuperchipMemory gb200()
{
    const SuperchipSpec* sc = catalog().superchip("gb200");
    REQUIRE(sc);
    const GpuSpec* gpu = catalog().gpu(sc->gpu);
    REQUIRE(gpu);
    return superchipMemory(*sc, *gpu);
}
} // namespace

TEST_CASE("a 500 GB model fits one GB200 superchip (seed 000 2.1)", "[superchip][seed000]")
{
    const SuperchipMemory m = gb200();
    CHECK(m.gpus == 2);
    CHECK(m.hbmPerGpu.si == Approx(186e9));
    CHECK(m.lpddr.si == Approx(480e9));
    CHECK(m.c2cPerGpuPerDirection.si == Approx(450e9)); // 900 GB/s bidirectional

    // The seed's reading: one GPU's HBM plus the Grace LPDDR5X.
    const SuperchipFit one = fitOnSuperchip(m, Bytes{500e9}, 1);
    CHECK(one.fits);
    CHECK(one.inHbm.si == Approx(186e9));
    CHECK(one.spilled.si == Approx(314e9));
    CHECK(one.spillBandwidth.si == Approx(450e9)); // C2C per direction is below LPDDR5X's 500 GB/s
    CHECK(one.spillReadTime.si == Approx(314.0 / 450).epsilon(1e-9));

    // Both GPUs: 2 x 186 GB in HBM, 128 GB spills, read at the LPDDR5X limit.
    const SuperchipFit two = fitOnSuperchip(m, Bytes{500e9}, 2);
    CHECK(two.fits);
    CHECK(two.inHbm.si == Approx(372e9));
    CHECK(two.hbmPerGpu.size() == 2);
    CHECK(two.spilled.si == Approx(128e9));
    CHECK(two.spillBandwidth.si == Approx(500e9));
    CHECK(two.hbmBandwidth.si == Approx(16e12));
    CHECK(two.passTime.si == Approx(128.0 / 500));
    CHECK(two.effectiveBandwidth.si == Approx(500e9 / (128.0 / 500)));
}

TEST_CASE("a 1 TB model overflows a GB200 superchip by 148 GB", "[superchip]")
{
    const SuperchipFit f = fitOnSuperchip(gb200(), Bytes{1000e9}, 2);
    CHECK_FALSE(f.fits);
    CHECK(f.overflow.si == Approx(148e9)); // 1000 - 372 - 480
}

TEST_CASE("a model that fits in HBM never touches LPDDR5X", "[superchip]")
{
    const SuperchipFit f = fitOnSuperchip(gb200(), Bytes{140e9}, 2);
    CHECK(f.fits);
    CHECK(f.spilled.si == 0);
    CHECK(f.effectiveBandwidth.si == Approx(16e12));
    CHECK(modelWeightBytes(405e9, Precision::Fp8).si == Approx(405e9));
    CHECK(modelWeightBytes(70e9, Precision::Bf16).si == Approx(140e9));
}

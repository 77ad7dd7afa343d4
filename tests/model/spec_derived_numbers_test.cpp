// Numbers derived from the specs that the seeds state outright.

#include "model/spec/spec_catalog.h"

#include <catch2/catch.hpp>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;


TEST_CASE("B200: 8 HBM3e stacks x 24 GB = 192 GB (seed 000, 2.3)", "[specs][seed000]")
{
    const GpuSpec* b200 = catalog().gpu("b200");
    REQUIRE(b200);
    REQUIRE(b200->hbm.stackCapacity);
    CHECK(b200->hbm.stacks.value == 8);
    CHECK(b200->hbm.stacks.value * b200->hbm.stackCapacity->value.si == Approx(192e9).epsilon(0));
    CHECK(b200->hbm.capacityNominal.value.si == Approx(192e9).epsilon(0));
}

TEST_CASE("B200: 2 dies x 104 B transistors = 208 B, joined by NV-HBI at 10 TB/s (seed 000, 2.3)", "[specs][seed000]")
{
    const GpuSpec* b200 = catalog().gpu("b200");
    REQUIRE(b200);
    CHECK(b200->dies.value == 2);
    REQUIRE(b200->transistors);
    CHECK(b200->transistors->value / b200->dies.value == Approx(104e9).epsilon(0));
    REQUIRE(b200->dieToDieBandwidth);
    CHECK(b200->dieToDieBandwidth->value.si == Approx(10e12).epsilon(0));
}

TEST_CASE("FP32 lanes: H100 132 x 4 x 32 = 16,896; B200 148 x 4 x 32 = 18,944 (seed 004)", "[specs][seed004]")
{
    CHECK(catalog().gpu("h100-sxm")->fp32Lanes() == 16896);
    CHECK(catalog().gpu("b200")->fp32Lanes() == 18944);
}

TEST_CASE("GB200 superchip: 480 GB LPDDR5X + 2 x 192 GB = 384 GB HBM (seed 000, 2.1)", "[specs][seed000]")
{
    const SuperchipSpec* gb200 = catalog().superchip("gb200");
    REQUIRE(gb200);
    const GpuSpec* gpu = catalog().gpu(gb200->gpu);
    REQUIRE(gpu);
    CHECK(gb200->lpddr5xCapacity.value.si == Approx(480e9).epsilon(0));
    CHECK(gb200->gpus.value * gpu->hbm.capacityNominal.value.si == Approx(384e9).epsilon(0));
}

TEST_CASE("GB200 NVL72: 72 GPUs, 36 CPUs, 18 NVSwitch chips, ~130 TB/s NVLink, 13.8 TB HBM (seed 000, 2.6)", "[specs][seed000]")
{
    const SystemSpec* nvl72 = catalog().system("gb200-nvl72");
    REQUIRE(nvl72);
    const GpuSpec* gpu = catalog().gpu(nvl72->gpu);
    REQUIRE(gpu);
    const int gpus = nvl72->nvlinkDomain.gpus.value;
    CHECK(gpus == 72);
    CHECK(nvl72->node.cpus.value * nvl72->nodesPerDomain.value == 36);
    CHECK(nvl72->nvlinkDomain.nvswitch.chips.value == 18);
    REQUIRE(nvl72->switchTrays);
    CHECK(nvl72->switchTrays->count.value * nvl72->switchTrays->chipsPerTray.value == 18);
    // 72 x 1.8 TB/s = 129.6 TB/s, "~130 TB/s"
    CHECK(gpus * gpu->nvlinkBandwidth.value.si == Approx(130e12).epsilon(0.005));
    // 72 x 192 GB = 13.824 TB
    CHECK(gpus * gpu->hbm.capacityNominal.value.si == Approx(13.8e12).epsilon(0.002));
}

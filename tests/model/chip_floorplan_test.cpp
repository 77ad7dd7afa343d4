// The chip view's division of SMs, L2 and HBM over the dies (seed 000 2.3, seed 004).

#include "model/chip/chip_floorplan.h"
#include "model/spec/spec_catalog.h"

#include <catch2/catch.hpp>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;


TEST_CASE("B200: 74 SMs, one 63 MB L2 and 4 HBM stacks of 24 GB at 1 TB/s per die (seed 000 2.3)", "[floorplan][seed000]")
{
    const GpuSpec* b200 = catalog().gpu("b200");
    REQUIRE(b200);
    const ChipFloorplan plan = chipFloorplan(*b200);
    REQUIRE(plan.dies.size() == 2);
    for (const DiePlan& die : plan.dies) {
        CHECK(die.sms == 74);
        CHECK(die.l2Partitions.size() == 1);
        CHECK(die.hbmStacks.size() == 4);
    }
    REQUIRE(plan.l2.size() == 2);
    CHECK(plan.l2[0].capacity.si == Approx(63e6));
    REQUIRE(plan.hbm.size() == 8);
    CHECK(plan.hbm[7].die == 1);
    CHECK(plan.hbm[0].capacity.si == Approx(24e9));
    CHECK(plan.hbm[0].bandwidth.si == Approx(1e12));
    CHECK(plan.smGroups.back().firstSm + plan.smGroups.back().sms == 148);
}

TEST_CASE("H100: one die, two L2 halves of 25 MB each reached by 66 SMs, 5 HBM3 stacks (seed 004)", "[floorplan][seed004]")
{
    const GpuSpec* h100 = catalog().gpu("h100-sxm");
    REQUIRE(h100);
    const ChipFloorplan plan = chipFloorplan(*h100);
    REQUIRE(plan.dies.size() == 1);
    REQUIRE(plan.smGroups.size() == 2);
    CHECK(plan.smGroups[0].sms == 66);
    CHECK(plan.smGroups[1].l2Partition == 1);
    CHECK(plan.l2[1].capacity.si == Approx(25e6));
    CHECK(plan.hbm.size() == 5);
    CHECK(plan.hbm[0].capacity.si == Approx(16.0 * 1024 * 1024 * 1024)); // 16 GiB: HBM dies hold binary gigabits
    CHECK(registersPerSubpartition(h100->sm).si == Approx(64.0 * 1024));
}

TEST_CASE("splitEvenly gives the remainder to the first parts", "[floorplan]")
{
    CHECK(splitEvenly(5, 2) == std::vector<int>{3, 2});
    CHECK(splitEvenly(0, 3) == std::vector<int>{0, 0, 0});
    CHECK(splitEvenly(4, 0).empty());
}

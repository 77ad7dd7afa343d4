// Resident warps per SM from the block shape (seed 004, '内存' section).

#include "model/chip/occupancy.h"
#include "model/spec/spec_catalog.h"

#include <catch2/catch.hpp>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;

namespace {

OccupancyLimits h100Limits()
{
    const GpuSpec* h100 = catalog().gpu("h100-sxm");
    REQUIRE(h100);
    return occupancyLimits(h100->sm);
}
} // namespace

TEST_CASE("256 registers per thread leaves 8 resident warps (seed 004)", "[occupancy][seed004]")
{
    // 256 * 1024 / (4 * 32 * 256) = 8
    const OccupancyLimits limits = h100Limits();
    CHECK(limits.maxWarps == 64);
    CHECK(limits.registerFile.si == Approx(256.0 * 1024));
    for (int threads : {32, 128, 256}) {
        const Occupancy o = occupancy(limits, {threads, 256, Bytes{0}});
        CHECK(o.residentWarps == 8);
        CHECK(o.limiter == OccupancyLimiter::Registers);
        CHECK(o.fraction == Approx(8.0 / 64));
        CHECK(o.problem == OccupancyProblem::TooManyRegisters); // CUDA caps at 255
    }
    const Occupancy o255 = occupancy(limits, {256, 255, Bytes{0}});
    CHECK(o255.residentWarps == 8);
    CHECK(o255.problem == OccupancyProblem::None);
    CHECK(o255.warpsPerScheduler == std::vector<int>{2, 2, 2, 2});
}

TEST_CASE("32 registers per thread reaches the 64-warp maximum", "[occupancy][seed004]")
{
    // 16,384 registers per sub-partition / (32 * 32) = 16 warps each, 64 in all
    const Occupancy o = occupancy(h100Limits(), {256, 32, Bytes{0}});
    CHECK(o.residentWarps == 64);
    CHECK(o.residentBlocks == 8);
    CHECK(o.limiter == OccupancyLimiter::Warps);
    CHECK(o.fraction == Approx(1.0));
}

TEST_CASE("Shared memory and block limits bound occupancy", "[occupancy]")
{
    const OccupancyLimits limits = h100Limits(); // 228 KiB shared memory, 32 blocks
    const Occupancy smem = occupancy(limits, {128, 32, Bytes{100.0 * 1024}});
    CHECK(smem.residentBlocks == 2); // 228 / 100
    CHECK(smem.residentWarps == 8);
    CHECK(smem.limiter == OccupancyLimiter::SharedMemory);

    const Occupancy tiny = occupancy(limits, {32, 16, Bytes{0}});
    CHECK(tiny.residentBlocks == 32);
    CHECK(tiny.residentWarps == 32);
    CHECK(tiny.limiter == OccupancyLimiter::Blocks);

    const Occupancy tooBig = occupancy(limits, {256, 32, Bytes{300.0 * 1024}});
    CHECK(tooBig.residentWarps == 0);
    CHECK(tooBig.problem == OccupancyProblem::BlockDoesNotFit);

    const Occupancy bad = occupancy(limits, {0, 32, Bytes{0}});
    CHECK(bad.residentWarps == 0);
    CHECK(bad.problem == OccupancyProblem::NotPositive);
}

// Placement of every group of a mesh axis on the network tiers (reported
// bugs, each reproduced first on the old model, numbers in the comments).
// Theoretical mode: exact products, tolerance 1e-9 unless stated.

#include "model_test_support.h"

#include "model/network/axis_groups.h"
#include "model/network/collectives.h"
#include "model/network/topology.h"
#include "model/training/verdicts.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

NetworkTiers tiersOf(const char* system, long long gpus)
{
    const SystemSpec& s = *catalog().system(system);
    return Topology(s, *catalog().gpu(s.gpu), gpus).tiers(catalog().calibration("nccl-measured"));
}

const CollectiveOptions kTheory{EfficiencyMode::Theoretical, false, 0, nullptr};

const Warning* findWarning(const Evaluation& e, WarningCode c)
{
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)].code == c) return &e.warnings[static_cast<size_t>(i)];
    return nullptr;
}

} // namespace

TEST_CASE("GB200 NVL72 405B preset: DP at stride 72 (one GPU per rack) runs on the NICs, not NVLink (dp group was "
          "{dp·cp, min(stride dp, stride cp)})",
          "[placement]")
{
    // Old model: cp = 1 has stride 8 (inside tp), so the dp group became 8 ranks at stride 8 — one rack, 'nvlink', 839
    // GB/s.
    const EvaluationContext ctx = contextFor(presetScenario("gb200-nvl72-llama3-405b"));
    const AxisGroups g = axisGroups(ctx.tiers, ctx.scenario.parallel);
    CHECK(g.dp.size == 8);
    CHECK(g.dp.spannedTier == 1);
    CHECK(g.dp.tiers[1].minMembersPerChild == 1); // one member per rack: 72 groups share each rack's 3.6 TB/s
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    CHECK(e.axis(CommAxis::Dp).tier == 1);
    CHECK(ctx.tiers.tiers[1].name != "nvlink");
    // The same as `scalescope-cli collective --gpus 8 --stride 72`: one 1 GB AllGather in measured mode
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, &ctx.calibration};
    const CollectiveCost axis = collectiveCost(ctx.tiers, CollectiveKind::AllGather, Bytes{1e9}, g.dp, measured);
    const CollectiveCost cli =
        collectiveCost(ctx.tiers, CollectiveKind::AllGather, Bytes{1e9}, GroupShape{8, 72}, measured);
    CHECK(axis.time.si == Approx(cli.time.si).epsilon(1e-12));
    // 72 · B · (7/8) / (0.822 · c/(c + 10.6 MB) · 3.6 TB/s), c = B/8: ≈ 43 GB/s algorithm bandwidth, not 839
    CHECK(1e9 / axis.time.si == Approx(43.27e9).epsilon(0.002));
    CHECK(e.axis(CommAxis::Dp).perGpuBandwidth.si < 100e9);
}

TEST_CASE("TP=64 on NVL72 straddles two racks in 7 of 9 groups: tier leaf, 8 NICs carry 56/64 of B, and a misalignment "
          "warning",
          "[placement]")
{
    const NetworkTiers n = tiersOf("gb200-nvl72", 576);
    REQUIRE(n.tiers.size() == 2);
    const GroupPlacement tp = placeGroups(n, {64, 1}, 576);
    CHECK(tp.spannedTier == 1);
    CHECK(tp.alignedTier == 0);
    CHECK(tp.misaligned());
    CHECK(tp.maxDomains == 2);
    CHECK(tp.tiers[1].minMembersPerChild == 8); // group 1 = ranks 64..127: 8 in rack 0, 56 in rack 1
    const double b = 1e9;
    const CollectiveCost c = collectiveCost(n, CollectiveKind::AllGather, Bytes{b}, tp, kTheory);
    // Old model: degree 2, concurrency 1 at the leaf (B/7.2 TB/s), so NVLink bound: B·63/64 / 900 GB/s = 1.094 ms.
    // Now: c = 72/8 = 9, D = 64/8 = 8: 9 · B · (7/8) / 3.6 TB/s = B·0.875 / (8 × 50 GB/s) = 2.1875 ms.
    CHECK(c.bottleneckTier == 1);
    CHECK(c.bandwidthTime.si == Approx(2.1875e-3).epsilon(1e-9));
    CHECK(c.tiers[0].time.si == Approx(b * 63 / 64 / 900e9).epsilon(1e-9));
    // Latency: 63 NVLink ring steps × 1 µs + 1 rack-to-rack step × 2 µs (nccl-measured fsE)
    CHECK(c.latency.si == Approx(65e-6).epsilon(1e-9));

    Scenario s = makeScenario("gb200-nvl72", 576, "llama3-405b", 64, 9, 1, 72);
    s.parallel.order = {Axis::Tp, Axis::Cp, Axis::Ep, Axis::Pp, Axis::Dp};
    const Evaluation e = evaluate(contextFor(s));
    REQUIRE(e.ok);
    CHECK(e.axis(CommAxis::Tp).tier == 1); // old model: 0 ('nvlink') and no warning
    REQUIRE(findWarning(e, WarningCode::GroupStraddlesDomain));
    CHECK_THAT(warningMessage(*findWarning(e, WarningCode::GroupStraddlesDomain)),
               Catch::StartsWith("TP = 64 does not divide the 72-GPU NVLink domain"));
    CHECK(findWarning(e, WarningCode::TpLeavesNvlinkDomain));
}

TEST_CASE("Aligned groups are unchanged: TP 8 and TP 72 on NVL72 stay on NVLink without a misalignment warning",
          "[placement]")
{
    const NetworkTiers n = tiersOf("gb200-nvl72", 576);
    for (long long size : {8LL, 9LL, 24LL, 72LL}) {
        INFO(size);
        const GroupPlacement g = placeGroups(n, {size, 1}, 576);
        CHECK(g.spannedTier == 0);
        CHECK_FALSE(g.misaligned());
    }
}

TEST_CASE(
    "dp×cp with cp innermost: 4 nodes with 2 members each, not 8 consecutive GPUs in one node (old min-stride group)",
    "[placement]")
{
    const NetworkTiers n = tiersOf("dgx-h100-superpod", 64);
    ParallelLayout p;
    p.cp = 2;
    p.tp = 8;
    p.dp = 4;
    p.pp = 1;
    p.order = {Axis::Cp, Axis::Tp, Axis::Ep, Axis::Dp, Axis::Pp}; // cp stride 1, tp stride 2, dp stride 16
    const AxisGroups g = axisGroups(n, p);
    CHECK(g.dp.size == 8);
    CHECK(g.dp.spannedTier == 1);
    CHECK(g.dp.tiers[1].minMembersPerChild == 2);
    CHECK(g.dp.tiers[1].maxMembersPerUnit == 8);
    // AllGather of 1 GB: 4 groups share each node's 400 GB/s, each needs 3/4 of B: 4 · B · (3/4) / 400 GB/s = 7.5 ms
    const CollectiveCost c = collectiveCost(n, CollectiveKind::AllGather, Bytes{1e9}, g.dp, kTheory);
    CHECK(c.bandwidthTime.si == Approx(7.5e-3).epsilon(1e-9));
    CHECK(c.bottleneckTier == 1);
}

TEST_CASE("Theoretical mode has hop latency: a 1-byte AllReduce over 1,024 H100 takes ≈ 153 µs, not 4.8 ps",
          "[placement][collectives]")
{
    const NetworkTiers n = tiersOf("dgx-h100-superpod", 1024);
    REQUIRE(n.tiers.size() == 3);
    const CollectiveCost c = collectiveCost(n, CollectiveKind::AllReduce, Bytes{1}, GroupShape{1024, 1}, kTheory);
    // 2 × (7 NVLink steps × 1 µs + 31 leaf steps × 2 µs + 3 spine steps × (2 + 0.5) µs) = 153 µs (nccl-measured fsE)
    CHECK(c.latency.si == Approx(153e-6).epsilon(1e-9));
    CHECK(c.time.si == Approx(153e-6).epsilon(1e-6));
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, catalog().calibration("nccl-measured")};
    CHECK(collectiveCost(n, CollectiveKind::AllReduce, Bytes{1}, GroupShape{1024, 1}, measured).latency.si ==
          Approx(c.latency.si));
}

TEST_CASE("DeepSeek-V3 preset: comm.ep.bandwidth_Bps is its bytes per second (was ~520× it: the dense n² array over "
          "the time)",
          "[placement]")
{
    const Evaluation e = evaluate(contextFor(presetScenario("deepseek-v3-2048-h800")));
    REQUIRE(e.ok);
    const AxisComm& ep = e.axis(CommAxis::Ep);
    REQUIRE(ep.time.si > 0);
    // old: 20.4 TB/s reported against 844 GB / 21.6 s ≈ 39 GB/s; 64² / (8 · 63/64) ≈ 520
    CHECK(ep.perGpuBandwidth.si == Approx(ep.bytes.si / ep.time.si).epsilon(1e-9));
}

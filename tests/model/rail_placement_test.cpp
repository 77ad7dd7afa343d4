// Data-parallel collectives at 8k–16k GPUs on a rail-optimised fabric, and the
// verdict that names the scale-out assumption a step time rests on.
//
// NVIDIA DGX SuperPOD (DGX H100) reference architecture, compute fabric: the
// fabric is rail-optimised — NIC i of every DGX in a scalable unit (32 nodes)
// connects to leaf switch i of that SU, so GPUs of the same local rank on
// different nodes of one SU are one leaf hop apart; SUs join through the
// spine (full bisection, 1:1), and the 16,384-GPU build adds a core tier over
// 8 spine groups (specs/systems/dgx-h100-superpod.json, sources fsD, fsDL).

#include "model_test_support.h"

#include "model/network/axis_groups.h"
#include "model/network/collectives.h"
#include "model/network/topology.h"
#include "model/training/verdicts.h"

using namespace scalescope;
using namespace scalescope::testing;

namespace {

NetworkTiers superPod(long long gpus)
{
    const SystemSpec& s = *catalog().system("dgx-h100-superpod");
    return Topology(s, *catalog().gpu(s.gpu), gpus).tiers(catalog().calibration("nccl-measured"));
}

const CollectiveOptions kTheory{EfficiencyMode::Theoretical, false, 0, nullptr};

} // namespace

TEST_CASE("DGX SuperPOD rail-optimised compute fabric (NVIDIA DGX SuperPOD reference architecture: NIC i of every DGX "
          "on leaf i of its SU): a DP group of one local rank stays on its rail's leaf up to the SU's 32 nodes, and "
          "beyond it the NIC, not the spine or core, bounds the ring at 8k and 16k GPUs",
          "[placement][scale]")
{
    for (const long long cluster : {8192LL, 16384LL}) {
        CAPTURE(cluster);
        const NetworkTiers net = superPod(cluster);
        REQUIRE(net.tiers.size() == 4); // nvlink, leaf, spine, core
        // TP 8 inside each DGX, DP over the nodes: DP members share the local rank (stride 8).
        const auto dpOf = [&](long long dp) { return placeGroups(net, {dp, 8}, cluster); };

        // 32 nodes: one SU, one rail leaf: the group crosses the leaf tier and nothing above it.
        const GroupPlacement su = dpOf(32);
        CHECK(su.spannedTier == 1);
        CHECK(su.tiers[1].minMembersPerChild == 1); // one member per DGX: each on its own NIC
        CHECK_FALSE(su.tiers[2].crosses);

        // 64 nodes: two SUs, so the ring leaves the rail leaf through the spine.
        const GroupPlacement two = dpOf(64);
        CHECK(two.spannedTier == 2);
        CHECK(two.tiers[2].minMembersPerChild == 32); // all 32 members of one SU share its uplinks with 7 other rails

        // Full bisection at every tier: an AllReduce of B over 32 members moves
        // 2·B·(31/32) through each member's 400 Gb/s NIC (8 rails share the DGX's
        // 8 × 50 GB/s egress), at 32, 64 and cluster / 8 members alike.
        const Bytes b{1e9};
        const double nic = 400e9 / 8; // 400 Gb/s in bytes/s
        const double ringOnOneNic = 2 * b.si * (31.0 / 32.0) / nic;
        for (const long long dp : {32LL, 64LL, cluster / 8}) {
            CAPTURE(dp);
            const CollectiveCost c = collectiveCost(net, CollectiveKind::AllReduce, b, dpOf(dp), kTheory);
            CHECK(c.bottleneckTier == 1);
            CHECK(c.bandwidthTime.si == Approx(ringOnOneNic).epsilon(1e-12));
        }
        // At cluster / 8 members the group spans every SU and spine group (the core tier), each
        // tier above the leaf carrying 1/32 or less of what one rail's NIC carries.
        const CollectiveCost all = collectiveCost(net, CollectiveKind::AllReduce, b, dpOf(cluster / 8), kTheory);
        CHECK(all.spannedTier == 3);
        for (int t = 2; t <= all.spannedTier; ++t)
            CHECK(all.tiers[static_cast<size_t>(t)].time.si <= ringOnOneNic / 32 * (1 + 1e-12));
    }
}

TEST_CASE("The verdicts say when a step's exposed scale-out communication rests on the assumed achievable fraction "
          "(specs/calibration/nccl-measured.json: scale_out_achievable_fraction 0.822, an assumption)",
          "[verdicts][scale]")
{
    // Llama 3 405B on 16,384 H100, DP gradient reduction kept off the backward so it is exposed.
    Scenario s = presetScenario("llama3-405b-16k-h100");
    s.efficiency = EfficiencyMode::Measured;
    s.overlap.dpGradReduce = false;
    s.overlap.dpParamGather = false;
    EvaluationContext ctx = contextFor(s);
    REQUIRE(ctx.scaleOutFractionAssumed); // the shipped calibration labels it "ScaleScope assumption"
    const Evaluation e = evaluate(ctx);
    REQUIRE(e.ok);
    double scaleOut = 0;
    for (const AxisComm& a : e.comm)
        if (a.tier >= 1) scaleOut += a.exposed.si;
    REQUIRE(scaleOut / e.stepTime.si > 0.05);
    const Warning* w = nullptr;
    for (int i = 0; i < e.warningCount; ++i)
        if (e.warnings[static_cast<size_t>(i)].code == WarningCode::ScaleOutFractionAssumed) w = &e.warnings[static_cast<size_t>(i)];
    REQUIRE(w);
    CHECK(w->a == Approx(scaleOut / e.stepTime.si).epsilon(1e-12));
    CHECK(w->b == Approx(scaleOut).epsilon(1e-12));
    CHECK(w->c == Approx(0.822).epsilon(1e-12));
    CHECK_THAT(warningMessage(*w), Catch::Contains("costed at an assumed 82.2 % of its line rate"));

    // A measured fraction (a user's nccl-tests import), the theoretical mode, or a
    // step on one NVLink domain: no such verdict.
    ctx.scaleOutFractionAssumed = false;
    CHECK_FALSE(hasWarning(evaluate(ctx), WarningCode::ScaleOutFractionAssumed));
    s.efficiency = EfficiencyMode::Theoretical;
    CHECK_FALSE(hasWarning(evaluate(contextFor(s)), WarningCode::ScaleOutFractionAssumed));
    Scenario node = makeScenario("dgx-h100-superpod", 8, "llama3-8b", 8, 1, 1, 8);
    node.efficiency = EfficiencyMode::Measured;
    CHECK_FALSE(hasWarning(evaluate(contextFor(node)), WarningCode::ScaleOutFractionAssumed));
}

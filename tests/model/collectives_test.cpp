// Collective costs against seed 004 ("GPU 上的集体操作", quiz 2 and 4).
// Theoretical mode is the seed's throughput model: exact products, so
// tolerances are the seed's rounding (≤ 1 %).

#include "model_test_support.h"

#include "model/network/axis_groups.h"
#include "model/network/collective_memo.h"
#include "model/network/collectives.h"
#include "model/network/topology.h"

using namespace scalescope;
using testing::catalog;

namespace {

NetworkTiers h100Tiers(long long gpus)
{
    const SystemSpec& s = *catalog().system("dgx-h100-superpod");
    return Topology(s, *catalog().gpu(s.gpu), gpus).tiers(catalog().calibration("nccl-measured"));
}

const CollectiveOptions kTheory{EfficiencyMode::Theoretical, false, 0, nullptr};

double seconds(const NetworkTiers& n, CollectiveKind k, double bytes, GroupShape g, CollectiveOptions o = kTheory)
{
    return collectiveCost(n, k, Bytes{bytes}, g, o).bandwidthTime.si; // the seed's throughput model, without hop latency
}

} // namespace

TEST_CASE("8xH100 AllGather of bf16[4096,65536] takes ~1.04 ms (seed 004 quiz 2 Q3)", "[collectives][seed004]")
{
    const double bytes = 4096.0 * 65536 * 2;
    CHECK(seconds(h100Tiers(8), CollectiveKind::AllGather, bytes, {8, 1}) == Approx(1.04e-3).epsilon(0.005));
}

TEST_CASE("8xH100 AllGather of bf16[1024,16384] takes ≈ 65 µs exact, ≈ 75 µs approximated as B/W (seed 004 pop quiz 1)",
          "[collectives][seed004]")
{
    const double bytes = 2.0 * 1024 * 16384;
    CHECK(seconds(h100Tiers(8), CollectiveKind::AllGather, bytes, {8, 1}) == Approx(65e-6).epsilon(0.01));
    CHECK(bytes / 450e9 == Approx(75e-6).epsilon(0.01)); // the seed's approximation B / W
}

TEST_CASE("AllReduce costs 2x AllGather; SHARP halves it in theory and gives ~30 % in measured mode (seed 004)", "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(8);
    const double b = 1e9;
    const double ag = seconds(n, CollectiveKind::AllGather, b, {8, 1});
    CHECK(seconds(n, CollectiveKind::AllReduce, b, {8, 1}) == Approx(2 * ag).epsilon(1e-12));
    CollectiveOptions sharp = kTheory;
    sharp.sharp = true;
    CHECK(seconds(n, CollectiveKind::AllReduce, b, {8, 1}, sharp) == Approx(b / 450e9).epsilon(1e-9)); // "exactly B / W"
    CollectiveOptions measured{EfficiencyMode::Measured, false, 0, catalog().calibration("nccl-measured")};
    CollectiveOptions measuredSharp = measured;
    measuredSharp.sharp = true;
    const CollectiveCost ring = collectiveCost(n, CollectiveKind::AllReduce, Bytes{b}, {8, 1}, measured);
    const CollectiveCost nvls = collectiveCost(n, CollectiveKind::AllReduce, Bytes{b}, {8, 1}, measuredSharp);
    CHECK(ring.bandwidthTime.si / nvls.bandwidthTime.si == Approx(1.3).epsilon(1e-9));
}

TEST_CASE("Measured mode: large AllReduce reaches ~370 of 450 GB/s, a 58 MB one only ~150 GB/s (seed 004)", "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(8);
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, catalog().calibration("nccl-measured")};
    // bus bandwidth = 2·B·(N−1)/(N·t), as the seed's plot defines it
    auto busBandwidth = [&](double bytes) {
        return 2 * bytes * 7 / 8 / collectiveCost(n, CollectiveKind::AllReduce, Bytes{bytes}, {8, 1}, measured).bandwidthTime.si;
    };
    CHECK(busBandwidth(10e9) == Approx(370e9).epsilon(0.02));
    CHECK(busBandwidth(8192.0 * 3584 * 2) == Approx(150e9).epsilon(0.05));
    CHECK(collectiveCost(n, CollectiveKind::AllReduce, Bytes{1e6}, {8, 1}, measured).latency.si > 0);
}

TEST_CASE("Measured mode on another NVLink: the 28.7 µs step cost of the seed 004 fit stays, so the half-efficiency chunk scales with "
          "the link (Hockney n½ = r∞·t0): A100 (300 GB/s) 7.07 MB, B200 (900 GB/s) 21.2 MB",
          "[collectives][seed004]")
{
    const CalibrationSpec* cal = catalog().calibration("nccl-measured");
    REQUIRE(cal->halfEfficiencyLink.value.si == Approx(450e9));
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, cal};
    auto busBandwidth = [&](const char* system, double bytes) {
        const SystemSpec& s = *catalog().system(system);
        const NetworkTiers n = Topology(s, *catalog().gpu(s.gpu), 8).tiers(cal);
        return 2 * bytes * 7 / 8 / collectiveCost(n, CollectiveKind::AllReduce, Bytes{bytes}, {8, 1}, measured).bandwidthTime.si;
    };
    // Narayanan et al.'s 18.4B: a TP-8 all-reduce of bf16[2048, 6144] = 25.2 MB, 3.15 MB per ring step.
    const double msg = 2048.0 * 6144 * 2, step = msg / 8;
    CHECK(busBandwidth("dgx-a100-superpod", msg) == Approx(300e9 * 0.822 * step / (step + 10.6e6 * 300 / 450)).epsilon(0.005));
    CHECK(busBandwidth("dgx-b200-superpod", msg) == Approx(900e9 * 0.822 * step / (step + 10.6e6 * 900 / 450)).epsilon(0.005));
    // The anchor itself is unchanged: H100's 58 MB all-reduce still reaches ~150 GB/s.
    CHECK(busBandwidth("dgx-h100-superpod", 8192.0 * 3584 * 2) == Approx(150e9).epsilon(0.05));
    // Large messages reach the same 82 % of the line rate on every generation.
    CHECK(busBandwidth("dgx-a100-superpod", 10e9) == Approx(0.822 * 300e9 * 1.25e9 / (1.25e9 + 7.07e6)).epsilon(0.005));
}

TEST_CASE("AllToAll in a node costs B·(N−1)/(W·N²) ≈ B/(W·N), halved when 4 of 8 are non-zero (seed 004 pop quiz 2)",
          "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(8);
    const double b = 1e9;
    const double dense = seconds(n, CollectiveKind::AllToAll, b, {8, 1});
    CHECK(dense == Approx(b * 7 / (450e9 * 64)).epsilon(1e-9));
    CollectiveOptions sparse = kTheory;
    sparse.topK = 4;
    CHECK(seconds(n, CollectiveKind::AllToAll, b, {8, 1}, sparse) == Approx(dense / 2).epsilon(1e-9));
}

TEST_CASE("H100 SuperPod AllGather bandwidth per tier: node ≈ 514 GB/s, leaf ≈ 413 GB/s, spine ≈ 17.1 TB/s → ≈ 413 GB/s (seed 004)",
          "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(1024);
    REQUIRE(n.tiers.size() == 3);
    auto agBandwidth = [](const NetworkTier& t) { return t.degree * t.childEgress.si / (t.degree - 1); };
    CHECK(agBandwidth(n.tiers[0]) == Approx(514e9).epsilon(0.001));
    CHECK(agBandwidth(n.tiers[1]) == Approx(413e9).epsilon(0.001));
    CHECK(agBandwidth(n.tiers[2]) == Approx(17.1e12).epsilon(0.002));
    const double b = 1e9;
    const CollectiveCost all = collectiveCost(n, CollectiveKind::AllGather, Bytes{b}, {1024, 1}, kTheory);
    CHECK(b / all.bandwidthTime.si == Approx(413e9).epsilon(0.001));
    CHECK(n.tiers[static_cast<size_t>(all.bottleneckTier)].name == "leaf");
}

TEST_CASE("2-node AllGather is node-bound: B/514e9 at the node vs B/800e9 at the leaf (seed 004 quiz 4 Q5)", "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(16);
    const double b = 1e9;
    const CollectiveCost c = collectiveCost(n, CollectiveKind::AllGather, Bytes{b}, {16, 1}, kTheory);
    CHECK(c.tiers[0].time.si == Approx(b / 514.3e9).epsilon(0.001));
    CHECK(c.tiers[1].time.si == Approx(b / 800e9).epsilon(1e-9));
    CHECK(c.bottleneckTier == 0);
}

TEST_CASE("Cross-node AllToAll over 2 nodes: B·(M−1)/(M²·W) exact, ≈ B/(2·400e9) as the seed approximates", "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(16);
    const double b = 1e9;
    const double t = seconds(n, CollectiveKind::AllToAll, b, {16, 1});
    CHECK(t == Approx(b * 1 / (4 * 400e9)).epsilon(1e-9));
    CHECK(t == Approx(b / (2 * 400e9) * 0.5).epsilon(1e-9)); // (M−1)/M of the seed's approximation
}

TEST_CASE("Inner-axis sharding: AllGather over DP with 8-way inner TP moves B/Y per group but shares the node egress 8 ways (seed 004)",
          "[collectives][seed004]")
{
    const NetworkTiers n = h100Tiers(256);
    const double full = 1e9; // the whole array, sharded 8 ways along the inner axis
    const CollectiveCost c = collectiveCost(n, CollectiveKind::AllGather, Bytes{full / 8}, {32, 8}, kTheory);
    CHECK(c.tiers[0].time.si == 0); // one member per node: nothing on NVLink
    // T = bytes/W_node · D_node/max(D_node, Y) with Y = 8 → bytes/W_node · (31/32)
    CHECK(c.bandwidthTime.si == Approx(full / 400e9 * 31.0 / 32).epsilon(1e-9));
}

TEST_CASE("A group of one costs nothing; p2p across nodes shares the node egress", "[collectives]")
{
    const NetworkTiers n = h100Tiers(16);
    CHECK(seconds(n, CollectiveKind::AllGather, 1e9, {1, 1}) == 0);
    CHECK(seconds(n, CollectiveKind::PointToPoint, 1e9, {2, 8}) == Approx(1e9 * 8 / 400e9).epsilon(1e-9));
    CHECK(seconds(n, CollectiveKind::PointToPoint, 1e9, {2, 1}) == Approx(1e9 / 450e9).epsilon(1e-9));
}

// mscclpp docs/performance-ndmv4.md (NCCL 2.17.1, Azure NDm A100 v4: 2 nodes of 8 A100, 8 x 200 Gb/s HDR
// each): NCCL AllGather bus bandwidth 186.0 GB/s at 4 GiB, about the nodes' NIC rate, not the ~2x a
// node-then-network reduction would give.
TEST_CASE("Measured mode: 2 x 8 A100 AllGather / ReduceScatter run NCCL's flat ring at ~186 GB/s bus bandwidth (mscclpp)",
          "[collectives][nccl-ring]")
{
    const SystemSpec& s = *catalog().system("dgx-a100-superpod");
    const NetworkTiers n = Topology(s, *catalog().gpu(s.gpu), 16).tiers(catalog().calibration("nccl-measured"));
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, catalog().calibration("nccl-measured")};
    const double b = 4.0 * 1024 * 1024 * 1024; // the measurement's 4 GiB row
    for (CollectiveKind k : {CollectiveKind::AllGather, CollectiveKind::ReduceScatter}) {
        const CollectiveCost c = collectiveCost(n, k, Bytes{b}, {16, 1}, measured);
        // NCCL's ring spans all 16 ranks (NCCL src/graph/tuning.cc: AllGather and ReduceScatter run Ring, PAT only with
        // one GPU per node, NVLS or CollNet): each node's NICs carry (n - 1)/n of the array.
        const double busBandwidth = b * 15 / 16 / c.bandwidthTime.si; // nccl-tests: busbw = algbw x (n - 1)/n
        // The model's scale-out efficiency is the assumed 0.822 of the line rate (nccl-measured); the measurement
        // reached 186.0 of 200 GB/s, so the model sits 12 % below it. A node-then-network reduction: +65 %.
        CHECK(busBandwidth == Approx(186.0e9).epsilon(0.15));
        CHECK(n.tiers[static_cast<size_t>(c.bottleneckTier)].name != "nvlink");
    }
    // Theoretical mode keeps the seed's tree: half the array leaves each node.
    const CollectiveCost tree = collectiveCost(n, CollectiveKind::AllGather, Bytes{b}, {16, 1}, kTheory);
    CHECK(tree.tiers[1].time.si == Approx(b / 2 / 200e9).epsilon(1e-9));
}

TEST_CASE("CollectiveMemo returns exactly what collectiveCost computes, asked in any order, beyond its slots and after clear()",
          "[collectives][memo]")
{
    const NetworkTiers n = h100Tiers(16384);
    const CalibrationSpec* cal = catalog().calibration("nccl-measured");
    ParallelLayout p;
    p.tp = 8;
    p.pp = 16;
    p.dp = 128;
    const AxisGroups groups = axisGroups(n, p);
    const CollectiveOptions measured{EfficiencyMode::Measured, false, 0, cal};
    CollectiveOptions sharp = measured, sparse = measured;
    sharp.sharp = true;
    sparse.topK = 4;
    struct Ask {
        CollectiveKind kind;
        double bytes;
        const GroupPlacement* group;
        CollectiveOptions options;
    };
    // Every field of the key changes once against its neighbours, and more
    // distinct collectives than the memo has slots, each asked three times.
    const std::vector<Ask> asks = {
        {CollectiveKind::AllGather, 64e6, &groups.tp, measured},  {CollectiveKind::ReduceScatter, 64e6, &groups.tp, measured},
        {CollectiveKind::AllGather, 32e6, &groups.tp, measured},  {CollectiveKind::AllGather, 64e6, &groups.dp, measured},
        {CollectiveKind::AllGather, 64e6, &groups.tp, kTheory},   {CollectiveKind::AllReduce, 2e9, &groups.dp, measured},
        {CollectiveKind::AllReduce, 2e9, &groups.dp, sharp},      {CollectiveKind::AllToAll, 8e6, &groups.dp, measured},
        {CollectiveKind::AllToAll, 8e6, &groups.dp, sparse},      {CollectiveKind::PointToPoint, 16e6, &groups.pp, measured},
        {CollectiveKind::ReduceScatter, 1e9, &groups.dp, measured}, {CollectiveKind::AllGather, 1e9, &groups.dp, measured},
        {CollectiveKind::AllGather, 5e8, &groups.dp, measured},   {CollectiveKind::ReduceScatter, 5e8, &groups.dp, kTheory},
    };
    const auto same = [](const CollectiveCost& a, const CollectiveCost& b) {
        bool tiers = a.tierCount == b.tierCount;
        for (int i = 0; tiers && i < a.tierCount; ++i) {
            const TierCost &x = a.tiers[static_cast<size_t>(i)], &y = b.tiers[static_cast<size_t>(i)];
            tiers = x.time == y.time && x.degree == y.degree && x.concurrency == y.concurrency && x.bandwidth == y.bandwidth &&
                    x.efficiency == y.efficiency;
        }
        return tiers && a.time == b.time && a.bandwidthTime == b.bandwidthTime && a.latency == b.latency &&
               a.bottleneckTier == b.bottleneckTier && a.spannedTier == b.spannedTier;
    };
    CollectiveMemo memo;
    const auto check = [&](size_t i) {
        const Ask& a = asks[i];
        INFO("ask " << i);
        CHECK(same(memo.cost(n, a.kind, Bytes{a.bytes}, *a.group, a.options),
                   collectiveCost(n, a.kind, Bytes{a.bytes}, *a.group, a.options)));
    };
    for (int round = 0; round < 3; ++round) {
        if (round == 2) memo.clear();
        for (size_t i = 0; i < asks.size(); ++i) {
            check(i);     // new, or evicted by the previous round
            check(i);     // just remembered
            check(i / 2); // remembered a few asks ago
        }
    }
}

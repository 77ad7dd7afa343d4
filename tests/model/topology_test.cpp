// The topology graph against the worked numbers of seed 004 ('网络连接').
// Bandwidths are exact products of spec numbers, so they are compared with a
// relative tolerance of 1e-9 (rounding to whole bytes/s in the max flow).

#include "model/spec/spec_catalog.h"
#include "model/network/topology.h"

#include <catch2/catch.hpp>

#include <numeric>
#include <stdexcept>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;

namespace {

Topology build(const char* systemId, long long gpus, TopologyDetail detail = TopologyDetail::Automatic)
{
    const SystemSpec* system = catalog().system(systemId);
    REQUIRE(system);
    const GpuSpec* gpu = catalog().gpu(system->gpu);
    REQUIRE(gpu);
    return Topology(*system, *gpu, gpus, detail);
}

Approx exact(double v) { return Approx(v).epsilon(1e-9); }

struct ExpectedTier {
    const char* name;
    int degree;
    long long gpusPerChild, gpusPerGroup;
    double childEgress; // bytes/s
};

void checkTiers(const NetworkTiers& tiers, const std::vector<ExpectedTier>& expected)
{
    REQUIRE(tiers.tiers.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        INFO("tier " << k);
        CHECK(tiers.tiers[k].name == expected[k].name);
        CHECK(tiers.tiers[k].degree == expected[k].degree);
        CHECK(tiers.tiers[k].gpusPerChild == expected[k].gpusPerChild);
        CHECK(tiers.tiers[k].gpusPerGroup == expected[k].gpusPerGroup);
        CHECK(tiers.tiers[k].childEgress.si == exact(expected[k].childEgress));
    }
}
} // namespace

TEST_CASE("8xH100 node: 3.6 TB/s bisection bandwidth (seed 004 quiz 2 Q2)", "[topology][seed004]")
{
    const Topology node = build("dgx-h100-superpod", 8);
    // Any even split: 4 GPUs x 450 GB/s each way, both directions counted.
    CHECK(node.bisectionBandwidth().si == exact(8 * 450e9));
    // Quiz 2 Q1: total egress 8 x 450 GB/s = 3.6 TB/s (18 links x 25 GB/s per GPU).
    const NetworkTiers tiers = node.tiers();
    checkTiers(tiers, {{"nvlink", 8, 1, 8, 450e9}});
    CHECK(tiers.tiers[0].degree * tiers.tiers[0].childEgress.si == exact(3.6e12));
    CHECK(node.tierCounts()[0].switches == 4);
    CHECK(node.tierCounts()[0].links == 8 * 18); // 5 + 4 + 4 + 5 per GPU
}

TEST_CASE("H100 SuperPod tiers from the graph: node 8 × 450 GB/s, leaf 32 nodes × 400 GB/s, "
          "spine 4 SUs × 12.8 TB/s (seed 004 '跨节点集体')",
          "[topology][seed004]")
{
    const Topology pod = build("dgx-h100-superpod", 1024);
    CHECK_FALSE(pod.aggregated());
    const CalibrationSpec* calibration = catalog().calibration("nccl-measured");
    REQUIRE(calibration);
    const NetworkTiers tiers = pod.tiers(calibration);
    CHECK(tiers.gpus == 1024);
    // The spine tier joins the 4 SUs present, not the spec's 8; no core tier.
    checkTiers(tiers, {{"nvlink", 8, 1, 8, 450e9},
                       {"leaf", 32, 8, 256, 8 * 50e9},
                       {"spine", 4, 256, 1024, 32 * 400e9}});
    // Calibration: 1 us per NVLink step, 2 us scale-out, +0.5 us per tier above the leaf.
    CHECK(tiers.tiers[0].hopLatency.si == exact(1e-6));
    CHECK(tiers.tiers[1].hopLatency.si == exact(2e-6));
    CHECK(tiers.tiers[2].hopLatency.si == exact(2.5e-6));
    for (const NetworkTier& t : tiers.tiers) CHECK(t.inNetworkReduction);
    // Seed table '脊柱 1024 GPUs: 51.2 TB/s': 512 GPUs x 50 GB/s each way.
    CHECK(pod.bisectionBandwidth().si == exact(51.2e12));
    // 32 leaves; spines scaled to the 4 of 8 SUs present: 64 x 4/8 = 32.
    CHECK(pod.tierCounts()[1].switches == 32);
    CHECK(pod.tierCounts()[2].switches == 32);
    CHECK(pod.tierCounts()[1].links == 1024);
    CHECK(pod.tierCounts()[2].links == 1024); // 12.8 TB/s x 4 SUs / 50 GB/s cables
}

TEST_CASE("4,096 H100: 128 spine + 64 core switches (seed 004 第三题 Q2)", "[topology][seed004]")
{
    const Topology pod = build("dgx-h100-superpod", 4096);
    const auto& counts = pod.tierCounts();
    REQUIRE(counts.size() == 4);
    CHECK(counts[1].switches == 128);
    CHECK(counts[2].switches == 128);
    CHECK(counts[3].switches == 64);
    // Full bisection: equal cable counts node-leaf, leaf-spine, spine-core.
    CHECK(counts[1].links == 4096);
    CHECK(counts[2].links == 4096);
    CHECK(counts[3].links == 4096);
    checkTiers(pod.tiers(), {{"nvlink", 8, 1, 8, 450e9},
                             {"leaf", 32, 8, 256, 400e9},
                             {"spine", 8, 256, 2048, 12.8e12},
                             {"core", 2, 2048, 4096, 102.4e12}});
}

TEST_CASE("GB200 NVL72 node egress 4·18·400 Gb/s = 3.6 TB/s (seed 004 appendix A)", "[topology][seed004]")
{
    const Topology rack = build("gb200-nvl72", 72);
    REQUIRE(rack.tierCounts().size() == 1);
    CHECK(rack.tierCounts()[0].switches == 18);
    CHECK(rack.tierCounts()[0].links == 72 * 18);
    checkTiers(rack.tiers(), {{"nvlink", 72, 1, 72, 900e9}});
    // One rack: 36 GPUs x 900 GB/s each way through the 18 NVSwitch chips.
    CHECK(rack.bisectionBandwidth().si == exact(72 * 900e9));

    const Topology su = build("gb200-nvl72", 576);
    checkTiers(su.tiers(), {{"nvlink", 72, 1, 72, 900e9}, {"leaf", 8, 72, 576, 4 * 18 * 400e9 / 8}});
    CHECK(su.tierCounts()[1].switches == 18);     // 32 GPUs per leaf, one per 4 in a rack
    CHECK(su.bisectionBandwidth().si == exact(576 * 50e9)); // 4 racks each way at 3.6 TB/s
}

TEST_CASE("Hops: NVSwitch in a node, leaf across nodes, spine across SUs, core across spine groups (seed 004)",
          "[topology][seed004]")
{
    const Topology pod = build("dgx-h100-superpod", 1024);
    CHECK(pod.hops(0, 0) == 0);
    CHECK(pod.hops(0, 7) == 2);    // GPU -> NVSwitch -> GPU
    CHECK(pod.hops(0, 8) == 2);    // rail 0 of nodes 0 and 1: GPU -> leaf 0 -> GPU
    CHECK(pod.hops(0, 9) == 4);    // other rail: through a spine, or NVLink then leaf
    CHECK(pod.hops(0, 256) == 4);  // SU 0 -> SU 1: leaf -> spine -> leaf
    CHECK(pod.hops(3, 1023) == 4);
    const Topology big = build("dgx-h100-superpod", 16384);
    CHECK(big.hops(0, 2048) == 6); // spine group 0 -> 1: leaf -> spine -> core -> spine -> leaf
    CHECK(big.hops(5, 16383) == 6);
    CHECK(big.hops(9, 300) == 4);

    // TP = 16 spans two nodes of one SU: the leaf tier.
    std::vector<long long> tp16(16);
    std::iota(tp16.begin(), tp16.end(), 0LL);
    CHECK(pod.tiers().tiers[std::size_t(pod.tierSpanned(tp16))].name == "leaf");
    CHECK(pod.tierSpanned({0, 1, 7}) == 0);
    CHECK(pod.tierSpanned({0, 256}) == 2);
    CHECK(big.tierSpanned({0, 8191}) == 3);
    CHECK_THROWS_AS(pod.hops(0, 1024), std::out_of_range);
}

TEST_CASE("Aggregated graph gives the same tiers, bisection, hops and counts as the full graph",
          "[topology]")
{
    struct Case {
        const char* system;
        long long gpus;
    };
    // An odd rack count puts the bisection cut inside a domain; DGX A100 has a
    // one-child spine tier in the middle.
    const Case cases[] = {{"dgx-h100-superpod", 4096}, {"dgx-h100-superpod", 1000}, {"gb200-nvl72", 21 * 72},
                          {"dgx-a100-superpod", 1120},  {"gb300-nvl72", 3 * 576}};
    for (const Case& c : cases) {
        INFO(c.system << ", " << c.gpus << " GPUs");
        const Topology full = build(c.system, c.gpus, TopologyDetail::Full);
        const Topology folded = build(c.system, c.gpus, TopologyDetail::Aggregated);
        CHECK(boost::num_vertices(folded.graph()) < boost::num_vertices(full.graph()));
        const NetworkTiers a = full.tiers(), b = folded.tiers();
        REQUIRE(a.tiers.size() == b.tiers.size());
        for (std::size_t k = 0; k < a.tiers.size(); ++k) {
            CHECK(a.tiers[k].degree == b.tiers[k].degree);
            CHECK(a.tiers[k].childEgress.si == exact(b.tiers[k].childEgress.si));
            CHECK(full.tierCounts()[k].switches == folded.tierCounts()[k].switches);
            CHECK(full.tierCounts()[k].links == folded.tierCounts()[k].links);
        }
        CHECK(full.bisectionBandwidth().si == exact(folded.bisectionBandwidth().si));
        const long long n = full.gpuCount();
        for (long long bGpu : {1LL, 9LL, 75LL, n / 2 + 3, n - 1})
            for (long long aGpu : {0LL, 5LL, n / 3}) {
                INFO("hops " << aGpu << " -> " << bGpu);
                CHECK(full.hops(aGpu, bGpu) == folded.hops(aGpu, bGpu));
            }
    }
}

TEST_CASE("16,384-GPU DGX H100 SuperPOD and 100,080-GPU GB200 NVL72 cluster: tiers, switches and bisection",
          "[topology]")
{
    // How long these take is measured by `scalescope-cli bench` (topology_16k, topology_100k), not asserted here.
    const Topology h100 = build("dgx-h100-superpod", 16384);
    const Topology gb200 = build("gb200-nvl72", 100080);
    const BytesPerSecond h100Bisection = h100.bisectionBandwidth();
    const BytesPerSecond gb200Bisection = gb200.bisectionBandwidth();
    CHECK(gb200.aggregated()); // 100,080 GPUs are drawn and solved as folded domains
    checkTiers(h100.tiers(), {{"nvlink", 8, 1, 8, 450e9},
                               {"leaf", 32, 8, 256, 400e9},
                               {"spine", 8, 256, 2048, 12.8e12},
                               {"core", 8, 2048, 16384, 102.4e12}});
    CHECK(h100Bisection.si == exact(16384 * 50e9));
    CHECK(h100.tierCounts()[1].switches == 512); // fact sheet D: 512 leaf / 512 spine / 256 core
    CHECK(h100.tierCounts()[2].switches == 512);
    CHECK(h100.tierCounts()[3].switches == 256);

    // 1,390 racks = 174 SUs (the last one partial) = 11 spine groups.
    CHECK(gb200.gpuCount() == 100080);
    checkTiers(gb200.tiers(), {{"nvlink", 72, 1, 72, 900e9},
                                {"leaf", 8, 72, 576, 3.6e12},
                                {"spine", 16, 576, 9216, 28.8e12},
                                {"core", 11, 9216, 101376, 460.8e12}});
    CHECK(gb200Bisection.si == exact(100080 * 50e9));
    CHECK(gb200.tierCounts()[0].switches == 1390 * 18);
    CHECK(gb200.tierCounts()[0].links == 1390LL * 72 * 18);
}

TEST_CASE("Topology rejects more GPUs than the spec's tiers join", "[topology]")
{
    CHECK_THROWS_AS(build("dgx-h100-superpod", 16385), std::invalid_argument);
    CHECK_THROWS_AS(build("dgx-h100-superpod", 0), std::invalid_argument);
    CHECK(build("dgx-h100-superpod", 12).gpuCount() == 16); // rounded up to whole nodes
}

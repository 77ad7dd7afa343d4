// Cluster GPU numbers and rack positions: the same order as the topology
// (domain by domain) and the sharding map (node by node inside a domain).

#include "model/network/rack_position.h"
#include "model/spec/spec_catalog.h"

#include <catch2/catch.hpp>

#include "model_test_support.h"

using namespace scalescope;
using scalescope::testing::catalog;

TEST_CASE("Rack positions: DGX H100 racks hold 4 nodes of 8, GPU 1,157 is node 0 of rack 36", "[model][rack]")
{
    const SystemSpec* system = catalog().system("dgx-h100-superpod");
    REQUIRE(system);
    CHECK(gpusPerRack(*system) == 32);
    CHECK(rackCount(*system) == 16384 / 32);
    const auto p = rackPosition(*system, 1157);
    REQUIRE(p);
    CHECK(p->rack == 36); // 1,157 = 36 · 32 + 5
    CHECK(p->gpuInRack == 5);
    CHECK(p->computeSlot == 0); // node 0 holds GPUs 0–7 of the rack
    CHECK(p->gpuInSlot == 5);
    CHECK(system->rack.slots[std::size_t(p->slotIndex)].kind == "dgx-node");
    CHECK(clusterGpu(*system, p->rack, p->gpuInRack) == 1157);
}

TEST_CASE("Rack positions: a GB200 NVL72 rack is one NVLink domain of 18 trays × 4 GPUs", "[model][rack]")
{
    const SystemSpec* system = catalog().system("gb200-nvl72");
    REQUIRE(system);
    CHECK(gpusPerRack(*system) == system->nvlinkDomain.gpus.value);
    const auto p = rackPosition(*system, 2 * 72 + 37);
    REQUIRE(p);
    CHECK(p->rack == 2);
    CHECK(p->computeSlot == 9); // GPU 37 of the rack: tray 9 (0-based) holds GPUs 36–39
    CHECK(p->gpuInSlot == 1);
    // Slots are listed bottom-up: 4 power shelves, 8 compute trays, 9 switch trays, then compute tray 8.
    CHECK(system->rack.slots[std::size_t(p->slotIndex)].u == 23);
}

TEST_CASE("Rack positions follow the topology's domains: a rack holds whole NVLink domains", "[model][rack]")
{
    for (const std::string& id : catalog().ids(SpecKind::System)) {
        INFO(id);
        const SystemSpec* system = catalog().system(id);
        REQUIRE(system);
        REQUIRE(gpusPerRack(*system) > 0);
        CHECK(gpusPerRack(*system) % system->nvlinkDomain.gpus.value == 0);
        CHECK(system->nvlinkDomain.gpus.value == system->nodesPerDomain.value * system->node.gpus.value);
    }
}

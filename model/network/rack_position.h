#pragma once
// Where a GPU of a cluster sits: rack, compute slot (tray or node) and place
// in that slot. Cluster GPUs are numbered 0, 1, ... in the one order every
// view uses: NVLink domain by domain (Topology: GPU i of domain d is
// d·domainGpus + i, topology.h), node by node inside a domain (the sharding
// map's rank d·domainGpus + n·nodeGpus + g, mesh_placement.h). Racks hold
// consecutive GPUs: rack r holds GPUs r·gpusPerRack ... (r+1)·gpusPerRack − 1,
// its compute slots in the spec's slot order (bottom-up), node.gpus each.
//
//   DGX H100 rack (4 nodes × 8):     rack 0 = GPUs 0–31, node 0 = GPUs 0–7,
//                                    rack 36 = GPUs 1,152–1,183
//   GB200 NVL72 rack (18 trays × 4): rack 0 = NVLink domain 0 = GPUs 0–71,
//                                    tray 0 = GPUs 0–3
//
// Every built-in rack holds whole NVLink domains (a DGX node is its own
// domain, an NVL72 rack is one), so racks and domains line up; the numbering
// itself does not depend on it.

#include "model/spec/system_spec.h"

#include <optional>

namespace scalescope {

struct RackPosition {
    long long rack = 0;  // 0-based
    int computeSlot = 0; // 0-based among the rack's compute trays or nodes
    int slotIndex = 0;   // index into SystemSpec.rack.slots
    int gpuInSlot = 0;   // 0-based
    int gpuInRack = 0;   // 0-based
};

// A compute tray (NVL72) or a node (DGX/HGX): the slots that hold GPUs.
[[nodiscard]] bool isComputeSlot(const RackSlotSpec& slot) noexcept;
// Compute slots × node.gpus; 0 for a rack without compute slots.
[[nodiscard]] int gpusPerRack(const SystemSpec& system) noexcept;
// Racks the scale-out fabric can join (scale_out.max_gpus, rounded up); at least 1.
[[nodiscard]] long long rackCount(const SystemSpec& system) noexcept;
// Precondition: gpu >= 0. Nullopt when the rack holds no GPUs.
[[nodiscard]] std::optional<RackPosition> rackPosition(const SystemSpec& system, long long gpu) noexcept;
// The cluster GPU at a place in a rack (inverse of rackPosition).
[[nodiscard]] long long clusterGpu(const SystemSpec& system, long long rack, int gpuInRack) noexcept;

} // namespace scalescope

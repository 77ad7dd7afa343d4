#pragma once
// A cluster as a graph: GPUs, NVSwitch chips and scale-out switches joined by
// links with a capacity in bytes/s per direction. Each physical link is two
// directed edges (lower -> upper, upper -> lower); parallel links between the
// same two vertices are one edge pair carrying their count in `links`.
// NetworkTiers, bisection bandwidth and hop counts are read off this graph.
//
//                   [core  core ... core]             tier 3 (top tier: no uplinks)
//                    /        |        \                each spine -> every core of the cluster
//           [spine ... spine]   [spine ... spine]     tier 2, one group per `children` SUs
//            /  |  \                                    each leaf -> every spine of its group
//       [leaf0 leaf1 ... leaf7]  [leaf0 ... leaf7]    tier 1, one group (SU) per `children` domains
//         |     |         |                             GPU i of every domain -> leaf (i mod leafs)
//       gpu0  gpu1 ...  gpu7   (one NIC each)           ("rail-optimised")
//         \     \   /    /
//         [nvsw nvsw nvsw nvsw]                       tier 0: links_per_gpu[s] links GPU -> NVSwitch s
//
// A switch's uplink capacity is its downlink capacity / its tier's
// oversubscription, split evenly over the switches of its parent group.
// Partial groups (the last SU, or a cluster smaller than one spine group)
// get ceil(switches * present / children) switches above the leaf tier;
// leaves stay one per rail. Tiers the cluster does not span (one child at
// the top) are not built. Traffic may cross NVLink to reach the GPU on the
// destination's rail (NCCL "PXN"), so GPUs are transit vertices too.
//
// Level of detail. Above a budget of edges the graph is aggregated, and
// every derived number stays the same:
//
//   Full:        every GPU, NVSwitch and switch is a vertex.
//   Aggregated:  [spine group 0] [spine group 1] ... one SwitchGroup vertex
//                 / | \            / | \           per group above the leaf tier
//               leaf0..leafL-1  leaf0..leafL-1     leaves stay per rail
//               |   |   |         |    |
//             (dom0)(dom1)[D2]  (dom32)[D33] ...   (dom) detailed domain, [D] one Domain
//                                                  vertex folding GPUs + NVSwitches
//   Detailed domains: 0, the first domain of child 1 of group 0 at each tier
//   (representatives for hops) and the domain the bisection cuts through.
//   Folding a domain does not change a max flow between halves that keep it
//   whole, since NVLink (>= 300 GB/s) dwarfs its GPUs' NICs. Folding a group's
//   switches keeps the group's total up- and downlink capacity, and hop counts
//   (leaf -> spine -> leaf is 2 edges either way).

#include "model/spec/hardware_specs.h"
#include "model/core/network_tiers.h"
#include "model/spec/system_spec.h"
#include "model/spec/units.h"

#include <boost/graph/adjacency_list.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace scalescope {

enum class TopologyVertexKind {
    Gpu,
    NvSwitch,
    Domain,      // a folded NVLink domain: GPUs and NVSwitch chips
    Switch,      // one scale-out switch
    SwitchGroup, // all switches of one group at a tier above the leaves
};

enum class TopologyDetail { Automatic, Full, Aggregated };

struct TopologyVertex {
    TopologyVertexKind kind = TopologyVertexKind::Gpu;
    int tier = 0;             // tier of a switch; 0 for GPUs, NVSwitches and domains
    long long group = 0;      // group at `tier` (the domain for GPUs, NVSwitches, domains)
    long long firstGpu = -1;  // a GPU's index, a domain's first GPU; -1 for switches
    long long gpus = 0;       // GPUs this vertex stands for
    long long switches = 0;   // physical switches this vertex stands for
    long long innerLinks = 0; // GPU-NVSwitch links folded into a Domain vertex
};

struct TopologyEdge {
    BytesPerSecond capacity{}; // one direction
    double links = 0;          // physical links (cables) bundled; fractional above the leaves
    int tier = 0;              // tier of the upper end: 0 NVLink, 1 NIC -> leaf, 2 leaf -> spine, ...
    bool up = true;            // lower end -> upper end
};

using TopologyGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, TopologyVertex, TopologyEdge>;

struct TopologyTierCounts {
    std::string name;
    long long switches = 0; // physical switches (NVSwitch chips at tier 0)
    long long links = 0;    // physical links from the tier below up into this tier
};

class Topology final {
public:
    // gpus >= 1, rounded up to whole NVLink domains. Throws std::invalid_argument
    // (naming the system) when the spec's tiers cannot join that many GPUs or
    // the spec is inconsistent.
    Topology(const SystemSpec& system, const GpuSpec& gpu, long long gpus,
             TopologyDetail detail = TopologyDetail::Automatic);

    // Bottom-up tiers with bandwidths from the graph; hop latencies from
    // `calibration` when given (zero otherwise).
    [[nodiscard]] NetworkTiers tiers(const CalibrationSpec* calibration = nullptr) const;

    // Max flow from GPUs [0, n/2) to [n/2, n) plus the reverse direction:
    // both directions summed, as seed 004 counts it (8xH100: 8 x 450 GB/s).
    [[nodiscard]] BytesPerSecond bisectionBandwidth() const;

    // Links on a shortest path (GPU -> NVSwitch -> GPU is 2). Throws
    // std::out_of_range for a GPU index outside [0, gpuCount()).
    [[nodiscard]] int hops(long long gpuA, long long gpuB) const;

    // Index into tiers().tiers of the lowest tier one of whose groups holds
    // all of `gpus` (0 for one domain or fewer than two GPUs).
    [[nodiscard]] int tierSpanned(const std::vector<long long>& gpus) const;

    [[nodiscard]] long long gpuCount() const noexcept { return m_domains * m_domainGpus; }
    [[nodiscard]] long long domainGpus() const noexcept { return m_domainGpus; }
    [[nodiscard]] const std::vector<TopologyTierCounts>& tierCounts() const noexcept { return m_counts; }
    [[nodiscard]] bool aggregated() const noexcept { return m_aggregated; }
    [[nodiscard]] const TopologyGraph& graph() const noexcept { return *m_graph; }
    // The vertex of a GPU, or nullopt when its domain is folded.
    [[nodiscard]] std::optional<TopologyGraph::vertex_descriptor> gpuVertex(long long gpu) const;

private:
    struct Level { // one built scale-out tier (tier k is m_levels[k - 1])
        std::string name;
        long long children = 1;
        long long switches = 1;
        double oversubscription = 1.0;
    };
    using Vertex = TopologyGraph::vertex_descriptor;

    void plan(const SystemSpec& system, long long gpus);
    [[nodiscard]] long long groups(int tier) const { return m_groups[std::size_t(tier)]; }
    [[nodiscard]] long long switchesIn(int tier, long long group) const;
    [[nodiscard]] long long fullEdgeEstimate(const SystemSpec& system) const;
    void build(const SystemSpec& system, const GpuSpec& gpu);
    void deriveTiersAndCounts();
    [[nodiscard]] long long groupAt(int tier, long long gpu) const;
    [[nodiscard]] long long maxFlow(bool lowerHalfSends) const;
    void checkGpu(long long gpu) const;

    long long m_domainGpus = 1;
    long long m_domains = 1;
    std::vector<Level> m_levels;
    std::vector<long long> m_span;   // domains per full group at tier k (m_span[0] = 1)
    std::vector<long long> m_groups; // groups at tier k (m_groups[0] = domains)
    bool m_aggregated = false;
    std::vector<bool> m_detailed;    // per domain
    std::vector<Vertex> m_domainVertex; // first GPU vertex, or the Domain vertex
    NetworkTiers m_tiers;            // hop latencies left at zero
    bool m_nvlinkSharp = false;
    bool m_scaleOutSharp = false;
    std::vector<TopologyTierCounts> m_counts;
    std::shared_ptr<const TopologyGraph> m_graph; // immutable once built: copies share it
};

} // namespace scalescope

#include "model/network/topology.h"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace scalescope {

namespace {

// Above this many link pairs the Automatic level of detail aggregates:
// a full 16,384-GPU DGX H100 SuperPOD has ~245,000, an NVL72 cluster of
// 147,456 GPUs ~13 million.
constexpr long long kFullDetailBudget = 200'000;

long long ceilDiv(long long a, long long b) { return (a + b - 1) / b; }

[[noreturn]] void fail(const SystemSpec& system, const std::string& what)
{
    throw std::invalid_argument("system '" + system.id + "': " + what);
}

// The residual network push_relabel_max_flow needs: every arc has its own
// reverse arc of capacity 0. Capacities in whole bytes/s.
using FlowTraits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, long long,
                    boost::property<boost::edge_residual_capacity_t, long long,
                                    boost::property<boost::edge_reverse_t, FlowTraits::edge_descriptor>>>>;

void addArc(FlowGraph& g, std::size_t u, std::size_t v, long long capacity)
{
    auto e = boost::add_edge(u, v, g).first;
    auto r = boost::add_edge(v, u, g).first;
    boost::put(boost::edge_capacity, g, e, capacity);
    boost::put(boost::edge_capacity, g, r, 0LL);
    boost::put(boost::edge_reverse, g, e, r);
    boost::put(boost::edge_reverse, g, r, e);
}

// Folded domains are not transit vertices for hop counts.
struct Unfolded {
    const TopologyGraph* graph = nullptr;
    bool operator()(TopologyGraph::vertex_descriptor v) const { return (*graph)[v].kind != TopologyVertexKind::Domain; }
};

} // namespace

Topology::Topology(const SystemSpec& system, const GpuSpec& gpu, long long gpus, TopologyDetail detail)
{
    plan(system, gpus);
    m_aggregated = detail == TopologyDetail::Aggregated
                   || (detail == TopologyDetail::Automatic && fullEdgeEstimate(system) > kFullDetailBudget);
    m_nvlinkSharp = system.nvlinkDomain.sharp;
    m_scaleOutSharp = system.scaleOut.sharp;
    build(system, gpu);
    deriveTiersAndCounts();
}

void Topology::plan(const SystemSpec& system, long long gpus)
{
    m_domainGpus = system.nvlinkDomain.gpus.value;
    if (m_domainGpus < 1) fail(system, "/nvlink_domain/gpus: expected at least 1 GPU per domain");
    if (gpus < 1) fail(system, "expected at least 1 GPU in the cluster, found " + std::to_string(gpus));
    const auto& links = system.nvlinkDomain.nvswitch.linksPerGpu;
    if (static_cast<long long>(links.size()) != system.nvlinkDomain.nvswitch.chips.value)
        fail(system, "/nvlink_domain/nvswitch/links_per_gpu: expected one entry per switch chip ("
                         + std::to_string(system.nvlinkDomain.nvswitch.chips.value) + "), found "
                         + std::to_string(links.size()));
    m_domains = ceilDiv(gpus, m_domainGpus);
    m_span = {1};
    m_groups = {m_domains};
    std::vector<Level> all;
    for (std::size_t i = 0; i < system.scaleOut.tiers.size(); ++i) {
        const FabricTierSpec& t = system.scaleOut.tiers[i];
        const std::string where = "/scale_out/tiers/" + std::to_string(i);
        if (t.children.value < 1) fail(system, where + "/children: expected at least 1");
        if (t.switches.value < 1) fail(system, where + "/switches: expected at least 1");
        if (!(t.oversubscription.value > 0)) fail(system, where + "/oversubscription: expected a ratio > 0");
        all.push_back({t.name, t.children.value, t.switches.value, t.oversubscription.value});
        m_span.push_back(m_span.back() * t.children.value);
        m_groups.push_back(ceilDiv(m_groups.back(), t.children.value));
    }
    if (m_groups.back() > 1)
        fail(system, std::to_string(gpus) + " GPUs exceed the " + std::to_string(m_span.back() * m_domainGpus)
                         + " its " + std::to_string(all.size()) + " scale-out tiers can join");
    // Keep tiers up to the highest one whose group 0 has more than one child.
    std::size_t built = 0;
    for (std::size_t k = 1; k <= all.size(); ++k)
        if (std::min(all[k - 1].children, m_groups[k - 1]) > 1) built = k;
    m_levels.assign(all.begin(), all.begin() + std::ptrdiff_t(built));
    m_span.resize(built + 1);
    m_groups.resize(built + 1);
    if (built > 0 && !(system.scaleOut.nicBandwidthPerGpu.value.si > 0))
        fail(system, "/scale_out/nic_bandwidth_per_gpu: expected a bandwidth > 0");
}

long long Topology::switchesIn(int tier, long long group) const
{
    const Level& l = m_levels[std::size_t(tier - 1)];
    if (tier == 1) return l.switches; // one leaf per rail, even in a partial SU
    const long long present = std::min(l.children, groups(tier - 1) - group * l.children);
    return ceilDiv(l.switches * present, l.children);
}

long long Topology::fullEdgeEstimate(const SystemSpec& system) const
{
    const auto& links = system.nvlinkDomain.nvswitch.linksPerGpu;
    const long long usedChips = std::count_if(links.begin(), links.end(), [](int n) { return n > 0; });
    long long edges = gpuCount() * usedChips + (m_levels.empty() ? 0 : gpuCount());
    for (int k = 2; k <= int(m_levels.size()); ++k)
        for (long long g = 0; g < groups(k - 1); ++g)
            edges += switchesIn(k - 1, g) * switchesIn(k, g / m_levels[std::size_t(k - 1)].children);
    return edges;
}

void Topology::build(const SystemSpec& system, const GpuSpec& gpu)
{
    const auto& linksPerGpu = system.nvlinkDomain.nvswitch.linksPerGpu;
    const long long chips = static_cast<long long>(linksPerGpu.size());
    long long linksPerDomainGpu = 0;
    for (int n : linksPerGpu) linksPerDomainGpu += n;
    const BytesPerSecond linkBandwidth =
        gpu.nvlinkLinks.value > 0 ? gpu.nvlinkEgress() / double(gpu.nvlinkLinks.value) : BytesPerSecond{};
    const BytesPerSecond nic = system.scaleOut.nicBandwidthPerGpu.value;
    const BytesPerSecond port = system.scaleOut.portSpeed.value.si > 0 ? system.scaleOut.portSpeed.value : nic;

    m_detailed.assign(std::size_t(m_domains), !m_aggregated);
    if (m_aggregated) {
        m_detailed[0] = true;
        for (std::size_t k = 1; k < m_span.size(); ++k)
            if (m_span[k - 1] < m_domains) m_detailed[std::size_t(m_span[k - 1])] = true;
        const long long half = gpuCount() / 2;
        if (half % m_domainGpus != 0) m_detailed[std::size_t(half / m_domainGpus)] = true;
    }
    auto graph = std::make_shared<TopologyGraph>();
    std::vector<BytesPerSecond> downCapacity; // per vertex: links into it from below
    auto addVertex = [&](TopologyVertex v) {
        downCapacity.emplace_back();
        return boost::add_vertex(v, *graph);
    };
    auto addLink = [&](Vertex lower, Vertex upper, BytesPerSecond capacity, double links, int tier) {
        boost::add_edge(lower, upper, TopologyEdge{capacity, links, tier, true}, *graph);
        boost::add_edge(upper, lower, TopologyEdge{capacity, links, tier, false}, *graph);
        downCapacity[upper] += capacity;
    };

    // Tier 0: NVLink domains.
    m_domainVertex.resize(std::size_t(m_domains));
    for (long long d = 0; d < m_domains; ++d) {
        const long long first = d * m_domainGpus;
        if (!m_detailed[std::size_t(d)]) {
            m_domainVertex[std::size_t(d)] = addVertex({TopologyVertexKind::Domain, 0, d, first, m_domainGpus, chips,
                                                        m_domainGpus * linksPerDomainGpu});
            continue;
        }
        const Vertex base = boost::num_vertices(*graph);
        m_domainVertex[std::size_t(d)] = base;
        for (long long i = 0; i < m_domainGpus; ++i)
            addVertex({TopologyVertexKind::Gpu, 0, d, first + i, 1, 0, 0});
        for (long long s = 0; s < chips; ++s)
            addVertex({TopologyVertexKind::NvSwitch, 0, d, -1, 0, 1, 0});
        for (long long i = 0; i < m_domainGpus; ++i)
            for (long long s = 0; s < chips; ++s)
                if (int n = linksPerGpu[std::size_t(s)]; n > 0)
                    addLink(Vertex(base + i), Vertex(base + m_domainGpus + s), linkBandwidth * n, n, 0);
    }

    // Scale-out tiers: the switches of each group, then the links up into them.
    std::vector<std::vector<Vertex>> below; // switch vertices of each group of the tier below
    for (int k = 1; k <= int(m_levels.size()); ++k) {
        const Level& level = m_levels[std::size_t(k - 1)];
        const bool folded = m_aggregated && k >= 2;
        std::vector<std::vector<Vertex>> here(std::size_t(groups(k)));
        for (long long g = 0; g < groups(k); ++g) {
            const long long n = switchesIn(k, g);
            if (folded) {
                here[std::size_t(g)].push_back(addVertex({TopologyVertexKind::SwitchGroup, k, g, -1, 0, n, 0}));
                continue;
            }
            for (long long s = 0; s < n; ++s)
                here[std::size_t(g)].push_back(addVertex({TopologyVertexKind::Switch, k, g, -1, 0, 1, 0}));
        }
        if (k == 1) { // rail-optimised: GPU i of every domain -> leaf (i mod leaves)
            const long long leaves = level.switches;
            for (long long d = 0; d < m_domains; ++d) {
                const auto& leaf = here[std::size_t(d / m_span[1])];
                const Vertex v = m_domainVertex[std::size_t(d)];
                if (m_detailed[std::size_t(d)]) {
                    for (long long i = 0; i < m_domainGpus; ++i)
                        addLink(Vertex(v + i), leaf[std::size_t(i % leaves)], nic, 1, 1);
                    continue;
                }
                for (long long r = 0; r < std::min(leaves, m_domainGpus); ++r) {
                    const long long onRail = ceilDiv(m_domainGpus - r, leaves);
                    addLink(v, leaf[std::size_t(r)], nic * double(onRail), double(onRail), 1);
                }
            }
        } else { // each switch below -> every switch of its parent group
            const double oversubscription = m_levels[std::size_t(k - 2)].oversubscription;
            for (std::size_t g = 0; g < below.size(); ++g) {
                const auto& parent = here[g / std::size_t(level.children)];
                for (Vertex child : below[g]) {
                    const BytesPerSecond each = downCapacity[child] / oversubscription / double(parent.size());
                    for (Vertex p : parent) addLink(child, p, each, each / port, k);
                }
            }
        }
        below = std::move(here);
    }
    m_graph = std::move(graph);
}

void Topology::deriveTiersAndCounts()
{
    const std::size_t n = m_levels.size() + 1;
    std::vector<std::set<long long>> children(n);
    std::vector<BytesPerSecond> egress(n);
    std::vector<double> links(n, 0.0);
    m_counts.assign(n, {});
    m_counts[0].name = "nvlink";
    for (std::size_t k = 1; k < n; ++k) m_counts[k].name = m_levels[k - 1].name;
    const TopologyGraph& g = *m_graph;
    const Vertex gpu0 = m_domainVertex[0];
    long long domainGpus = 0;
    for (auto v : boost::make_iterator_range(boost::vertices(g))) {
        const TopologyVertex& lower = g[v];
        m_counts[std::size_t(lower.tier)].switches += lower.switches;
        links[0] += double(lower.innerLinks);
        if (lower.kind == TopologyVertexKind::Gpu && lower.group == 0) ++domainGpus;
        for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) {
            const TopologyEdge& p = g[e];
            if (!p.up) continue;
            const auto k = std::size_t(p.tier);
            links[k] += p.links;
            if (k == 0) {
                if (v == gpu0) egress[0] += p.capacity;
                continue;
            }
            if (g[boost::target(e, g)].group == 0) children[k].insert(lower.group);
            if (lower.group == 0) egress[k] += p.capacity;
        }
    }
    m_tiers = {};
    m_tiers.gpus = gpuCount();
    for (std::size_t k = 0; k < n; ++k) {
        m_counts[k].links = std::llround(links[k]);
        NetworkTier t;
        t.name = m_counts[k].name;
        t.degree = int(k == 0 ? domainGpus : static_cast<long long>(children[k].size()));
        t.gpusPerChild = k == 0 ? 1 : m_tiers.tiers.back().gpusPerGroup;
        t.gpusPerGroup = t.gpusPerChild * t.degree;
        t.childEgress = egress[k];
        t.inNetworkReduction = k == 0 ? m_nvlinkSharp : m_scaleOutSharp;
        m_tiers.tiers.push_back(t);
    }
}

NetworkTiers Topology::tiers(const CalibrationSpec* calibration) const
{
    NetworkTiers result = m_tiers;
    if (!calibration) return result;
    for (std::size_t k = 0; k < result.tiers.size(); ++k)
        result.tiers[k].hopLatency = k == 0 ? calibration->nvlinkStepLatency.value
                                            : calibration->scaleOutStepLatency.value
                                                  + calibration->extraTierLatency.value * double(k - 1);
    // The message-size fit is a fixed cost per ring step (seed 004, H100): on
    // an NVLink of another bandwidth that cost stays, so the half-efficiency
    // chunk scales with the bandwidth (Hockney's n½ = r∞ · t0).
    if (!result.tiers.empty() && calibration->halfEfficiencyLink.value.si > 0) {
        const NetworkTier& nvlink = result.tiers[0];
        const BytesPerSecond perGpu = nvlink.childEgress / static_cast<double>(std::max(1LL, nvlink.gpusPerChild));
        if (perGpu.si > 0) result.tiers[0].halfEfficiencyScale = perGpu.si / calibration->halfEfficiencyLink.value.si;
    }
    return result;
}

long long Topology::maxFlow(bool lowerHalfSends) const
{
    const TopologyGraph& g = *m_graph;
    const std::size_t n = boost::num_vertices(g);
    const std::size_t source = n, sink = n + 1;
    FlowGraph flow(n + 2);
    std::vector<long long> outCapacity(n, 0);
    for (std::size_t v = 0; v < n; ++v)
        for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) {
            const long long c = std::llround(g[e].capacity.si);
            addArc(flow, v, boost::target(e, g), c);
            outCapacity[v] += c;
        }
    // A GPU (or folded domain) can send or receive no more than its links carry.
    const long long half = gpuCount() / 2;
    for (std::size_t v = 0; v < n; ++v) {
        const TopologyVertex& p = g[v];
        if (p.gpus == 0) continue;
        const bool lower = p.firstGpu < half; // a folded domain never straddles the cut
        if (lower == lowerHalfSends) addArc(flow, source, v, outCapacity[v]);
        else addArc(flow, v, sink, outCapacity[v]);
    }
    return boost::push_relabel_max_flow(flow, source, sink);
}

BytesPerSecond Topology::bisectionBandwidth() const
{
    if (gpuCount() < 2) return BytesPerSecond{};
    return BytesPerSecond{double(maxFlow(true)) + double(maxFlow(false))};
}

void Topology::checkGpu(long long gpu) const
{
    if (gpu < 0 || gpu >= gpuCount())
        throw std::out_of_range("GPU " + std::to_string(gpu) + " is outside the cluster's "
                                + std::to_string(gpuCount()) + " GPUs");
}

long long Topology::groupAt(int tier, long long gpu) const
{
    return gpu / m_domainGpus / m_span[std::size_t(tier)];
}

std::optional<TopologyGraph::vertex_descriptor> Topology::gpuVertex(long long gpu) const
{
    checkGpu(gpu);
    const auto d = std::size_t(gpu / m_domainGpus);
    if (!m_detailed[d]) return std::nullopt;
    return m_domainVertex[d] + Vertex(gpu % m_domainGpus);
}

int Topology::tierSpanned(const std::vector<long long>& gpus) const
{
    for (long long g : gpus) checkGpu(g);
    if (gpus.size() < 2) return 0;
    for (int k = 0; k < int(m_span.size()); ++k) {
        const long long g0 = groupAt(k, gpus.front());
        if (std::all_of(gpus.begin(), gpus.end(), [&](long long g) { return groupAt(k, g) == g0; })) return k;
    }
    return int(m_span.size()) - 1; // unreachable: the top tier has one group
}

int Topology::hops(long long gpuA, long long gpuB) const
{
    checkGpu(gpuA);
    checkGpu(gpuB);
    if (gpuA == gpuB) return 0;
    auto a = gpuVertex(gpuA), b = gpuVertex(gpuB);
    if (!a || !b) {
        // Every group of a tier is wired alike, so map the pair onto detailed
        // representatives in the same relation: same local GPU indices (rails),
        // domain 0 and the first domain of child 1 of group 0 at the spanned tier.
        const int k = tierSpanned({gpuA, gpuB});
        const long long repDomain = k == 0 ? 0 : m_span[std::size_t(k - 1)];
        a = gpuVertex(gpuA % m_domainGpus);
        b = gpuVertex(repDomain * m_domainGpus + gpuB % m_domainGpus);
    }
    // A folded domain's inner hops are not in the graph, so it is no transit vertex.
    const boost::filtered_graph<TopologyGraph, boost::keep_all, Unfolded> g(*m_graph, boost::keep_all{},
                                                                           Unfolded{m_graph.get()});
    std::vector<int> distance(boost::num_vertices(*m_graph), -1);
    distance[*a] = 0;
    const auto recorder = boost::record_distances(distance.data(), boost::on_tree_edge{});
    boost::breadth_first_search(g, *a, boost::visitor(boost::make_bfs_visitor(recorder)));
    return distance[*b]; // -1 if unreachable, which the builder never makes
}

} // namespace scalescope

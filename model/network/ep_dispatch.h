#pragma once
// MoE dispatch and combine as DeepEP's normal kernels run them (DeepSeek-V3
// report §3.2.2; deepseek-ai/DeepEP): an EP group of `ep` GPUs spread over
// n NVLink domains ("nodes") of g = ep/n members. A token routed to k of E
// experts (E/ep per GPU, E/n per node; with node-limited routing to at most
// M nodes, k among the M'·E/n experts of M' = min(M, n) nodes) is sent
//
//   over the scale-out network once per distinct destination node,
//     N = M'·(1 − C(P − E/n, k) / C(P, k)),  P = M'·E/n,
//   of which (n − 1)/n leave its own node (every node equally likely), and
//   forwarded over NVLink once per distinct destination GPU,
//     R = ep·(M'/n)·(1 − C(P − E/ep, k) / C(P, k)),
//   of which (g − 1)/g come from another GPU of the node (the forwarder is
//   the destination itself with probability 1/g).
//
// Per GPU and call, with t tokens of h elements at b bytes:
//   scale-out bytes = t·N·(n − 1)/n·h·b at f_so × the GPU's share of its node's egress,
//   NVLink bytes    = t·R·(g − 1)/g·h·b at f_nv × the GPU's NVLink rate;
// the two stages pipeline, so the slower (the bottleneck DeepEP reports)
// sets the time. Combine sends the same bytes back (BF16). Within one node
// (n = 1) only NVLink moves. f_so and f_nv are DeepEP's published kernel
// bandwidths as fractions of the link rates (specs/calibration/deepep-measured.json).

namespace scalescope {

// Expected distinct groups (nodes) among a token's top-k experts when the
// E experts sit evenly in `groups` groups and routing picks at most
// `allowedGroups` of them (0: no limit), the k spread uniformly over the
// allowed groups' experts.
[[nodiscard]] double expectedDistinctNodes(double experts, double topK, double nodes, double allowedNodes) noexcept;
// Expected distinct GPUs of an EP group of `ep` over `nodes` nodes among a
// token's top-k experts, with the same node limit.
[[nodiscard]] double expectedDistinctRanks(double experts, double topK, double ep, double nodes,
                                           double allowedNodes) noexcept;

struct EpDispatchShape {
    double tokens = 0;          // t: tokens this GPU dispatches per call
    double hidden = 0;          // h
    double bytesPerElement = 2; // b
    double experts = 0, topK = 0;
    double maxNodesPerToken = 0; // M; 0 = no limit
    double ep = 1;               // GPUs in the EP group
    double nodes = 1;            // NVLink domains the group spans
};

struct EpDispatchLinks {
    double nvlink = 0;   // one GPU's NVLink rate, B/s, one direction
    double scaleOut = 0; // one GPU's share of its node's scale-out egress, B/s
    double nvlinkFraction = 1, scaleOutFraction = 1;
};

struct EpDispatchCost {
    double nvlinkBytes = 0, scaleOutBytes = 0;     // cross each link, per GPU
    double nvlinkSeconds = 0, scaleOutSeconds = 0; // at the achieved rates
    double seconds = 0;                            // the bottleneck's
    bool scaleOutBound = false;
    // DeepEP's own byte counts (deepep-test: own node and own rank included),
    // for reproducing its published "bottleneck bandwidths".
    double logicalScaleOutBytes = 0, logicalNvlinkBytes = 0;
};

[[nodiscard]] EpDispatchCost deepEpDispatchCost(const EpDispatchShape& s, const EpDispatchLinks& l) noexcept;

} // namespace scalescope

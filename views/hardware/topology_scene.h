#pragma once
// The network graph of a cluster, drawn from the model's Boost.Graph
// topology: NVLink domains (GPUs above their NVSwitch chips, or one folded
// box when the model aggregated the domain), then each scale-out tier as a
// row of switches or switch groups. Links of one tier are drawn by one item
// (drawLines), so 100,000-GPU clusters stay fluid. A chosen collective over
// the first N GPUs highlights the links it uses, tier by tier, with the
// per-tier time from collectiveCost.
//
//   [core group ...]            tier 3
//   [spine group] [spine group] tier 2
//   leaf leaf ... leaf          tier 1 (rail-optimised)
//   [gpu gpu ... gpu] [domain]  NVLink domains
//   [nvsw ... nvsw]             NVSwitch chips of detailed domains

#include "hardware_scene.h"

#include "model/network/collectives.h"
#include "model/network/topology.h"

namespace scalescope {

struct TopologyHighlight {
    CollectiveKind kind = CollectiveKind::AllReduce;
    long long groupSize = 0; // first N GPUs; 0 = no highlight
    Bytes bytes{1e9};
};

class TopologyScene final : public HardwareScene {
    Q_OBJECT
public:
    TopologyScene(const Topology& topology, const SystemSpec& system, const GpuSpec& gpu,
                  const TopologyHighlight& highlight, BytesPerSecond bisection, const HardwarePalette& palette,
                  QObject* parent = nullptr);

    // Lines drawn and physical links they stand for, per tier (tier 0 = NVLink).
    [[nodiscard]] long long drawnLines(int tier) const;
    [[nodiscard]] double physicalLinks(int tier) const;
    [[nodiscard]] long long highlightedLines(int tier) const;
    [[nodiscard]] const CollectiveCost& cost() const noexcept { return m_cost; }
    // Scene rectangle of a GPU's box, or of the folded domain box holding it;
    // empty when the graph does not hold that GPU.
    [[nodiscard]] QRectF gpuRect(long long gpu) const;
    // The cluster GPU a GPU or folded domain box stands for (a domain: its first GPU); -1 for other items.
    [[nodiscard]] static long long gpuOf(const QGraphicsItem& item);

private:
    void layoutNodes(const Topology& topology, const SystemSpec& system, const GpuSpec& gpu);
    void drawLinks(const Topology& topology);
    void addTierLabels(const Topology& topology, const SystemSpec& system);
    void addInfo(const Topology& topology, const GpuSpec& gpu, BytesPerSecond bisection);

    TopologyHighlight m_highlight;
    CollectiveCost m_cost;
    NetworkTiers m_tiers;
    struct GpuSpan {
        long long first = 0, gpus = 1;
        QRectF rect;
    };
    std::vector<QRectF> m_rects;     // per vertex
    std::vector<GpuSpan> m_gpuSpans; // GPU and folded domain boxes, by first GPU
    std::vector<long long> m_lines, m_lit;
    std::vector<double> m_links;
    qreal m_unit = 1;  // grows with the cluster's width so the scene keeps a screen-like shape
    qreal m_width = 0;
};

} // namespace scalescope

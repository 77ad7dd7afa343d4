#include "topology_scene.h"

#include <QLocale>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <boost/graph/adjacency_list.hpp>

#include <algorithm>
#include <map>

namespace scalescope {

namespace {
constexpr qreal kGpuPitch = 24;
constexpr qreal kGpuHeight = 40;
constexpr qreal kFoldedWidth = 64;
constexpr qreal kDomainGap = 24;
constexpr qreal kNvRowGap = 110;
constexpr qreal kTierGap = 300;
constexpr qreal kSwitchHeight = 40;
constexpr qreal kSideWidth = 420;
constexpr int kItemFirstGpuKey = 2; // after kItemKindKey and kItemIndexKey: the cluster GPU of a box

// All links of one tier (or its highlighted part) in one item.
class LinkBundleItem final : public QGraphicsItem {
public:
    LinkBundleItem(std::vector<QLineF> lines, const QPen& pen) : m_lines(std::move(lines)), m_pen(pen)
    {
        for (const QLineF& l : m_lines) m_bounds |= QRectF(l.p1(), l.p2()).normalized();
        m_bounds.adjust(-2, -2, 2, 2);
        setFlag(ItemUsesExtendedStyleOption); // exposedRect is then the part being repainted
    }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override
    {
        painter->setPen(m_pen);
        painter->setRenderHint(QPainter::Antialiasing, false);
        // Only lines touching the exposed area: panning a zoomed-in cluster stays cheap.
        if (option->exposedRect.isEmpty() || option->exposedRect.contains(m_bounds)) {
            painter->drawLines(m_lines.data(), int(m_lines.size()));
            return;
        }
        const QRectF r = option->exposedRect;
        m_visible.clear();
        for (const QLineF& l : m_lines)
            if (QRectF(l.p1(), l.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(r)) m_visible.push_back(l);
        painter->drawLines(m_visible.data(), int(m_visible.size()));
    }

private:
    std::vector<QLineF> m_lines;
    std::vector<QLineF> m_visible; // scratch of paint()
    QPen m_pen;
    QRectF m_bounds;
};

QString tierTitle(const std::string& name)
{
    if (name == "nvlink") return TopologyScene::tr("NVLink");
    if (name == "leaf") return TopologyScene::tr("Leaf");
    if (name == "spine") return TopologyScene::tr("Spine");
    if (name == "core") return TopologyScene::tr("Core");
    return QString::fromStdString(name);
}
} // namespace

TopologyScene::TopologyScene(const Topology& topology, const SystemSpec& system, const GpuSpec& gpu,
                             const TopologyHighlight& highlight, BytesPerSecond bisection,
                             const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent), m_highlight(highlight), m_tiers(topology.tiers())
{
    const long long gpus = topology.gpuCount();
    m_highlight.groupSize = std::clamp<long long>(m_highlight.groupSize, 0, gpus);
    if (m_highlight.groupSize > 1)
        m_cost = collectiveCost(m_tiers, m_highlight.kind, m_highlight.bytes, GroupShape{m_highlight.groupSize, 1}, {});
    setHeading(tr("Topology: %1, %2 GPUs").arg(QString::fromStdString(system.name), QLocale().toString(gpus)),
               topology.aggregated()
                   ? tr("Aggregated: folded NVLink domains and spine groups stand for their GPUs and switches; the "
                        "numbers are those of the full graph.")
                   : tr("Every GPU, NVSwitch chip and switch of the model's graph, each line a link."));
    const std::size_t tiers = topology.tierCounts().size();
    m_lines.assign(tiers, 0);
    m_lit.assign(tiers, 0);
    m_links.assign(tiers, 0);
    addLegend(palette.sm, tr("GPU"));
    addLegend(palette.nvlink, tr("NVSwitch / NVLink"));
    if (topology.aggregated()) addLegend(palette.die, tr("Folded NVLink domain"));
    if (tiers > 1) addLegend(palette.switchTray, tr("Scale-out switch"));
    addLegend(palette.overflow, tr("Links the collective uses"));
    layoutNodes(topology, system, gpu);
    drawLinks(topology);
    addTierLabels(topology, system);
    addInfo(topology, gpu, bisection);
    finish(24 * m_unit);
}

long long TopologyScene::drawnLines(int tier) const
{
    return tier >= 0 && std::size_t(tier) < m_lines.size() ? m_lines[std::size_t(tier)] : 0;
}

double TopologyScene::physicalLinks(int tier) const
{
    return tier >= 0 && std::size_t(tier) < m_links.size() ? m_links[std::size_t(tier)] : 0;
}

long long TopologyScene::highlightedLines(int tier) const
{
    return tier >= 0 && std::size_t(tier) < m_lit.size() ? m_lit[std::size_t(tier)] : 0;
}

QRectF TopologyScene::gpuRect(long long gpu) const
{
    const auto after = std::upper_bound(m_gpuSpans.begin(), m_gpuSpans.end(), gpu,
                                        [](long long g, const GpuSpan& s) { return g < s.first; });
    if (after == m_gpuSpans.begin()) return {};
    const GpuSpan& span = *std::prev(after);
    return gpu < span.first + span.gpus ? span.rect : QRectF();
}

long long TopologyScene::gpuOf(const QGraphicsItem& item)
{
    const QString kind = item.data(kItemKindKey).toString();
    if (kind != QLatin1String("gpu") && kind != QLatin1String("domain")) return -1;
    return item.data(kItemFirstGpuKey).toLongLong();
}

void TopologyScene::layoutNodes(const Topology& topology, const SystemSpec& system, const GpuSpec& gpu)
{
    const HardwarePalette& p = hardwarePalette();
    const TopologyGraph& g = topology.graph();
    const auto n = boost::num_vertices(g);
    m_rects.assign(n, QRectF());
    const long long domainGpus = topology.domainGpus();
    const qreal detailedWidth = domainGpus * kGpuPitch;

    // Width first, so the unit (row gaps, type size) can follow it.
    qreal width = 0;
    long long lastDomain = -1;
    for (auto v : boost::make_iterator_range(boost::vertices(g))) {
        const TopologyVertex& tv = g[v];
        if (tv.tier != 0 || tv.group == lastDomain) continue;
        lastDomain = tv.group;
        width += (tv.kind == TopologyVertexKind::Domain ? kFoldedWidth : detailedWidth) + kDomainGap;
    }
    m_width = width;
    // Grow the unit (row gaps, box heights, type) so the scene keeps roughly a 2.2:1 page shape.
    const qreal rows = qreal(std::max<std::size_t>(m_lines.size(), 1) - 1) * kTierGap + kGpuHeight + kNvRowGap +
                       kSwitchHeight + 170;
    m_unit = std::max<qreal>(1.0, width / (2.2 * rows));
    const qreal u = m_unit;

    // NVLink domains, left to right.
    qreal x = 0, domainLeft = 0;
    lastDomain = -1;
    long long switchInDomain = 0;
    const int chips = system.nvlinkDomain.nvswitch.chips.value;
    const QString gpuTip = sourcedTip(QString::fromStdString(gpu.name),
                                      tr("NVLink %1").arg(formatted(gpu.nvlinkBandwidth.value)), gpu.nvlinkBandwidth,
                                      gpu.sources);
    const QString nvTip = sourcedTip(tr("NVSwitch chips per domain"), QString::number(chips),
                                     system.nvlinkDomain.nvswitch.chips, system.sources);
    for (auto v : boost::make_iterator_range(boost::vertices(g))) {
        const TopologyVertex& tv = g[v];
        if (tv.tier != 0) continue;
        if (tv.group != lastDomain) {
            domainLeft = lastDomain < 0 ? 0 : x + kDomainGap;
            x = domainLeft + (tv.kind == TopologyVertexKind::Domain ? kFoldedWidth : detailedWidth);
            lastDomain = tv.group;
            switchInDomain = 0;
        }
        switch (tv.kind) {
        case TopologyVertexKind::Gpu: {
            const long long i = tv.firstGpu - tv.group * domainGpus;
            m_rects[v] = QRectF(domainLeft + qreal(i) * kGpuPitch, 0, kGpuPitch - 4, kGpuHeight * u);
            BoxItem* box = addBox(m_rects[v], p.sm, QStringLiteral("gpu"), int(tv.firstGpu));
            box->setData(kItemFirstGpuKey, tv.firstGpu);
            m_gpuSpans.push_back({tv.firstGpu, 1, m_rects[v]});
            box->setToolTip(tr("<p>GPU %1 (NVLink domain %2)</p>").arg(tv.firstGpu).arg(tv.group) + gpuTip);
            if (i == 0 || (i + 1) % 8 == 0)
                addLabel(QString::number(tv.firstGpu), m_rects[v].adjusted(1, 2, -1, -2), textOn(p.sm), {11, 6, false});
            break;
        }
        case TopologyVertexKind::NvSwitch: {
            // Placed under the domain's GPUs just laid out.
            const qreal left = domainLeft;
            const qreal w = std::min<qreal>(detailedWidth / qreal(std::max(chips, 1)) - 6, 90);
            const qreal cx = left + (qreal(switchInDomain) + 0.5) * detailedWidth / qreal(std::max(chips, 1));
            m_rects[v] = QRectF(cx - w / 2, (kGpuHeight + kNvRowGap) * u, w, kSwitchHeight * u);
            BoxItem* box = addBox(m_rects[v], p.nvlink, QStringLiteral("nvswitch"), int(switchInDomain));
            box->setToolTip(tr("<p>NVSwitch %1 of domain %2</p>").arg(switchInDomain).arg(tv.group) + nvTip);
            ++switchInDomain;
            break;
        }
        case TopologyVertexKind::Domain: {
            m_rects[v] = QRectF(domainLeft, 0, kFoldedWidth, kGpuHeight * u);
            BoxItem* box = addBox(m_rects[v], p.die, QStringLiteral("domain"), int(tv.group));
            box->setData(kItemFirstGpuKey, tv.firstGpu);
            m_gpuSpans.push_back({tv.firstGpu, tv.gpus, m_rects[v]});
            box->setToolTip(tr("<p>NVLink domain %1: GPUs %2–%3, %4 NVSwitch chips, %5 NVLink links (folded)</p>")
                                .arg(tv.group)
                                .arg(tv.firstGpu)
                                .arg(tv.firstGpu + tv.gpus - 1)
                                .arg(tv.switches)
                                .arg(tv.innerLinks) +
                            nvTip);
            break;
        }
        default: break;
        }
    }

    std::sort(m_gpuSpans.begin(), m_gpuSpans.end(),
              [](const GpuSpan& a, const GpuSpan& b) { return a.first < b.first; });

    // Scale-out tiers bottom-up: each group's switches spread over the span of their children.
    std::map<std::pair<int, long long>, std::vector<TopologyGraph::vertex_descriptor>> groups;
    for (auto v : boost::make_iterator_range(boost::vertices(g)))
        if (g[v].tier > 0) groups[{g[v].tier, g[v].group}].push_back(v);
    for (const auto& [key, members] : groups) {
        qreal lo = 1e300, hi = -1e300;
        for (auto v : members)
            for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) {
                if (g[e].up) continue;
                const QRectF& c = m_rects[boost::target(e, g)];
                lo = std::min(lo, c.center().x());
                hi = std::max(hi, c.center().x());
            }
        if (lo > hi) lo = hi = 0;
        const qreal span = std::max<qreal>(hi - lo, 60);
        const qreal pitch = span / qreal(members.size());
        const qreal w = std::clamp<qreal>(pitch - 4 * u, 2, 160 * u);
        const int tier = key.first;
        const qreal y = -qreal(tier) * kTierGap * u;
        const FabricTierSpec* spec = std::size_t(tier - 1) < system.scaleOut.tiers.size()
                                         ? &system.scaleOut.tiers[std::size_t(tier - 1)]
                                         : nullptr;
        for (std::size_t i = 0; i < members.size(); ++i) {
            const auto v = members[i];
            const qreal cx = (lo + hi) / 2 - span / 2 + (qreal(i) + 0.5) * pitch;
            m_rects[v] = QRectF(cx - w / 2, y, w, kSwitchHeight * u);
            const bool group = g[v].kind == TopologyVertexKind::SwitchGroup;
            BoxItem* box = addBox(m_rects[v], p.switchTray, group ? QStringLiteral("switch-group") : QStringLiteral("switch"),
                                  int(i));
            QString tip = group ? tr("<p>%1 group %2: %3 switches</p>")
                                      .arg(tierTitle(spec ? spec->name : std::string()))
                                      .arg(key.second)
                                      .arg(g[v].switches)
                                : tr("<p>%1 switch %2 of group %3</p>")
                                      .arg(tierTitle(spec ? spec->name : std::string()))
                                      .arg(i)
                                      .arg(key.second);
            if (spec)
                tip += sourcedTip(tr("Switches per group"), QString::number(spec->switches.value), spec->switches,
                                  system.sources);
            box->setToolTip(tip);
        }
    }
}

void TopologyScene::drawLinks(const Topology& topology)
{
    const HardwarePalette& p = hardwarePalette();
    const TopologyGraph& g = topology.graph();
    const std::size_t tiers = m_lines.size();
    std::vector<std::vector<std::pair<TopologyGraph::vertex_descriptor, TopologyGraph::vertex_descriptor>>> edges(tiers);
    for (auto e : boost::make_iterator_range(boost::edges(g))) {
        const TopologyEdge& te = g[e];
        if (!te.up || std::size_t(te.tier) >= tiers) continue;
        edges[std::size_t(te.tier)].emplace_back(boost::source(e, g), boost::target(e, g));
        m_links[std::size_t(te.tier)] += te.links;
    }
    // Vertices the collective's group touches, growing upwards tier by tier.
    std::vector<char> active(boost::num_vertices(g), 0);
    const long long n = m_highlight.groupSize > 1 ? m_highlight.groupSize : 0;
    for (auto v : boost::make_iterator_range(boost::vertices(g))) {
        const TopologyVertex& tv = g[v];
        if ((tv.kind == TopologyVertexKind::Gpu || tv.kind == TopologyVertexKind::Domain) && tv.firstGpu >= 0 &&
            tv.firstGpu < n)
            active[v] = 1;
    }
    const QColor tierColours[] = {p.nvlink, p.pcie, p.c2c, p.scheduler, p.l2, p.hbm};
    for (std::size_t k = 0; k < tiers; ++k) {
        std::vector<QLineF> plain, lit;
        const bool used = n > 0 && int(k) <= m_cost.spannedTier;
        std::vector<TopologyGraph::vertex_descriptor> reached;
        for (const auto& [lo, hi] : edges[k]) {
            const QRectF& a = m_rects[lo];
            const QRectF& b = m_rects[hi];
            const QLineF line = b.top() > a.bottom() ? QLineF(a.center().x(), a.bottom(), b.center().x(), b.top())
                                                     : QLineF(a.center().x(), a.top(), b.center().x(), b.bottom());
            if (used && active[lo]) {
                lit.push_back(line);
                reached.push_back(hi);
            } else {
                plain.push_back(line);
            }
        }
        for (auto v : reached) active[v] = 1;
        m_lines[k] = qint64(plain.size() + lit.size());
        m_lit[k] = qint64(lit.size());
        // Dense tiers are drawn fainter. The faintness is mixed into an opaque colour: Qt's raster
        // engine hands every translucent span run to its GUI thread pool and waits for it, which
        // made a zoomed-in 16,384-GPU frame take ~400 ms on 2 cores; opaque lines stay on the fast path.
        const double strength = std::clamp(300.0 / double(std::max<std::size_t>(1, plain.size() + lit.size())), 40 / 255.0, 220 / 255.0);
        QPen pen(opaqueMix(tierColours[k % 6], p.background, strength), 1);
        pen.setCosmetic(true);
        auto* plainItem = new LinkBundleItem(std::move(plain), pen);
        plainItem->setData(kItemKindKey, QStringLiteral("links"));
        plainItem->setData(kItemIndexKey, int(k));
        plainItem->setZValue(-2);
        addItem(plainItem);
        if (!lit.empty()) {
            QPen hotPen(opaqueMix(p.overflow, p.background, 230 / 255.0), 2);
            hotPen.setCosmetic(true);
            auto* litItem = new LinkBundleItem(std::move(lit), hotPen);
            litItem->setData(kItemKindKey, QStringLiteral("links-used"));
            litItem->setData(kItemIndexKey, int(k));
            litItem->setZValue(-1);
            addItem(litItem);
        }
    }
}

void TopologyScene::addTierLabels(const Topology& topology, const SystemSpec& system)
{
    const HardwarePalette& p = hardwarePalette();
    const qreal u = m_unit;
    const auto& counts = topology.tierCounts();
    const QLocale locale;
    const LabelStyle left{20 * u, 8 * u, true, Qt::AlignRight | Qt::AlignVCenter};
    const LabelStyle right{18 * u, 8 * u, false, Qt::AlignLeft | Qt::AlignVCenter};
    const qreal lx = -(kSideWidth + 30) * u, rx = m_width + 30 * u;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        const qreal y = k == 0 ? 0 : -qreal(k) * kTierGap * u;
        const qreal h = (k == 0 ? kGpuHeight : kSwitchHeight) * u;
        const QString text = k == 0 ? tr("GPUs · %1 per NVLink domain").arg(topology.domainGpus())
                                    : tr("%1 · %2 switches · %3 links")
                                          .arg(tierTitle(counts[k].name), locale.toString(counts[k].switches),
                                               locale.toString(counts[k].links));
        LabelItem* label = addLabel(text, QRectF(lx, y - 10 * u, kSideWidth * u, h + 20 * u), p.text, left);
        label->setData(kItemKindKey, QStringLiteral("tier-label"));
        if (k < std::size_t(m_cost.tierCount) && m_highlight.groupSize > 1 && int(k) <= m_cost.spannedTier) {
            const TierCost& t = m_cost.tiers[k];
            const bool bottleneck = int(k) == m_cost.bottleneckTier;
            const QString cost = tr("%1%2 · D %3 · W %4")
                                     .arg(bottleneck ? tr("▶ bottleneck ") : QString(), formatted(t.time))
                                     .arg(t.degree)
                                     .arg(formatted(t.bandwidth));
            LabelItem* c = addLabel(cost, QRectF(rx, y - 10 * u, kSideWidth * u, h + 20 * u),
                                    bottleneck ? p.overflow : p.text, right);
            c->setData(kItemKindKey, QStringLiteral("tier-time"));
        }
    }
    addLabel(tr("NVSwitch chips · %1 per domain · %2 NVLink links")
                 .arg(system.nvlinkDomain.nvswitch.chips.value)
                 .arg(locale.toString(counts.empty() ? 0 : counts[0].links)),
             QRectF(lx, (kGpuHeight + kNvRowGap - 10) * u, kSideWidth * u, (kSwitchHeight + 20) * u), p.text, left);
}

void TopologyScene::addInfo(const Topology& topology, const GpuSpec&, BytesPerSecond bisection)
{
    const HardwarePalette& p = hardwarePalette();
    const qreal u = m_unit;
    const long long gpus = topology.gpuCount();
    const long long domain = topology.domainGpus();
    QStringList hops;
    if (gpus > 1) hops << tr("GPU 0 → 1: %1").arg(topology.hops(0, 1));
    if (gpus > domain) hops << tr("GPU 0 → %1 (next domain): %2").arg(domain).arg(topology.hops(0, domain));
    if (gpus > 2) hops << tr("GPU 0 → %1 (last): %2").arg(gpus - 1).arg(topology.hops(0, gpus - 1));
    const int rows = int(m_lines.size());
    const qreal top = -(qreal(std::max(rows - 1, 0)) * kTierGap + 170) * u;
    const qreal w = m_width + 2 * (kSideWidth + 30) * u;
    const qreal x = -(kSideWidth + 30) * u;
    const LabelStyle style{24 * u, 9 * u, true, Qt::AlignLeft | Qt::AlignVCenter};
    LabelItem* b = addLabel(tr("Bisection bandwidth: %1 (both directions, max flow)").arg(formatted(bisection)),
                            QRectF(x, top, w, 34 * u), p.text, style);
    b->setData(kItemKindKey, QStringLiteral("bisection"));
    LabelItem* h = addLabel(tr("Hops (links on a shortest path): %1").arg(hops.join(QStringLiteral(" · "))),
                            QRectF(x, top + 40 * u, w, 34 * u), p.text, {22 * u, 9 * u, false, Qt::AlignLeft | Qt::AlignVCenter});
    h->setData(kItemKindKey, QStringLiteral("hops"));
    if (m_highlight.groupSize > 1) {
        const std::string_view key = collectiveKey(m_highlight.kind);
        const QString name = key == "allgather" ? tr("AllGather") : key == "allreduce" ? tr("AllReduce") : tr("AllToAll");
        LabelItem* c = addLabel(tr("%1 of %2 over GPUs 0–%3: %4 (bottleneck tier: %5)")
                                    .arg(name, formatted(m_highlight.bytes))
                                    .arg(m_highlight.groupSize - 1)
                                    .arg(formatted(m_cost.time),
                                         m_cost.bottleneckTier >= 0
                                             ? tierTitle(topology.tierCounts()[std::size_t(m_cost.bottleneckTier)].name)
                                             : tr("none")),
                                QRectF(x, top + 80 * u, w, 34 * u), p.overflow,
                                {22 * u, 9 * u, true, Qt::AlignLeft | Qt::AlignVCenter});
        c->setData(kItemKindKey, QStringLiteral("collective"));
    }
}

} // namespace scalescope

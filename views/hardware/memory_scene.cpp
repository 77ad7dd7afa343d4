#include "memory_scene.h"

#include <QGraphicsLineItem>
#include <QLocale>
#include <QPen>

#include <cmath>

namespace scalescope {

namespace {
constexpr qreal kNameWidth = 330;
constexpr qreal kColumnWidth = 600;
constexpr qreal kColumnGap = 50;
constexpr qreal kRowHeight = 70;
constexpr qreal kBarHeight = 34;
constexpr qreal kHeaderHeight = 70;
constexpr qreal kValueWidth = 150; // room kept for a value after the bar
constexpr int kRegisterOperands = 3;     // a = b * c + d reads three 4-byte registers per lane
constexpr double kRegisterBytes = 4;
constexpr int kSmemBanks = 32;            // CUDA programming guide: 32 banks of 4 bytes, one access each per clock
constexpr double kSmemBankBytes = 4;

struct LogScale {
    double lo = 0, hi = 1; // decades
    [[nodiscard]] qreal at(double v, qreal width) const
    {
        return width * (std::log10(v) - lo) / (hi - lo);
    }
};

template <class Get>
LogScale scaleOf(const std::vector<MemoryScene::Level>& levels, Get get)
{
    double lo = 1e300, hi = 0;
    for (const auto& l : levels)
        if (const auto v = get(l)) {
            lo = std::min(lo, *v);
            hi = std::max(hi, *v);
        }
    if (hi <= 0) return {};
    return {std::floor(std::log10(lo)), std::ceil(std::log10(hi) + 0.01)};
}
} // namespace

MemoryScene::MemoryScene(const GpuSpec& gpu, const SystemSpec* system, const SuperchipSpec* superchip,
                         const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent)
{
    setHeading(tr("Memory hierarchy: %1").arg(QString::fromStdString(system ? system->name : gpu.name)),
               tr("From registers to the network, for one %1 GPU. Bars on log scales: each step down holds more and "
                  "delivers less. Latency is not shown: the specs give none for these levels.")
                   .arg(QString::fromStdString(gpu.name)));
    collect(gpu, system, superchip);
    for (const Level& l : m_levels) addLegend(l.colour, l.name);
    draw();
    finish();
}

void MemoryScene::collect(const GpuSpec& gpu, const SystemSpec* system, const SuperchipSpec* superchip)
{
    const HardwarePalette& p = hardwarePalette();
    const SourceMap& src = gpu.sources;
    const int sms = gpu.sms.value;
    const QString perSm = tr("%1 per SM × %2 SMs");

    Level reg{tr("Registers"), tr("register files of all SMs"), {}, {}, {}, {}, p.registers};
    reg.capacity = Bytes{gpu.sm.registerFile.value.si * sms};
    reg.capacityTip = sourcedTip(tr("Register file"), perSm.arg(formattedBinary(gpu.sm.registerFile.value)).arg(sms),
                                 gpu.sm.registerFile, src) +
                      sourcedTip(tr("SMs"), QString::number(sms), gpu.sms, src);
    if (gpu.boostClock) {
        const double clock = gpu.boostClock->value.si;
        reg.bandwidth = BytesPerSecond{gpu.fp32Lanes() * kRegisterOperands * kRegisterBytes * clock};
        reg.bandwidthTip = tr("<p><b>Derived</b>: FP32 lanes (%1) × 3 operands × 4 B × boost clock</p>")
                               .arg(gpu.fp32Lanes()) +
                           sourcedTip(tr("Boost clock"), formatted(gpu.boostClock->value), *gpu.boostClock, src) +
                           sourcedTip(tr("FP32 lanes per sub-partition"),
                                      QString::number(gpu.sm.fp32LanesPerSubpartition.value),
                                      gpu.sm.fp32LanesPerSubpartition, src);
    }
    m_levels.push_back(reg);

    Level smem{tr("SMEM / L1"), tr("shared memory and L1 of all SMs"), {}, {}, {}, {}, p.tensorCore};
    smem.capacity = Bytes{gpu.sm.l1Smem.value.si * sms};
    smem.capacityTip = sourcedTip(tr("L1 / shared memory"), perSm.arg(formattedBinary(gpu.sm.l1Smem.value)).arg(sms),
                                  gpu.sm.l1Smem, src);
    if (gpu.boostClock) {
        smem.bandwidth = BytesPerSecond{sms * kSmemBanks * kSmemBankBytes * gpu.boostClock->value.si};
        smem.bandwidthTip = tr("<p><b>Derived</b>: %1 SMs × 32 banks × 4 B × boost clock (the CUDA bank model)</p>")
                                .arg(sms) +
                            sourcedTip(tr("Boost clock"), formatted(gpu.boostClock->value), *gpu.boostClock, src);
    }
    m_levels.push_back(smem);

    Level l2{tr("L2 cache"), tr("shared by all SMs"), gpu.l2Capacity.value, {}, {}, {}, p.sm};
    l2.capacityTip = sourcedTip(tr("L2 capacity"), formatted(gpu.l2Capacity.value), gpu.l2Capacity, src);
    if (gpu.l2Bandwidth) {
        l2.bandwidth = gpu.l2Bandwidth->value;
        l2.bandwidthTip = sourcedTip(tr("L2 bandwidth"), formatted(gpu.l2Bandwidth->value), *gpu.l2Bandwidth, src);
    }
    m_levels.push_back(l2);

    Level hbm{tr("HBM"), QString::fromStdString(gpu.hbm.generation), gpu.hbm.capacityUsable.value,
              gpu.hbm.bandwidth.value, {}, {}, p.hbm};
    hbm.capacityTip = sourcedTip(tr("HBM capacity usable"), formatted(gpu.hbm.capacityUsable.value),
                                 gpu.hbm.capacityUsable, src);
    hbm.bandwidthTip = sourcedTip(tr("HBM bandwidth"), formatted(gpu.hbm.bandwidth.value), gpu.hbm.bandwidth, src);
    m_levels.push_back(hbm);

    if (superchip) {
        Level cpu{tr("CPU memory"), tr("LPDDR5X over NVLink-C2C"), superchip->lpddr5xCapacity.value, {}, {}, {},
                  p.lpddr};
        cpu.capacityTip = sourcedTip(tr("CPU memory capacity, shared by %1 GPUs").arg(superchip->gpus.value),
                                     formatted(superchip->lpddr5xCapacity.value), superchip->lpddr5xCapacity,
                                     superchip->sources);
        // Read through the narrower of the C2C link and the LPDDR5X itself.
        const bool perGpu = gpu.c2cBandwidth.has_value();
        const BytesPerSecond c2c = perGpu ? gpu.c2cBandwidth->value : superchip->c2cBandwidth.value;
        const BytesPerSecond lpddr = superchip->lpddr5xBandwidth.value;
        cpu.bandwidth = c2c.si < lpddr.si ? c2c : lpddr;
        cpu.bandwidthTip = tr("<p><b>Derived</b>: min(NVLink-C2C, LPDDR5X bandwidth)</p>") +
                           (perGpu ? sourcedTip(tr("NVLink-C2C, both directions"), formatted(c2c), *gpu.c2cBandwidth, src)
                                   : sourcedTip(tr("NVLink-C2C, both directions"), formatted(c2c),
                                                superchip->c2cBandwidth, superchip->sources)) +
                           sourcedTip(tr("CPU memory bandwidth"), formatted(lpddr), superchip->lpddr5xBandwidth,
                                      superchip->sources);
        m_levels.push_back(cpu);
    }

    const int domain = system ? system->nvlinkDomain.gpus.value : 0;
    Level peer{tr("Peer HBM"), domain > 1 ? tr("%1 other GPUs over NVLink").arg(domain - 1) : tr("over NVLink"), {},
               gpu.nvlinkBandwidth.value, {}, {}, p.nvlink};
    peer.bandwidthTip = sourcedTip(tr("NVLink %1, both directions").arg(gpu.nvlinkGeneration.value),
                                   formatted(gpu.nvlinkBandwidth.value), gpu.nvlinkBandwidth, src);
    if (domain > 1) {
        peer.capacity = Bytes{gpu.hbm.capacityUsable.value.si * (domain - 1)};
        peer.capacityTip = tr("<p><b>Derived</b>: (%1 GPUs − 1) × HBM capacity</p>").arg(domain) +
                           sourcedTip(tr("GPUs per NVLink domain"), QString::number(domain), system->nvlinkDomain.gpus,
                                      system->sources);
    }
    m_levels.push_back(peer);

    if (system) {
        const ScaleOutSpec& so = system->scaleOut;
        const long long gpus = so.maxGpus.value;
        Level net{tr("Network"), tr("%1 GPUs of the cluster").arg(QLocale().toString(gpus)),
                  Bytes{gpu.hbm.capacityUsable.value.si * double(gpus - std::max(domain, 1))},
                  so.nicBandwidthPerGpu.value, {}, {}, p.pcie};
        net.capacityTip = tr("<p><b>Derived</b>: (cluster GPUs − NVLink domain) × HBM capacity</p>") +
                          sourcedTip(tr("Largest cluster"), QLocale().toString(gpus), so.maxGpus, system->sources);
        net.bandwidthTip = sourcedTip(tr("Scale-out NIC bandwidth per GPU"),
                                      formattedBits(so.nicBandwidthPerGpu.value), so.nicBandwidthPerGpu,
                                      system->sources);
        m_levels.push_back(net);
    }
}

void MemoryScene::draw()
{
    const HardwarePalette& p = hardwarePalette();
    const LogScale cap = scaleOf(m_levels, [](const Level& l) -> std::optional<double> {
        return l.capacity ? std::optional<double>(l.capacity->si) : std::nullopt;
    });
    const LogScale bw = scaleOf(m_levels, [](const Level& l) -> std::optional<double> {
        return l.bandwidth ? std::optional<double>(l.bandwidth->si) : std::nullopt;
    });
    const qreal capLeft = kNameWidth, bwLeft = kNameWidth + kColumnWidth + kColumnGap;
    const qreal barSpan = kColumnWidth - kValueWidth;
    const qreal bottom = kHeaderHeight + kRowHeight * qreal(m_levels.size());
    const LabelStyle head{20, 10, true, Qt::AlignLeft | Qt::AlignVCenter};
    addLabel(tr("Capacity (log scale)"), QRectF(capLeft, 0, kColumnWidth, 30), head);
    addLabel(tr("Bandwidth to the SMs (log scale)"), QRectF(bwLeft, 0, kColumnWidth, 30), head);

    // Decade grid lines with a few labels.
    QPen grid(p.outline);
    grid.setCosmetic(true);
    grid.setStyle(Qt::DotLine);
    auto decades = [&](const LogScale& s, qreal left, bool bytes) {
        const int step = s.hi - s.lo > 6 ? 3 : 1;
        for (int d = int(s.lo); d <= int(s.hi); ++d) {
            const qreal x = left + barSpan * (d - s.lo) / (s.hi - s.lo);
            auto* line = addLine(QLineF(x, kHeaderHeight - 8, x, bottom), grid);
            line->setZValue(-1);
            if ((d - int(s.lo)) % step != 0) continue;
            const double v = std::pow(10.0, d);
            const QString text = bytes ? formatted(Bytes{v}, 3) : formatted(BytesPerSecond{v}, 3);
            addLabel(text, QRectF(x - 45, kHeaderHeight - 36, 90, 24), p.mutedText, {14, 8, false, Qt::AlignCenter});
        }
    };
    decades(cap, capLeft, true);
    decades(bw, bwLeft, false);

    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        const Level& l = m_levels[i];
        const qreal y = kHeaderHeight + kRowHeight * qreal(i);
        const QRectF nameBox(0, y + 4, kNameWidth - 16, kRowHeight - 8);
        addLabel(l.name, QRectF(nameBox.left(), nameBox.top(), nameBox.width(), 30), p.text,
                 {20, 10, true, Qt::AlignLeft | Qt::AlignVCenter});
        addLabel(l.detail, QRectF(nameBox.left(), nameBox.top() + 32, nameBox.width(), 24), p.mutedText,
                 {15, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
        auto bar = [&](std::optional<double> v, const LogScale& s, qreal left, const QString& text,
                       const QString& tip, const QString& kind) {
            const qreal top = y + (kRowHeight - kBarHeight) / 2;
            if (!v) {
                addLabel(tr("not in the spec"), QRectF(left, top, kColumnWidth, kBarHeight), p.mutedText,
                         {15, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
                return;
            }
            const qreal w = qMax<qreal>(4, s.at(*v, barSpan));
            BoxItem* box = addBox(QRectF(left, top, w, kBarHeight), l.colour, kind, int(i));
            box->setRadius(3);
            box->setToolTip(tip);
            LabelItem* value = addLabel(text, QRectF(left + w + 8, top, kColumnWidth - w - 8, kBarHeight), p.text,
                                        {17, 9, true, Qt::AlignLeft | Qt::AlignVCenter});
            value->setToolTip(tip);
        };
        bar(l.capacity ? std::optional<double>(l.capacity->si) : std::nullopt, cap, capLeft,
            l.capacity ? formatted(*l.capacity) : QString(), l.capacityTip, QStringLiteral("capacity"));
        bar(l.bandwidth ? std::optional<double>(l.bandwidth->si) : std::nullopt, bw, bwLeft,
            l.bandwidth ? formatted(*l.bandwidth) : QString(), l.bandwidthTip, QStringLiteral("bandwidth"));
    }
}

} // namespace scalescope

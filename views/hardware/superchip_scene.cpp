#include "superchip_scene.h"

#include "model/spec/hardware_specs.h"

namespace scalescope {

namespace {
constexpr qreal kDrawnWidth = 1100; // all pools together, to scale
constexpr qreal kLinkGap = 120;
constexpr qreal kChipHeight = 150;
constexpr qreal kPoolHeight = 96;
constexpr double kGB = 1e9;
} // namespace

SuperchipScene::SuperchipScene(const SuperchipSpec& sc, const CpuSpec* cpu, const GpuSpec& gpu, Bytes model,
                               int gpusUsed, const QString& modelName, const HardwarePalette& palette, QObject* parent)
    : HardwareScene(palette, parent), m_memory(superchipMemory(sc, gpu)), m_fit(fitOnSuperchip(m_memory, model, gpusUsed))
{
    const QString gpuName = QString::fromStdString(gpu.name);
    const QString cpuName = cpu ? QString::fromStdString(cpu->name) : QString::fromStdString(sc.cpu);
    setHeading(QString::fromStdString(sc.name),
               tr("1 CPU + %1 × %2 GPU · HBM %3 × %4 · %5 %6 · NVLink-C2C %7")
                   .arg(sc.gpus.value)
                   .arg(QString::fromStdString(gpu.architecture))
                   .arg(sc.gpus.value)
                   .arg(formatted(m_memory.hbmPerGpu), cpu ? QString::fromStdString(cpu->memoryType) : tr("CPU memory"),
                        formatted(m_memory.lpddr), formatted(sc.c2cBandwidth.value)));
    addLegend(palette.cpu, tr("CPU"));
    addLegend(palette.sm, tr("GPU"));
    addLegend(palette.c2c, tr("NVLink-C2C"));
    addLegend(palette.memoryFill, tr("Weights in HBM"));
    addLegend(palette.spill, tr("Weights spilled to CPU memory"));
    addLegend(palette.overflow, tr("Weights that do not fit"));

    const int gpus = m_memory.gpus;
    const double totalGB = (m_memory.lpddr.si + gpus * m_memory.hbmPerGpu.si) / kGB;
    const qreal scale = kDrawnWidth / qMax(1.0, totalGB); // scene units per GB
    const qreal cpuWidth = m_memory.lpddr.si / kGB * scale;
    const qreal gpuWidth = m_memory.hbmPerGpu.si / kGB * scale;
    // GPUs sit on both sides of the CPU, as on the GB200 board; one GPU goes right.
    const int leftGpus = gpus / 2;
    QList<QRectF> gpuColumns;
    qreal x = 0;
    for (int g = 0; g < leftGpus; ++g) {
        gpuColumns << QRectF(x, 0, gpuWidth, 0);
        x += gpuWidth + kLinkGap;
    }
    const QRectF cpuColumn(x, 0, cpuWidth, 0);
    x += cpuWidth;
    for (int g = leftGpus; g < gpus; ++g) {
        x += kLinkGap;
        gpuColumns << QRectF(x, 0, gpuWidth, 0);
        x += gpuWidth;
    }

    // The CPU and its LPDDR5X.
    const QRectF cpuRect(cpuColumn.left(), 0, cpuWidth, kChipHeight);
    BoxItem* cpuBox = addBox(cpuRect, palette.cpu, QStringLiteral("cpu"));
    cpuBox->setRadius(8);
    if (cpu) cpuBox->setToolTip(sourcedTip(cpuName, tr("%1 cores").arg(cpu->cores.value), cpu->cores, cpu->sources));
    addLabel(cpu ? tr("%1\n%2 cores").arg(cpuName).arg(cpu->cores.value) : cpuName, cpuRect.adjusted(10, 10, -10, -10),
             textOn(palette.cpu), {20, 9, true});
    const QRectF lpddrRect(cpuColumn.left(), kChipHeight + 20, cpuWidth, kPoolHeight);
    BoxItem* lpddr = addBox(lpddrRect, palette.background, QStringLiteral("lpddr"));
    lpddr->setRadius(4);
    lpddr->setToolTip(sourcedTip(tr("CPU memory capacity"), formatted(sc.lpddr5xCapacity.value), sc.lpddr5xCapacity, sc.sources) +
                      sourcedTip(tr("CPU memory bandwidth"), formatted(sc.lpddr5xBandwidth.value), sc.lpddr5xBandwidth, sc.sources));
    if (m_fit.spilled.si > 0) {
        BoxItem* used = addBox(QRectF(lpddrRect.left(), lpddrRect.top(), m_fit.spilled.si / kGB * scale, kPoolHeight),
                               palette.spill, QStringLiteral("spill"), -1, lpddr);
        used->setRadius(4);
    }
    const QString memType = cpu ? QString::fromStdString(cpu->memoryType) : tr("CPU memory");
    addLabel(tr("%1 · %2 · %3").arg(memType, formatted(m_memory.lpddr), formatted(m_memory.lpddrBandwidth)),
             lpddrRect.adjusted(8, 6, -8, -6), palette.text, {19, 8, true});

    // The GPUs, their HBM and the C2C link to the CPU.
    for (int g = 0; g < gpus; ++g) {
        const QRectF col = gpuColumns[g];
        const QRectF gpuRect(col.left(), 0, gpuWidth, kChipHeight);
        BoxItem* gpuBox = addBox(gpuRect, palette.sm, QStringLiteral("gpu"), g);
        gpuBox->setRadius(8);
        gpuBox->setToolTip(sourcedTip(gpuName, formatted(gpu.tdp.value), gpu.tdp, gpu.sources));
        addLabel(tr("GPU %1\n%2").arg(g).arg(QString::fromStdString(gpu.architecture)),
                 gpuRect.adjusted(8, 10, -8, -10), textOn(palette.sm), {20, 8, true});
        const QRectF hbmRect(col.left(), kChipHeight + 20, gpuWidth, kPoolHeight);
        BoxItem* hbm = addBox(hbmRect, palette.background, QStringLiteral("hbm-pool"), g);
        hbm->setRadius(4);
        hbm->setToolTip(sourcedTip(tr("HBM capacity usable"), formatted(gpu.hbm.capacityUsable.value), gpu.hbm.capacityUsable, gpu.sources) +
                        sourcedTip(tr("HBM bandwidth"), formatted(gpu.hbm.bandwidth.value), gpu.hbm.bandwidth, gpu.sources));
        if (g < m_fit.gpusUsed && m_fit.hbmPerGpu[static_cast<size_t>(g)].si > 0) {
            BoxItem* used = addBox(QRectF(hbmRect.left(), hbmRect.top(), m_fit.hbmPerGpu[static_cast<size_t>(g)].si / kGB * scale,
                                          kPoolHeight),
                                   palette.memoryFill, QStringLiteral("hbm-used"), g, hbm);
            used->setRadius(4);
        }
        addLabel(tr("%1\n%2\n%3").arg(QString::fromStdString(gpu.hbm.generation), formatted(m_memory.hbmPerGpu),
                                      formatted(m_memory.hbmBandwidthPerGpu)),
                 hbmRect.adjusted(6, 4, -6, -4), palette.text, {18, 8, true});

        const bool left = col.right() < cpuRect.left();
        const QRectF link(left ? col.right() + 8 : cpuRect.right() + 8, kChipHeight * 0.2, kLinkGap - 16, kChipHeight * 0.6);
        BoxItem* c2c = addBox(link, palette.c2c, QStringLiteral("c2c"), g);
        c2c->setRadius(4);
        const bool perGpu = gpu.c2cBandwidth.has_value();
        const BytesPerSecond bw = perGpu ? gpu.c2cBandwidth->value : sc.c2cBandwidth.value;
        c2c->setToolTip(perGpu ? sourcedTip(tr("NVLink-C2C, both directions"), formatted(bw), *gpu.c2cBandwidth, gpu.sources)
                               : sourcedTip(tr("NVLink-C2C, both directions"), formatted(bw), sc.c2cBandwidth, sc.sources));
        addLabel(tr("C2C\n%1").arg(formatted(bw)), link.adjusted(4, 4, -4, -4), textOn(palette.c2c), {16, 8, true});
    }
    const qreal width = x;
    addLabel(tr("Memory pools drawn to scale: width ∝ capacity"), QRectF(0, kChipHeight + 20 + kPoolHeight + 8, width, 24),
             palette.mutedText, {15, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
    buildFitBar(modelName, 0, kChipHeight + 20 + kPoolHeight + 60, scale);
    if (sc.modulePower) {
        LabelItem* power = addLabel(tr("Module power: %1").arg(formatted(sc.modulePower->value)),
                                    QRectF(0, -40, width, 28), palette.mutedText, {16, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
        power->setToolTip(sourcedTip(tr("Module power"), formatted(sc.modulePower->value), *sc.modulePower, sc.sources));
    }
    finish();
}

qreal SuperchipScene::buildFitBar(const QString& modelName, qreal left, qreal top, qreal scale)
{
    const HardwarePalette& p = hardwarePalette();
    const SuperchipFit& f = m_fit;
    const qreal rowWidth = kDrawnWidth + 2 * kLinkGap;
    qreal y = top;
    addLabel(modelName.isEmpty() ? tr("Does a %1 model fit?").arg(formatted(f.model))
                                 : tr("Does %1 (%2 of weights) fit?").arg(modelName, formatted(f.model)), QRectF(left, y, rowWidth, 34), p.text,
             {22, 10, true, Qt::AlignLeft | Qt::AlignVCenter});
    y += 42;
    const qreal barHeight = 44;
    qreal x = left;
    auto segment = [&](Bytes amount, const QColor& colour, const QString& kind) {
        if (amount.si <= 0) return;
        const qreal w = amount.si / kGB * scale;
        BoxItem* seg = addBox(QRectF(x, y, w, barHeight), colour, kind);
        seg->setRadius(3);
        x += w;
    };
    segment(f.inHbm, p.memoryFill, QStringLiteral("fit-hbm"));
    segment(f.spilled, p.spill, QStringLiteral("fit-spill"));
    segment(f.overflow, p.overflow, QStringLiteral("fit-overflow"));
    y += barHeight + 12;

    const LabelStyle body{18, 8, false, Qt::AlignLeft | Qt::AlignVCenter};
    auto line = [&](const QString& text, const QColor& colour, const QString& kind = {}) {
        LabelItem* item = addLabel(text, QRectF(left, y, rowWidth, 28), colour, body);
        if (!kind.isEmpty()) item->setData(kItemKindKey, kind);
        y += 30;
    };
    line(tr("In HBM: %1 on %2, read at %3 → %4 per pass")
             .arg(formatted(f.inHbm), f.gpusUsed == 1 ? tr("one GPU") : tr("%1 GPUs").arg(f.gpusUsed),
                  formatted(f.hbmBandwidth), formatted(f.hbmReadTime)),
         p.text);
    if (f.spilled.si > 0)
        line(tr("Spilled to CPU memory: %1, read over NVLink-C2C at %2 → %3 per pass")
                 .arg(formatted(f.spilled), formatted(f.spillBandwidth), formatted(f.spillReadTime)),
             p.text);
    if (f.fits) {
        line(f.spilled.si > 0 ? tr("Fits on one superchip: one pass over all weights takes %1 (%2 effective)")
                                    .arg(formatted(f.passTime), formatted(f.effectiveBandwidth))
                              : tr("Fits in HBM: no spill, weights stream at %1").arg(formatted(f.hbmBandwidth)),
             p.text, QStringLiteral("fit-verdict"));
    } else {
        line(tr("Does not fit: %1 more than HBM and CPU memory together").arg(formatted(f.overflow)), p.overflow,
             QStringLiteral("fit-verdict"));
    }
    return y;
}

} // namespace scalescope

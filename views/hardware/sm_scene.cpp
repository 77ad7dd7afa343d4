#include "sm_scene.h"

#include "model/chip/chip_floorplan.h"
#include "model/spec/hardware_specs.h"

namespace scalescope {

namespace {
constexpr qreal kColumnWidth = 236;
constexpr qreal kColumnGap = 16;
constexpr qreal kPad = 20;
constexpr qreal kPanelWidth = 430;
} // namespace

SmScene::SmScene(const GpuSpec& gpu, const BlockShape& shape, const HardwarePalette& palette, int smNumber,
                 QObject* parent)
    : HardwareScene(palette, parent), m_limits(occupancyLimits(gpu.sm)), m_occupancy(occupancy(m_limits, shape))
{
    const SmSpec& sm = gpu.sm;
    setHeading(smNumber >= 0 ? tr("%1 — streaming multiprocessor %2 of %3")
                                   .arg(QString::fromStdString(gpu.name))
                                   .arg(smNumber)
                                   .arg(gpu.sms.value)
                             : tr("%1 — one streaming multiprocessor").arg(QString::fromStdString(gpu.name)),
               tr("%1 sub-partitions · register file %2 · L1/SMEM %3 · up to %4 resident warps · %5 SMs on the GPU")
                   .arg(sm.subpartitions.value)
                   .arg(formattedBinary(sm.registerFile.value), formattedBinary(sm.l1Smem.value))
                   .arg(sm.maxWarps.value)
                   .arg(gpu.sms.value));
    addLegend(palette.scheduler, tr("Warp scheduler"));
    addLegend(palette.warpActive, tr("Resident warp"));
    addLegend(palette.registers, tr("Register file"));
    addLegend(palette.lane32, tr("FP32 lane"));
    if (sm.int32LanesPerSubpartition) addLegend(palette.laneInt, tr("INT32 lane"));
    if (sm.fp64LanesPerSubpartition) addLegend(palette.lane64, tr("FP64 lane"));
    addLegend(palette.tensorCore, tr("Tensor Core"));
    addLegend(palette.smem, tr("L1 / shared memory"));
    if (sm.tmem) addLegend(palette.tmem, tr("Tensor memory (TMEM)"));

    const int parts = std::max(1, sm.subpartitions.value);
    const qreal innerWidth = parts * kColumnWidth + (parts - 1) * kColumnGap;
    const QRectF frameTop(0, 0, innerWidth + 2 * kPad, 0);
    qreal bottom = 0;
    for (int i = 0; i < parts; ++i) {
        const QRectF column(kPad + i * (kColumnWidth + kColumnGap), 56, kColumnWidth, 0);
        bottom = std::max(bottom, buildSubpartition(gpu, i, column));
    }
    qreal y = bottom + 16;
    const QRectF smemRect(kPad, y, innerWidth, 58);
    BoxItem* smem = addBox(smemRect, palette.smem, QStringLiteral("smem"));
    smem->setRadius(5);
    smem->setToolTip(sourcedTip(tr("L1 data cache / shared memory"), formattedBinary(sm.l1Smem.value), sm.l1Smem, gpu.sources) +
                     (sm.smemMax ? sourcedTip(tr("Shared memory per SM, at most"), formattedBinary(sm.smemMax->value),
                                              *sm.smemMax, gpu.sources)
                                 : QString()));
    addLabel(sm.smemMax ? tr("L1 data cache / shared memory · %1 (up to %2 as shared memory)")
                              .arg(formattedBinary(sm.l1Smem.value), formattedBinary(sm.smemMax->value))
                        : tr("L1 data cache / shared memory · %1").arg(formattedBinary(sm.l1Smem.value)),
             smemRect.adjusted(10, 4, -10, -4), textOn(palette.smem), {19, 9, true});
    y = smemRect.bottom() + 12;
    if (sm.tmem) {
        const QRectF tmemRect(kPad, y, innerWidth, 58);
        BoxItem* tmem = addBox(tmemRect, palette.tmem, QStringLiteral("tmem"));
        tmem->setRadius(5);
        tmem->setToolTip(sourcedTip(tr("Tensor memory (TMEM)"), formattedBinary(sm.tmem->value), *sm.tmem, gpu.sources));
        addLabel(tr("Tensor memory (TMEM) · %1 · feeds the Tensor Cores").arg(formattedBinary(sm.tmem->value)),
                 tmemRect.adjusted(10, 4, -10, -4), textOn(palette.tmem), {19, 9, true});
        y = tmemRect.bottom() + 12;
    }
    const QRectF frame(0, 0, frameTop.width(), y + kPad - 12);
    BoxItem* smFrame = addBox(frame, palette.package, QStringLiteral("sm-frame"));
    smFrame->setRadius(10);
    smFrame->setZValue(-1);
    smFrame->setToolTip(sourcedTip(tr("Streaming multiprocessors on the GPU"), QString::number(gpu.sms.value), gpu.sms,
                                   gpu.sources));
    addLabel(tr("Streaming multiprocessor (SM) · %1").arg(QString::fromStdString(gpu.architecture)),
             QRectF(kPad, 12, innerWidth, 34), palette.mutedText, {22, 10, true, Qt::AlignLeft | Qt::AlignVCenter});

    buildOccupancyPanel(gpu, shape, QRectF(frame.right() + 36, 0, kPanelWidth, frame.height()));
    finish();
}

qreal SmScene::laneBlock(const QString& name, int lanes, const QColor& colour, const QString& tip, const QRectF& area)
{
    addLabel(name, QRectF(area.left(), area.top(), area.width(), 22), hardwarePalette().text,
             {15, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
    const int cols = 16;
    const qreal cell = area.width() / cols;
    const int rows = (lanes + cols - 1) / cols;
    for (int i = 0; i < lanes; ++i) {
        BoxItem* lane = addBox(QRectF(area.left() + (i % cols) * cell, area.top() + 24 + (i / cols) * cell, cell, cell)
                                   .adjusted(1, 1, -1, -1),
                               colour, QStringLiteral("lane"), i);
        lane->setDetailScale(0.6);
        lane->setToolTip(tip);
    }
    return area.top() + 24 + rows * cell + 8;
}

qreal SmScene::buildSubpartition(const GpuSpec& gpu, int index, const QRectF& column)
{
    const HardwarePalette& p = hardwarePalette();
    const SmSpec& sm = gpu.sm;
    const qreal x = column.left() + 10, w = column.width() - 20;
    qreal y = column.top() + 8;
    addLabel(tr("Sub-partition %1").arg(index), QRectF(x, y, w, 26), p.text,
             {17, 9, true, Qt::AlignLeft | Qt::AlignVCenter});
    y += 32;

    const QRectF schedRect(x, y, w, 38);
    BoxItem* sched = addBox(schedRect, p.scheduler, QStringLiteral("scheduler"), index);
    sched->setRadius(4);
    const int slots = warpSlotsPerScheduler(m_limits);
    const int resident = m_occupancy.warpsPerScheduler[static_cast<size_t>(index) % m_occupancy.warpsPerScheduler.size()];
    sched->setToolTip(sourcedTip(tr("Warp scheduler %1").arg(index),
                                 tr("%1 of %2 warp slots in use; %3 resident warps per SM at most")
                                     .arg(resident)
                                     .arg(slots)
                                     .arg(sm.maxWarps.value),
                                 sm.maxWarps, gpu.sources));
    addLabel(tr("Warp scheduler"), schedRect.adjusted(6, 3, -6, -3), textOn(p.scheduler), {17, 8, true});
    y = schedRect.bottom() + 8;

    addLabel(tr("Warps: %1 of %2 resident").arg(resident).arg(slots), QRectF(x, y, w, 22), p.text,
             {15, 8, false, Qt::AlignLeft | Qt::AlignVCenter});
    y += 24;
    const int slotCols = 8;
    const qreal slotW = w / slotCols, slotH = 20;
    for (int s = 0; s < slots; ++s) {
        const bool active = s < resident;
        BoxItem* slot = addBox(QRectF(x + (s % slotCols) * slotW, y + (s / slotCols) * slotH, slotW, slotH).adjusted(1.5, 1.5, -1.5, -1.5),
                               active ? p.warpActive : p.warpIdle, active ? QStringLiteral("warp-resident") : QStringLiteral("warp-slot"), s);
        slot->setRadius(2);
        slot->setToolTip(active ? tr("Resident warp: 32 threads that this scheduler can issue from while other warps wait on memory")
                                : tr("Free warp slot"));
    }
    y += ((slots + slotCols - 1) / slotCols) * slotH + 10;

    const Bytes regs = registersPerSubpartition(sm);
    const QRectF regRect(x, y, w, 44);
    BoxItem* reg = addBox(regRect, p.registers, QStringLiteral("registers"), index);
    reg->setRadius(4);
    reg->setToolTip(sourcedTip(tr("Register file of this sub-partition"),
                               tr("%1 (%2 for the SM / %3)").arg(formattedBinary(regs), formattedBinary(sm.registerFile.value)).arg(sm.subpartitions.value),
                               sm.registerFile, gpu.sources));
    addLabel(tr("Register file\n%1").arg(formattedBinary(regs)), regRect.adjusted(6, 2, -6, -2), textOn(p.registers), {15, 8, true});
    y = regRect.bottom() + 10;

    y = laneBlock(tr("FP32 · %1 lanes").arg(sm.fp32LanesPerSubpartition.value), sm.fp32LanesPerSubpartition.value, p.lane32,
                  sourcedTip(tr("FP32 lanes per sub-partition"), QString::number(sm.fp32LanesPerSubpartition.value),
                             sm.fp32LanesPerSubpartition, gpu.sources),
                  QRectF(x, y, w, 0));
    if (sm.int32LanesPerSubpartition)
        y = laneBlock(tr("INT32 · %1 lanes").arg(sm.int32LanesPerSubpartition->value), sm.int32LanesPerSubpartition->value,
                      p.laneInt,
                      sourcedTip(tr("INT32 lanes per sub-partition"), QString::number(sm.int32LanesPerSubpartition->value),
                                 *sm.int32LanesPerSubpartition, gpu.sources),
                      QRectF(x, y, w, 0));
    if (sm.fp64LanesPerSubpartition)
        y = laneBlock(tr("FP64 · %1 lanes").arg(sm.fp64LanesPerSubpartition->value), sm.fp64LanesPerSubpartition->value,
                      p.lane64,
                      sourcedTip(tr("FP64 lanes per sub-partition"), QString::number(sm.fp64LanesPerSubpartition->value),
                                 *sm.fp64LanesPerSubpartition, gpu.sources),
                      QRectF(x, y, w, 0));

    const int cores = std::max(1, sm.tensorCoresPerSubpartition.value);
    const qreal coreW = (w - (cores - 1) * 8) / cores;
    for (int c = 0; c < cores; ++c) {
        const QRectF tcRect(x + c * (coreW + 8), y, coreW, 64);
        BoxItem* tc = addBox(tcRect, p.tensorCore, QStringLiteral("tensor-core"), index * cores + c);
        tc->setRadius(5);
        QString tip = sourcedTip(tr("Tensor Cores per sub-partition"), QString::number(sm.tensorCoresPerSubpartition.value),
                                 sm.tensorCoresPerSubpartition, gpu.sources);
        if (sm.tensorCoreFlopsPerCycle)
            tip += sourcedTip(tr("Dense BF16 FLOPs per Tensor Core per cycle"),
                              QString::number(sm.tensorCoreFlopsPerCycle->value), *sm.tensorCoreFlopsPerCycle, gpu.sources);
        tc->setToolTip(tip);
        addLabel(sm.tensorCoreFlopsPerCycle ? tr("Tensor Core\n%1 FLOPs/cycle").arg(sm.tensorCoreFlopsPerCycle->value)
                                            : tr("Tensor Core"),
                 tcRect.adjusted(6, 4, -6, -4), textOn(p.tensorCore), {16, 8, true});
    }
    y += 64 + 10;

    BoxItem* frame = addBox(QRectF(column.left(), column.top(), column.width(), y - column.top()), p.die,
                            QStringLiteral("subpartition"), index);
    frame->setRadius(6);
    frame->setZValue(-0.5);
    return y;
}

void SmScene::buildOccupancyPanel(const GpuSpec& gpu, const BlockShape& shape, const QRectF& area)
{
    const HardwarePalette& p = hardwarePalette();
    const Occupancy& o = m_occupancy;
    const SmSpec& sm = gpu.sm;
    qreal y = area.top();
    const qreal x = area.left(), w = area.width();
    auto row = [&](const QString& text, qreal height, const LabelStyle& style, const QColor& colour) {
        LabelItem* item = addLabel(text, QRectF(x, y, w, height), colour, style);
        y += height + 4;
        return item;
    };
    const LabelStyle heading{22, 10, true, Qt::AlignLeft | Qt::AlignVCenter};
    const LabelStyle body{16, 8, false, Qt::AlignLeft | Qt::AlignVCenter};
    row(tr("Occupancy"), 34, heading, p.text);
    row(tr("Block: %1 threads = %2 warps").arg(shape.threadsPerBlock).arg(o.warpsPerBlock), 24, body, p.text);
    row(tr("%1 registers per thread").arg(shape.registersPerThread), 24, body, p.text);
    row(tr("%1 shared memory per block").arg(formattedBinary(shape.sharedMemoryPerBlock)), 24, body, p.text);
    y += 10;
    row(tr("Blocks that fit, by each limit:"), 26, {17, 8, true, Qt::AlignLeft | Qt::AlignVCenter}, p.text);

    struct Limit {
        OccupancyLimiter which;
        QString name;
        int blocks;
        QString tip;
    };
    const Limit limits[] = {
        {OccupancyLimiter::Warps, tr("warp slots (%1 per SM)").arg(m_limits.maxWarps), o.blocksByWarps,
         sourcedTip(tr("Resident warps per SM"), QString::number(sm.maxWarps.value), sm.maxWarps, gpu.sources)},
        {OccupancyLimiter::Threads, tr("threads (%1 per SM)").arg(m_limits.maxThreads), o.blocksByThreads,
         sm.maxThreads ? sourcedTip(tr("Resident threads per SM"), QString::number(sm.maxThreads->value), *sm.maxThreads, gpu.sources)
                       : QString()},
        {OccupancyLimiter::Blocks, tr("block slots (%1 per SM)").arg(m_limits.maxBlocks), o.blocksByBlockLimit,
         sm.maxBlocks ? sourcedTip(tr("Resident blocks per SM"), QString::number(sm.maxBlocks->value), *sm.maxBlocks, gpu.sources)
                      : QString()},
        {OccupancyLimiter::Registers, tr("registers (%1)").arg(formattedBinary(m_limits.registerFile)), o.blocksByRegisters,
         sourcedTip(tr("Register file per SM"), formattedBinary(sm.registerFile.value), sm.registerFile, gpu.sources)},
        {OccupancyLimiter::SharedMemory, tr("shared memory (%1)").arg(formattedBinary(m_limits.sharedMemory)),
         o.blocksBySharedMemory, QString()},
    };
    for (const Limit& l : limits) {
        const bool binding = o.problem == OccupancyProblem::None && l.which == o.limiter;
        const QString count = l.blocks > 100000 ? tr("no limit") : QString::number(l.blocks);
        const QRectF r(x, y, w, 28);
        if (binding) {
            BoxItem* mark = addBox(r, p.warpActive, QStringLiteral("limiter"));
            mark->setRadius(4);
            mark->setOpacity(0.35);
        }
        LabelItem* item = addLabel(QStringLiteral("%1  %2").arg(count, l.name), r.adjusted(8, 0, -8, 0), p.text,
                                   {16, 8, binding, Qt::AlignLeft | Qt::AlignVCenter});
        if (!l.tip.isEmpty()) item->setToolTip(l.tip);
        y += 30;
    }
    y += 12;
    LabelItem* result = row(tr("Resident: %1 × %2-warp blocks = %3 of %4 warps (%5 %)")
                                .arg(o.residentBlocks)
                                .arg(o.warpsPerBlock)
                                .arg(o.residentWarps)
                                .arg(m_limits.maxWarps)
                                .arg(qRound(o.fraction * 100)),
                            34, {20, 9, true, Qt::AlignLeft | Qt::AlignVCenter}, p.text);
    result->setData(kItemKindKey, QStringLiteral("occupancy-result"));
    const int perScheduler = o.warpsPerScheduler.empty() ? 0 : o.warpsPerScheduler.front();
    row(perScheduler > 1 ? tr("Each scheduler switches among %1 warps:\nwhile one waits on memory, another issues.").arg(perScheduler)
        : perScheduler == 1 ? tr("One warp per scheduler: nothing hides\nits memory latency.")
                            : tr("No warp fits: the kernel cannot launch."),
        52, body, p.mutedText);
    if (o.problem != OccupancyProblem::None) {
        QString problem;
        switch (o.problem) {
        case OccupancyProblem::TooManyRegisters: problem = tr("More registers per thread than the architecture allows."); break;
        case OccupancyProblem::TooManyThreads: problem = tr("More threads per block than one SM holds."); break;
        case OccupancyProblem::BlockDoesNotFit: problem = tr("One block does not fit on the SM."); break;
        case OccupancyProblem::NotPositive:
        case OccupancyProblem::None: problem = tr("Threads and registers must be positive."); break;
        }
        row(problem, 26, {16, 8, true, Qt::AlignLeft | Qt::AlignVCenter}, p.overflow);
    }
}

} // namespace scalescope

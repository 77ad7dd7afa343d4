#include "navigator.h"

#include <QtGlobal>

namespace scalescope {

const std::vector<NavigatorEntry>& navigatorEntries()
{
    static const std::vector<NavigatorEntry> entries{
        {QStringLiteral("planner"), QT_TRANSLATE_NOOP("Navigator", "Planner"),
         QT_TRANSLATE_NOOP("Navigator", "Parallelism sliders, the live compute-versus-communication timeline, memory per "
                                        "GPU, headline numbers and verdicts."),
         true},
        {QStringLiteral("sharding"), QT_TRANSLATE_NOOP("Navigator", "Sharding map"),
         QT_TRANSLATE_NOOP("Navigator", "Every GPU of the job coloured by its tensor-parallel group, pipeline stage, "
                                        "data-parallel replica or expert group."),
         true},
        {QStringLiteral("sweep"), QT_TRANSLATE_NOOP("Navigator", "Sweep"),
         QT_TRANSLATE_NOOP("Navigator", "Step time, MFU, memory per GPU and exposed communication against one "
                                        "parallelism axis, with the NVLink domain boundary and the memory limit."),
         true},
        {QStringLiteral("chip"), QT_TRANSLATE_NOOP("Navigator", "Chip"),
         QT_TRANSLATE_NOOP("Navigator", "The GPU package: dies, the SM array, L2, HBM stacks, NVLink, PCIe and C2C ports."),
         true},
        {QStringLiteral("sm"), QT_TRANSLATE_NOOP("Navigator", "SM"),
         QT_TRANSLATE_NOOP("Navigator", "One streaming multiprocessor: sub-partitions, lanes, Tensor Cores, registers, "
                                        "shared memory and occupancy."),
         true},
        {QStringLiteral("memory"), QT_TRANSLATE_NOOP("Navigator", "Memory hierarchy"),
         QT_TRANSLATE_NOOP("Navigator", "Registers to network: capacity and bandwidth on log scales, with a roofline chart."),
         true},
        {QStringLiteral("superchip"), QT_TRANSLATE_NOOP("Navigator", "Superchip"),
         QT_TRANSLATE_NOOP("Navigator", "Grace with one or two GPUs over NVLink-C2C: does the model fit in HBM and "
                                        "LPDDR5X?"),
         true},
        {QStringLiteral("rack"), QT_TRANSLATE_NOOP("Navigator", "Rack"),
         QT_TRANSLATE_NOOP("Navigator", "The 42U elevation of an NVL72 rack or an 8-GPU node, with per-tray power."),
         true},
        {QStringLiteral("topology"), QT_TRANSLATE_NOOP("Navigator", "Topology"),
         QT_TRANSLATE_NOOP("Navigator", "The network graph: NVLink domains, leaf and spine switches, bisection "
                                        "bandwidth and hop counts."),
         true},
        {QStringLiteral("power"), QT_TRANSLATE_NOOP("Navigator", "Power & cooling"),
         QT_TRANSLATE_NOOP("Navigator", "Rack and cluster power, feeds, coolant flow, energy and cost per token."),
         true},
        {QStringLiteral("specs"), QT_TRANSLATE_NOOP("Navigator", "Specs"),
         QT_TRANSLATE_NOOP("Navigator", "Every GPU, CPU, superchip, system and model, each value with its unit and "
                                        "source."),
         true},
    };
    return entries;
}

} // namespace scalescope

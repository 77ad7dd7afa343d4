#include "model/chip/chip_floorplan.h"

#include <algorithm>

namespace scalescope {

std::vector<int> splitEvenly(int total, int parts)
{
    std::vector<int> out;
    if (parts <= 0) return out;
    const int base = total / parts;
    const int extra = total % parts;
    for (int i = 0; i < parts; ++i) out.push_back(base + (i < extra ? 1 : 0));
    return out;
}

ChipFloorplan chipFloorplan(const GpuSpec& gpu)
{
    ChipFloorplan plan;
    const int dies = std::max(1, gpu.dies.value);
    const int partitions = std::max(1, gpu.l2Partitions ? gpu.l2Partitions->value : 1);
    const int stacks = std::max(0, gpu.hbm.stacks.value);
    plan.dies.resize(static_cast<size_t>(dies));

    const std::vector<int> smsPerDie = splitEvenly(gpu.sms.value, dies);
    const std::vector<int> partitionsPerDie = splitEvenly(partitions, dies);
    const std::vector<int> stacksPerDie = splitEvenly(stacks, dies);
    const Bytes stackCapacity =
        gpu.hbm.stackCapacity ? gpu.hbm.stackCapacity->value : gpu.hbm.capacityNominal.value / std::max(1, stacks);
    const BytesPerSecond stackBandwidth = gpu.hbm.bandwidth.value / std::max(1, stacks);

    int sm = 0;
    for (int d = 0; d < dies; ++d) {
        DiePlan& die = plan.dies[static_cast<size_t>(d)];
        die.sms = smsPerDie[static_cast<size_t>(d)];
        const int dieParts = partitionsPerDie[static_cast<size_t>(d)];
        for (int p = 0; p < dieParts; ++p) {
            die.l2Partitions.push_back(static_cast<int>(plan.l2.size()));
            plan.l2.push_back({d, gpu.l2Capacity.value / partitions});
        }
        // One SM group per L2 partition on the die (a die with none keeps one group).
        const std::vector<int> groups = splitEvenly(die.sms, std::max(1, dieParts));
        for (size_t g = 0; g < groups.size(); ++g) {
            die.smGroups.push_back(static_cast<int>(plan.smGroups.size()));
            const int l2 = dieParts > 0 ? die.l2Partitions[g] : -1;
            plan.smGroups.push_back({d, sm, groups[g], l2});
            sm += groups[g];
        }
        for (int s = 0; s < stacksPerDie[static_cast<size_t>(d)]; ++s) {
            die.hbmStacks.push_back(static_cast<int>(plan.hbm.size()));
            plan.hbm.push_back({d, stackCapacity, stackBandwidth});
        }
    }
    return plan;
}

Bytes registersPerSubpartition(const SmSpec& sm) noexcept
{
    return sm.registerFile.value / std::max(1, sm.subpartitions.value);
}

} // namespace scalescope

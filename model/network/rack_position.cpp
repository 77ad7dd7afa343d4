#include "model/network/rack_position.h"

#include <algorithm>

namespace scalescope {

bool isComputeSlot(const RackSlotSpec& slot) noexcept
{
    return slot.kind == "compute-tray" || slot.kind == "dgx-node";
}

int gpusPerRack(const SystemSpec& system) noexcept
{
    const auto slots = std::count_if(system.rack.slots.begin(), system.rack.slots.end(),
                                     [](const RackSlotSpec& s) { return isComputeSlot(s); });
    return static_cast<int>(slots) * std::max(0, system.node.gpus.value);
}

long long rackCount(const SystemSpec& system) noexcept
{
    const long long perRack = gpusPerRack(system);
    if (perRack <= 0) return 1;
    return std::max<long long>(1, (system.scaleOut.maxGpus.value + perRack - 1) / perRack);
}

std::optional<RackPosition> rackPosition(const SystemSpec& system, long long gpu) noexcept
{
    const int perRack = gpusPerRack(system);
    if (perRack <= 0 || gpu < 0) return std::nullopt;
    const int perSlot = system.node.gpus.value;
    RackPosition p;
    p.rack = gpu / perRack;
    p.gpuInRack = static_cast<int>(gpu % perRack);
    p.computeSlot = p.gpuInRack / perSlot;
    p.gpuInSlot = p.gpuInRack % perSlot;
    int seen = 0;
    for (std::size_t i = 0; i < system.rack.slots.size(); ++i) {
        if (!isComputeSlot(system.rack.slots[i])) continue;
        if (seen++ == p.computeSlot) {
            p.slotIndex = static_cast<int>(i);
            break;
        }
    }
    return p;
}

long long clusterGpu(const SystemSpec& system, long long rack, int gpuInRack) noexcept
{
    return rack * gpusPerRack(system) + gpuInRack;
}

} // namespace scalescope

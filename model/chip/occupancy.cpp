#include "model/chip/occupancy.h"

#include "model/chip/chip_floorplan.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace scalescope {

OccupancyLimits occupancyLimits(const SmSpec& sm) noexcept
{
    OccupancyLimits l;
    l.maxWarps = sm.maxWarps.value;
    l.maxThreads = sm.maxThreads ? sm.maxThreads->value : sm.maxWarps.value * kWarpSize;
    l.maxBlocks = sm.maxBlocks ? sm.maxBlocks->value : sm.maxWarps.value;
    l.subpartitions = std::max(1, sm.subpartitions.value);
    l.registerFile = sm.registerFile.value;
    l.sharedMemory = sm.smemMax ? sm.smemMax->value : sm.l1Smem.value;
    l.maxRegistersPerThread = sm.maxRegistersPerThread ? sm.maxRegistersPerThread->value : 0;
    return l;
}

int warpSlotsPerScheduler(const OccupancyLimits& limits) noexcept
{
    return limits.maxWarps / std::max(1, limits.subpartitions);
}

Occupancy occupancy(const OccupancyLimits& limits, const BlockShape& shape)
{
    Occupancy o;
    o.warpsPerScheduler.assign(static_cast<size_t>(std::max(1, limits.subpartitions)), 0);
    if (shape.threadsPerBlock <= 0 || shape.registersPerThread <= 0 || shape.sharedMemoryPerBlock.si < 0) {
        o.problem = OccupancyProblem::NotPositive;
        return o;
    }
    o.warpsPerBlock = (shape.threadsPerBlock + kWarpSize - 1) / kWarpSize;
    o.blocksByWarps = limits.maxWarps / o.warpsPerBlock;
    o.blocksByThreads = limits.maxThreads / (o.warpsPerBlock * kWarpSize);
    o.blocksByBlockLimit = limits.maxBlocks;

    const double registersPerSubpartition =
        std::floor(limits.registerFile.si / std::max(1, limits.subpartitions) / kRegisterBytes);
    const double registersPerWarp = double(shape.registersPerThread) * kWarpSize;
    const int warpsByRegisters =
        static_cast<int>(std::floor(registersPerSubpartition / registersPerWarp)) * limits.subpartitions;
    o.blocksByRegisters = warpsByRegisters / o.warpsPerBlock;
    o.blocksBySharedMemory =
        shape.sharedMemoryPerBlock.si <= 0
            ? INT_MAX
            : static_cast<int>(std::floor(limits.sharedMemory.si / shape.sharedMemoryPerBlock.si));

    // Ties name the first limit in this order: at the warp maximum is the good case.
    const std::pair<int, OccupancyLimiter> candidates[] = {
        {o.blocksByWarps, OccupancyLimiter::Warps},
        {o.blocksByThreads, OccupancyLimiter::Threads},
        {o.blocksByBlockLimit, OccupancyLimiter::Blocks},
        {o.blocksByRegisters, OccupancyLimiter::Registers},
        {o.blocksBySharedMemory, OccupancyLimiter::SharedMemory},
    };
    o.residentBlocks = INT_MAX;
    for (const auto& [blocks, limiter] : candidates) {
        if (blocks < o.residentBlocks) {
            o.residentBlocks = blocks;
            o.limiter = limiter;
        }
    }
    if (limits.maxRegistersPerThread > 0 && shape.registersPerThread > limits.maxRegistersPerThread)
        o.problem = OccupancyProblem::TooManyRegisters;
    else if (shape.threadsPerBlock > limits.maxThreads)
        o.problem = OccupancyProblem::TooManyThreads;
    else if (o.residentBlocks == 0)
        o.problem = OccupancyProblem::BlockDoesNotFit;
    o.residentWarps = o.residentBlocks * o.warpsPerBlock;
    o.fraction = limits.maxWarps > 0 ? double(o.residentWarps) / limits.maxWarps : 0.0;
    for (int w = 0; w < o.residentWarps; ++w) ++o.warpsPerScheduler[static_cast<size_t>(w) % o.warpsPerScheduler.size()];
    return o;
}

} // namespace scalescope

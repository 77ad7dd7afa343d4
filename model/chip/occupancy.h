#pragma once
// How many warps one SM keeps resident for a kernel's block shape: the
// smallest of the limits on warps, threads, blocks, registers and shared
// memory, counted in whole blocks. Registers are 32-bit and each warp's
// registers live in one sub-partition's share of the register file (seed 004:
// 256 registers per thread leave 256 KiB / (4 B x 32 x 256) = 8 warps).

#include "model/spec/hardware_specs.h"

#include <vector>

namespace scalescope {

inline constexpr int kWarpSize = 32;     // threads per warp (seed 004, every NVIDIA GPU)
inline constexpr double kRegisterBytes = 4; // one 32-bit register

struct OccupancyLimits {
    int maxWarps = 64;
    int maxThreads = 2048;
    int maxBlocks = 32;
    int subpartitions = 4;
    Bytes registerFile;           // whole SM
    Bytes sharedMemory;           // usable per SM (smem_max, else l1_smem)
    int maxRegistersPerThread = 0; // 0 = no limit given
};

// Limits of one SM from its spec; absent optional limits fall back to the
// ones implied by max_warps (threads = warps x 32, blocks = warps).
[[nodiscard]] OccupancyLimits occupancyLimits(const SmSpec& sm) noexcept;

// Warp slots of one sub-partition's scheduler (max_warps / subpartitions).
[[nodiscard]] int warpSlotsPerScheduler(const OccupancyLimits& limits) noexcept;

struct BlockShape {
    int threadsPerBlock = 256;
    int registersPerThread = 32;
    Bytes sharedMemoryPerBlock;
};

enum class OccupancyLimiter { Warps, Threads, Blocks, Registers, SharedMemory };

// Why a block shape cannot run as given (None = it can).
enum class OccupancyProblem { None, NotPositive, TooManyRegisters, TooManyThreads, BlockDoesNotFit };

struct Occupancy {
    int warpsPerBlock = 0;
    int blocksByWarps = 0, blocksByThreads = 0, blocksByBlockLimit = 0, blocksByRegisters = 0,
        blocksBySharedMemory = 0;
    int residentBlocks = 0;
    int residentWarps = 0;
    double fraction = 0; // residentWarps / maxWarps
    OccupancyLimiter limiter = OccupancyLimiter::Warps;
    std::vector<int> warpsPerScheduler; // resident warps in each sub-partition
    OccupancyProblem problem = OccupancyProblem::None;
};

[[nodiscard]] Occupancy occupancy(const OccupancyLimits& limits, const BlockShape& shape);

} // namespace scalescope

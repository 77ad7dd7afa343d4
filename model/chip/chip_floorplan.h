#pragma once
// How a GPU's resources divide among the parts the chip view draws: SMs and
// L2 partitions per die, capacity and bandwidth per HBM stack, the register
// file share of one SM sub-partition. Pure arithmetic on the spec.
//
//   die 0                         die 1
//   [ SM group | SM group ]  NV-HBI  [ SM group ]      one SM group per L2
//   [ L2 part. | L2 part. ]  ======  [ L2 part. ]      partition on the die
//   HBM stacks split evenly over the dies (earlier dies take the remainder)

#include "model/spec/hardware_specs.h"

#include <vector>

namespace scalescope {

struct SmGroupPlan {
    int die = 0;
    int firstSm = 0; // 0-based index over the whole GPU
    int sms = 0;
    int l2Partition = -1; // the partition these SMs reach directly; -1 = none given
};

struct L2PartitionPlan {
    int die = 0;
    Bytes capacity;
};

struct HbmStackPlan {
    int die = 0;
    Bytes capacity;          // per stack: stack_capacity, else nominal / stacks
    BytesPerSecond bandwidth; // per stack: total / stacks
};

struct DiePlan {
    int sms = 0;
    std::vector<int> smGroups;     // indices into ChipFloorplan::smGroups
    std::vector<int> l2Partitions; // indices into ChipFloorplan::l2
    std::vector<int> hbmStacks;    // indices into ChipFloorplan::hbm
};

struct ChipFloorplan {
    std::vector<DiePlan> dies;
    std::vector<SmGroupPlan> smGroups;
    std::vector<L2PartitionPlan> l2;
    std::vector<HbmStackPlan> hbm;
};

// Splits `total` into `parts` near-equal shares, larger shares first.
// parts <= 0 gives an empty vector.
[[nodiscard]] std::vector<int> splitEvenly(int total, int parts);

[[nodiscard]] ChipFloorplan chipFloorplan(const GpuSpec& gpu);

// One sub-partition's share of the SM register file (register_file / subpartitions).
[[nodiscard]] Bytes registersPerSubpartition(const SmSpec& sm) noexcept;

} // namespace scalescope

#pragma once
// The memory-bound kernels of a MoE layer around its expert GEMMs, and the
// row of the busiest expert's extra time (model/training/layer_kernels.cpp
// builds the gate GEMM and the grouped expert GEMMs).
//
// The kernels' bytes and launches are model/compute/moe_kernel_work.h; here
// they become forward, backward and recompute rows, beside
//   moe_imbalance     (max/mean − 1) × the grouped GEMMs at the mean tokens per
//                     expert: every expert waits for the busiest one

#include "model/compute/moe_kernel_work.h"

namespace scalescope {

struct LayerKernels;

// Adds the forward, backward and recompute rows of `work` (recompute repeats
// the forward), each part memory-bound at its operation's bandwidth. In
// measured mode a pass cites `source`, or, given `measuredForward`, the
// forward cites its first part's calibration source (a pass measured whole).
void addMoeWorkRows(const KernelCosts& kc, LayerKernels& t, OpKind kind, const MoeWork& work,
                    const std::string& source, OpScope scope, double count, bool measuredForward = false);

// The busiest expert's extra time over the balanced grouped GEMMs `forward`
// and `backward`: (imbalance − 1) × their time, forward, backward and recompute
// rows citing the imbalance's source, no FLOPs or bytes, efficiency mean /
// max (1 / imbalance); none when the imbalance is 1.
void addMoeImbalanceRows(const KernelCosts& kc, LayerKernels& t, const KernelCosts::Acc& forward,
                         const KernelCosts::Acc& backward, const Factor& imbalance, OpScope scope, double count);

} // namespace scalescope

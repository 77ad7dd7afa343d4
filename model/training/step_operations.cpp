#include "model/training/step_operations.h"

#include "model/compute/kernel_efficiency.h"
#include "model/spec/compute_calibration.h"
#include "model/training/collective_rows.h"

#include <algorithm>

namespace scalescope {

using collective_rows::Comm;
using collective_rows::commRow;

namespace {

// AdamW on fp32 master weights reads weight, gradient and both moments and
// writes weight and moments: 7 × 4 B per parameter (the measured kernel's count).
constexpr double kAdamStepBytesPerParam = 28;
// With BF16 moments the moments move 2 B each way instead of 4: 28 − 4·2 = 20 B.
constexpr double kAdamStepBf16MomentsBytesPerParam = 20;

} // namespace

void addStepOperations(const EvaluationContext& ctx, const StageGeometry& g, Seconds stageForward,
                       Seconds stageBackward, const MemoryPerGpu& memory, int zeroStage, Evaluation& e) noexcept
{
    const Scenario& s = ctx.scenario;
    const OverlapSettings& o = s.overlap;
    const Comm comm(ctx, g);
    const ParamsPerGpu& params = g.params;
    const GroupPlacement &dpGroup = g.groups().dp, &expertDpGroup = g.groups().expertDp;
    // Gradients are reduced at the precision they accumulate in (main_grads:
    // Megatron-LM's bf16 default is fp32, --accumulate-allreduce-grads-in-fp32);
    // parameters are gathered in 16 bits, or in FP8 with fp8_params.
    const double gradBytes = gradBytesPerParam(s.training);
    const double mb = g.microbatches;

    if (dpGroup.size > 1 || expertDpGroup.size > 1) {
        CollectiveCost combined;
        // The data-parallel collective `k`: the dense group's, plus the expert
        // group's when it runs one too (then summed into `combined`). The
        // reference is valid until the next run: a dense model reads the
        // memo's slot instead of copying a 300-byte cost.
        auto run = [&](CollectiveKind k, double bytesPerParam) -> const CollectiveCost& {
            const Bytes denseBytes{params.dense * bytesPerParam}, expertBytes{params.expert * bytesPerParam};
            const bool expertRuns = expertDpGroup.size > 1 && expertBytes.si > 0;
            if (dpGroup.size > 1 && !expertRuns) return comm.run(k, denseBytes, dpGroup);
            combined = dpGroup.size > 1 ? comm.run(k, denseBytes, dpGroup) : CollectiveCost{};
            if (expertRuns) {
                const CollectiveCost& expert = comm.run(k, expertBytes, expertDpGroup); // `combined` is a copy
                combined.time += expert.time;
                if (combined.bottleneckTier < 0) combined = CollectiveCost{combined.time, expert.bandwidthTime, expert.latency,
                                                                           expert.bottleneckTier, expert.spannedTier,
                                                                           expert.tierCount, expert.tiers};
            }
            return combined;
        };
        const Bytes grads{(params.dense + params.expert) * gradBytes};
        const double paramGatherBytes = weightBytesPerParam(ctx.scenario.training); // 16-bit, or FP8 with fp8_params
        const Bytes gathered{(params.dense + params.expert) * paramGatherBytes};
        const double bucket = std::max(ctx.calibration.dpBucketParams.value,
                                       ctx.calibration.dpBucketParamsPerRank.value * static_cast<double>(dpGroup.size));
        const double paramCount = params.dense + params.expert;
        const double bucketShare = paramCount > 0 ? std::min(1.0, bucket / paramCount) : 1.0;
        const int zero = zeroStage;
        if (zero >= 3) {
            // FSDP: parameters gathered for every micro-batch, forward and backward; gradients scattered.
            const CollectiveCost ag = run(CollectiveKind::AllGather, paramGatherBytes);
            const CollectiveCost rs = run(CollectiveKind::ReduceScatter, gradBytes);
            const double layers = std::max(1.0, g.denseLayers + g.moeLayers);
            const Seconds firstLayer = (ag.time + rs.time) / layers;
            const Seconds agF = o.zero3Prefetch ? std::min(ag.time - ag.time / layers, stageForward) : Seconds{};
            const Seconds bwdComm = ag.time + rs.time;
            const Seconds bwdHidden = o.zero3Prefetch ? std::min(bwdComm - firstLayer, stageBackward) : Seconds{};
            const double agShare = bwdComm.si > 0 ? ag.time.si / bwdComm.si : 0;
            e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Forward, OpStream::Dp, OpScope::Step, mb, gathered, ag.time, agF));
            e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Backward, OpStream::Dp, OpScope::Step, mb, gathered, ag.time,
                              bwdHidden * agShare));
            e.ops.add(commRow(comm, rs, OpKind::DpGradReduce, Phase::Backward, OpStream::Dp, OpScope::Step, mb, grads, rs.time,
                              bwdHidden * (1 - agShare)));
        } else {
            const CollectiveCost& reduce = run(zero == 0 ? CollectiveKind::AllReduce : CollectiveKind::ReduceScatter, gradBytes);
            const Seconds hidden = o.dpGradReduce ? std::min(reduce.time * (1 - bucketShare), stageBackward) : Seconds{};
            e.ops.add(commRow(comm, reduce, OpKind::DpGradReduce, Phase::Backward, OpStream::Dp, OpScope::Step, 1,
                              grads * (zero == 0 ? 2.0 : 1.0), reduce.time, hidden));
            if (zero >= 1) { // `reduce` is not read past here
                const CollectiveCost& ag = run(CollectiveKind::AllGather, paramGatherBytes);
                const Seconds agHidden = o.dpParamGather ? std::min(ag.time * (1 - bucketShare), stageForward) : Seconds{};
                e.ops.add(commRow(comm, ag, OpKind::DpParamGather, Phase::Forward, OpStream::Dp, OpScope::Step, 1, gathered,
                                  ag.time, agHidden));
            }
        }
        AxisComm& a = e.axis(CommAxis::Dp);
        a.tier = std::max(dpGroup.spannedTier, params.expert > 0 ? expertDpGroup.spannedTier : -1);
    }

    // Optimizer step: memory-bound over this GPU's shard of the optimizer state.
    const bool bf16Moments = s.training.optimizerState == OptimizerState::Bf16Moments;
    const double shardParams = memory.optimizerParams;
    const bool measured = s.efficiency == EfficiencyMode::Measured;
    const Efficiency eff = measured ? memoryBandwidthFraction(ctx.compute, MemoryOp::Optimizer) : Efficiency{};
    const Bytes adamBytes{shardParams * (bf16Moments ? kAdamStepBf16MomentsBytesPerParam : kAdamStepBytesPerParam)};
    const Seconds adam = adamBytes / (ctx.gpu.hbm.bandwidth.value * eff.fraction);
    e.ops.add({OpKind::Optimizer, Phase::Step, OpStream::Compute, OpScope::Step, OpBound::Memory, 1, Flops{}, adamBytes,
               eff.fraction, eff.source, adam, Seconds{}});
    if (memory.spillTime.si > 0)
        e.ops.add({OpKind::SpillTransfer, Phase::Step, OpStream::Compute, OpScope::Step, OpBound::Memory, 1, Flops{},
                   memory.spill * 2.0, 1, nullptr, memory.spillTime, Seconds{}});
}

} // namespace scalescope

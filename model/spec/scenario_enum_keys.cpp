#include "model/spec/scenario.h"

// The scenario file's spelling of each enumerated setting, both ways.

namespace scalescope {

std::string_view axisKey(Axis a) noexcept
{
    switch (a) {
    case Axis::Tp: return "tp";
    case Axis::Cp: return "cp";
    case Axis::Ep: return "ep";
    case Axis::Dp: return "dp";
    case Axis::Pp: return "pp";
    }
    return "?";
}

std::string_view scheduleKey(Schedule s) noexcept
{
    switch (s) {
    case Schedule::GPipe: return "gpipe";
    case Schedule::OneFOneB: return "1f1b";
    case Schedule::Interleaved: return "interleaved-1f1b";
    case Schedule::ZeroBubble: return "zero-bubble";
    }
    return "?";
}

std::string_view recomputeKey(Recompute r) noexcept
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    case Recompute::PerOp: return "per-op";
    }
    return "?";
}

std::string_view tpOverlapKey(TpOverlap o) noexcept { return o == TpOverlap::None ? "none" : "pipelined"; }

std::string_view fp8ScalingKey(Fp8Scaling s) noexcept
{
    switch (s) {
    case Fp8Scaling::Delayed: return "delayed";
    case Fp8Scaling::Tensorwise: return "tensorwise";
    case Fp8Scaling::Blockwise: return "blockwise";
    }
    return "?";
}

std::optional<Fp8Scaling> fp8ScalingFromKey(std::string_view key) noexcept
{
    for (Fp8Scaling s : {Fp8Scaling::Delayed, Fp8Scaling::Tensorwise, Fp8Scaling::Blockwise})
        if (key == fp8ScalingKey(s)) return s;
    return std::nullopt;
}

std::string_view zero3StyleKey(Zero3Style s) noexcept { return s == Zero3Style::Fsdp ? "fsdp" : "deepspeed"; }

std::optional<Zero3Style> zero3StyleFromKey(std::string_view key) noexcept
{
    for (Zero3Style s : {Zero3Style::DeepSpeed, Zero3Style::Fsdp})
        if (key == zero3StyleKey(s)) return s;
    return std::nullopt;
}

std::string_view moeBalancingKey(MoeBalancing b) noexcept
{
    switch (b) {
    case MoeBalancing::AuxiliaryLoss: return "aux-loss";
    case MoeBalancing::LossFree: return "loss-free";
    case MoeBalancing::Forced: return "forced";
    }
    return "aux-loss";
}

std::optional<MoeBalancing> moeBalancingFromKey(std::string_view key) noexcept
{
    for (MoeBalancing b : {MoeBalancing::AuxiliaryLoss, MoeBalancing::LossFree, MoeBalancing::Forced})
        if (key == moeBalancingKey(b)) return b;
    return std::nullopt;
}

std::string_view crossEntropyKey(CrossEntropyKernel k) noexcept { return k == CrossEntropyKernel::Eager ? "eager" : "fused"; }

std::string_view moeDispatcherKey(MoeDispatcher d) noexcept
{
    switch (d) {
    case MoeDispatcher::AllToAll: return "alltoall";
    case MoeDispatcher::DeepEp: return "deepep";
    case MoeDispatcher::DeepEpFp8: return "deepep-fp8";
    }
    return "alltoall";
}

std::optional<MoeDispatcher> moeDispatcherFromKey(std::string_view key) noexcept
{
    for (MoeDispatcher d : {MoeDispatcher::AllToAll, MoeDispatcher::DeepEp, MoeDispatcher::DeepEpFp8})
        if (key == moeDispatcherKey(d)) return d;
    return std::nullopt;
}

std::optional<CrossEntropyKernel> crossEntropyFromKey(std::string_view key) noexcept
{
    for (CrossEntropyKernel k : {CrossEntropyKernel::Fused, CrossEntropyKernel::Eager})
        if (key == crossEntropyKey(k)) return k;
    return std::nullopt;
}

std::string_view cpCommKey(CpComm c) noexcept
{
    switch (c) {
    case CpComm::P2p: return "p2p";
    case CpComm::AllGather: return "all-gather";
    case CpComm::RingAllGather: return "ring-all-gather";
    }
    return "p2p";
}

std::optional<CpComm> cpCommFromKey(std::string_view key) noexcept
{
    for (CpComm c : {CpComm::P2p, CpComm::AllGather, CpComm::RingAllGather})
        if (key == cpCommKey(c)) return c;
    return std::nullopt;
}

std::string_view epOverlapKey(EpOverlap o) noexcept
{
    switch (o) {
    case EpOverlap::None: return "none";
    case EpOverlap::OneFOneB: return "1f1b";
    case EpOverlap::DualPipe: return "dualpipe";
    }
    return "?";
}

std::optional<Schedule> scheduleFromKey(std::string_view key) noexcept
{
    for (Schedule s : {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZeroBubble})
        if (scheduleKey(s) == key) return s;
    return std::nullopt;
}

std::optional<Recompute> recomputeFromKey(std::string_view key) noexcept
{
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::PerOp})
        if (recomputeKey(r) == key) return r;
    return std::nullopt;
}

} // namespace scalescope

#include "model/memory/usable_memory.h"

#include <algorithm>

namespace scalescope {

int ncclCommunicators(const ParallelLayout& p) noexcept
{
    const long long denseDp = static_cast<long long>(p.dp) * p.cp;
    const long long expertDp = p.ep > 1 ? static_cast<long long>(p.dp / std::max(1, p.ep)) * p.cp : 1;
    return (p.tp > 1) + (p.cp > 1) + (p.ep > 1) + (p.pp > 1) + (denseDp > 1) + (expertDp > 1);
}

UsableHbm usableHbm(Bytes capacity, const MemoryReserveSpec* reserve, int communicators) noexcept
{
    UsableHbm out;
    out.capacity = capacity;
    out.communicators = communicators;
    if (reserve) {
        out.cudaContext = reserve->cudaContext.value;
        out.ncclBuffers = reserve->ncclBufferPerChannel.value *
                          (communicators * reserve->ncclChannels.value * reserve->ncclPeersPerChannel.value);
        out.fragmentation = capacity * reserve->fragmentationFraction.value;
    }
    out.usable = std::max(Bytes{}, capacity - out.cudaContext - out.ncclBuffers - out.fragmentation);
    return out;
}

} // namespace scalescope

#include "model/network/collective_memo.h"

namespace scalescope {

const CollectiveCost& CollectiveMemo::cost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes,
                                           const GroupPlacement& group, const CollectiveOptions& options) noexcept
{
    const Key key{&group, kind, options.mode, options.sharp, bytes.si, options.topK, options.calibration};
    for (int i = 0; i < m_used; ++i)
        if (m_slots[static_cast<size_t>(i)].key == key) return m_slots[static_cast<size_t>(i)].cost;
    Slot& slot = m_slots[static_cast<size_t>(m_next)];
    slot.key = key;
    slot.cost = collectiveCost(net, kind, bytes, group, options);
    m_next = (m_next + 1) % kSlots;
    if (m_used < kSlots) ++m_used;
    return slot.cost;
}

void CollectiveMemo::clear() noexcept
{
    m_used = 0;
    m_next = 0;
}

} // namespace scalescope

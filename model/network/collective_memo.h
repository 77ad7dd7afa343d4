#pragma once
// The costs of the collectives last asked of a layout's placed groups: an
// evaluation asks each group for the same one or two collectives every time
// a search or a slider revisits the layout, and a memo hit is a few compares
// where collectiveCost walks every tier.
//
// A memo belongs to one set of placed groups on one network (its owner, the
// per-thread memo of placed groups, clears it when it places others), so a
// group is known by its address; the key holds everything else the cost
// depends on. Not thread-safe: one memo per thread.

#include "model/network/collectives.h"

#include <array>

namespace scalescope {

class CollectiveMemo final {
public:
    // collectiveCost(net, kind, bytes, group, options), remembered. `net` and
    // the groups asked about must stay those of the owner until clear(). The
    // reference is valid until the next call (a miss may reuse its slot).
    [[nodiscard]] const CollectiveCost& cost(const NetworkTiers& net, CollectiveKind kind, Bytes bytes, const GroupPlacement& group,
                                      const CollectiveOptions& options) noexcept;
    void clear() noexcept;

private:
    struct Key {
        const GroupPlacement* group = nullptr;
        CollectiveKind kind = CollectiveKind::AllGather;
        EfficiencyMode mode = EfficiencyMode::Theoretical;
        bool sharp = false;
        double bytes = 0, topK = 0;
        const CalibrationSpec* calibration = nullptr;
        bool operator==(const Key&) const = default;
    };
    struct Slot {
        Key key;
        CollectiveCost cost;
    };
    // Enough for every group's collectives under all ZeRO stages (TP, CP, EP,
    // PP one each; DP and expert DP up to three); replaced round-robin.
    static constexpr int kSlots = 12;
    std::array<Slot, kSlots> m_slots{};
    int m_used = 0, m_next = 0;
};

} // namespace scalescope

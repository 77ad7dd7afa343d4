#include "model/compute/forced_routing_imbalance.h"

#include "model/core/model_citations.h"

#include <cmath>

namespace scalescope {

Factor forcedRoutingImbalance(double rowsPerRank, double ranks) noexcept
{
    const std::string* source = &modelSourceKey(ModelSource::MoeForcedBalance);
    if (!(ranks > 1) || !(rowsPerRank > 0)) return {1.0, source};
    return {1 + std::sqrt(2 * std::log(ranks) / rowsPerRank), source};
}

} // namespace scalescope

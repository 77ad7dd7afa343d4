#include "model/core/timeline_events.h"

namespace scalescope {

std::string_view eventKindKey(EventKind k) noexcept
{
    switch (k) {
    case EventKind::Forward: return "forward";
    case EventKind::Backward: return "backward";
    case EventKind::WeightGrad: return "weight-grad";
    case EventKind::Recompute: return "recompute";
    case EventKind::Comm: return "comm";
    case EventKind::Optimizer: return "optimizer";
    }
    return "?";
}

std::string_view laneKey(Lane l) noexcept
{
    switch (l) {
    case Lane::Compute: return "compute";
    case Lane::Tp: return "tp";
    case Lane::Cp: return "cp";
    case Lane::Ep: return "ep";
    case Lane::Pp: return "pp";
    case Lane::Dp: return "dp";
    }
    return "?";
}

} // namespace scalescope

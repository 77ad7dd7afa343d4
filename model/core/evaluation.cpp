#include "model/core/evaluation.h"

namespace scalescope {

std::string_view commAxisKey(CommAxis a) noexcept
{
    switch (a) {
    case CommAxis::Tp: return "tp";
    case CommAxis::Cp: return "cp";
    case CommAxis::Ep: return "ep";
    case CommAxis::Pp: return "pp";
    case CommAxis::Dp: return "dp";
    }
    return "?";
}

} // namespace scalescope

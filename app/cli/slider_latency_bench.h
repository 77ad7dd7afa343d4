#pragma once
// The planner's slider-to-paint latency as bench JSON ({"ui_update_p50_ms", ...}).

#include <string>

namespace scalescope::cli {

[[nodiscard]] std::string uiBenchJson();

} // namespace scalescope::cli

#pragma once
// The GUI half of `scalescope-cli bench` as JSON: the planner's slider-to-paint
// latency ("ui_update_p50_ms", ...), each view's build and paint time
// ("view_render_ms") and the topology view on 16k and 100k+ GPUs.

#include <string>

namespace scalescope::cli {

[[nodiscard]] std::string guiBenchJson();

// `bench --soak N`: N random control changes through the real planner,
// offscreen; resident memory growth after warm-up and the slowest frame.
[[nodiscard]] std::string guiSoakJson(int changes);

} // namespace scalescope::cli

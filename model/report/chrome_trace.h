#pragma once
// A training step's timeline as Chrome trace-event JSON (Perfetto,
// chrome://tracing): one process per pipeline stage, one thread per lane,
// times in microseconds. Written by `scalescope-cli trace` and by the GUI's
// File → Export trace…, so both give the same file.

#include "model/training/pipeline_timeline.h"

#include <nlohmann/json.hpp>

namespace scalescope {

// {"traceEvents": [...], "displayTimeUnit": "ms"}.
[[nodiscard]] nlohmann::json chromeTraceJson(const Timeline& timeline);

} // namespace scalescope

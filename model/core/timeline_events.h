#pragma once
// The events of a timeline, in any mode: a training step's stages
// (training/pipeline_timeline.h) or an inference pass's
// (inference/inference_timeline.h), for the timeline view and traces.

#include "model/spec/units.h"

#include <string_view>
#include <vector>

namespace scalescope {

enum class EventKind { Forward, Backward, WeightGrad, Recompute, Comm, Optimizer };
enum class Lane { Compute, Tp, Cp, Ep, Pp, Dp };

[[nodiscard]] std::string_view eventKindKey(EventKind k) noexcept; // "forward"
[[nodiscard]] std::string_view laneKey(Lane l) noexcept;           // "compute", "tp", ...

struct TimelineEvent {
    int stage = 0;
    Lane lane = Lane::Compute;
    EventKind kind = EventKind::Forward;
    int microbatch = -1; // -1 for step-level events (DP)
    int chunk = 0;       // virtual pipeline chunk
    Seconds start{}, end{};
    Bytes bytes{};
    int tier = -1;
    bool exposed = true; // communication on the critical path
};

struct Timeline {
    std::vector<TimelineEvent> events; // sorted by stage, then start
    Seconds end{};
    int stages = 1;
};

} // namespace scalescope

#include "chrome_trace.h"

#include <string>

namespace scalescope {

nlohmann::json chromeTraceJson(const Timeline& t)
{
    constexpr double kMicrosecondsPerSecond = 1e6; // trace-event "ts" and "dur" are in µs
    nlohmann::json events = nlohmann::json::array();
    for (int s = 0; s < t.stages; ++s) {
        events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", s}, {"args", {{"name", "stage " + std::to_string(s)}}}});
        for (Lane l : {Lane::Compute, Lane::Tp, Lane::Cp, Lane::Ep, Lane::Pp, Lane::Dp})
            events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", s}, {"tid", static_cast<int>(l)},
                              {"args", {{"name", std::string(laneKey(l))}}}});
    }
    for (const TimelineEvent& ev : t.events) {
        std::string name(eventKindKey(ev.kind));
        if (ev.lane != Lane::Compute) name = std::string(laneKey(ev.lane)) + (ev.exposed ? "" : " (overlapped)");
        if (ev.microbatch >= 0) name += " mb " + std::to_string(ev.microbatch);
        events.push_back({{"name", name}, {"cat", laneKey(ev.lane)}, {"ph", "X"}, {"pid", ev.stage},
                          {"tid", static_cast<int>(ev.lane)}, {"ts", ev.start.si * kMicrosecondsPerSecond},
                          {"dur", (ev.end - ev.start).si * kMicrosecondsPerSecond},
                          {"args", {{"bytes", ev.bytes.si}, {"chunk", ev.chunk}}}});
    }
    return {{"traceEvents", events}, {"displayTimeUnit", "ms"}};
}

} // namespace scalescope

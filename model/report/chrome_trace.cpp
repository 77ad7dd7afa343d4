#include "chrome_trace.h"

#include "model/spec/quantity_parser.h"

#include <fstream>

namespace scalescope {

void ChromeTrace::process(int pid, const std::string& name)
{
    m_events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", pid}, {"args", {{"name", name}}}});
}

void ChromeTrace::thread(int pid, int tid, const std::string& name)
{
    m_events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"args", {{"name", name}}}});
}

void ChromeTrace::span(int pid, int tid, const std::string& name, const std::string& category, Seconds start,
                       Seconds duration, nlohmann::json args)
{
    constexpr double kMicrosecondsPerSecond = 1e6; // trace-event "ts" and "dur" are in µs
    nlohmann::json e = {{"name", name}, {"cat", category}, {"ph", "X"},
                        {"pid", pid},   {"tid", tid},      {"ts", start.si * kMicrosecondsPerSecond},
                        {"dur", duration.si * kMicrosecondsPerSecond}};
    if (!args.is_null()) e["args"] = std::move(args);
    m_events.push_back(std::move(e));
    ++m_spans;
}

std::string ChromeTrace::text() const
{
    return nlohmann::json{{"traceEvents", m_events}, {"displayTimeUnit", "ms"}}.dump() + "\n";
}

bool ChromeTrace::write(const std::string& file, std::ostream& err) const
{
    std::ofstream o(file);
    if (!o) {
        err << "error: cannot write " << file << "\n";
        return false;
    }
    o << text();
    return true;
}

ChromeTrace trainingTrace(const Timeline& t)
{
    ChromeTrace trace;
    for (int s = 0; s < t.stages; ++s) {
        trace.process(s, "stage " + std::to_string(s));
        for (Lane l : {Lane::Compute, Lane::Tp, Lane::Cp, Lane::Ep, Lane::Pp, Lane::Dp})
            trace.thread(s, static_cast<int>(l), std::string(laneKey(l)));
    }
    for (const TimelineEvent& ev : t.events) {
        std::string name(eventKindKey(ev.kind));
        if (ev.lane != Lane::Compute) name = std::string(laneKey(ev.lane)) + (ev.exposed ? "" : " (overlapped)");
        if (ev.microbatch >= 0) name += " mb " + std::to_string(ev.microbatch);
        trace.span(ev.stage, static_cast<int>(ev.lane), name, std::string(laneKey(ev.lane)), ev.start, ev.end - ev.start,
                   {{"bytes", ev.bytes.si}, {"chunk", ev.chunk}});
    }
    return trace;
}

ChromeTrace servingTrace(const InferenceEvaluation& e)
{
    ChromeTrace trace;
    const OpStream streams[] = {OpStream::Compute, OpStream::Tp, OpStream::Ep, OpStream::Pp};
    for (int s = 0; s < e.stages; ++s) {
        trace.process(s, "stage " + std::to_string(s));
        for (OpStream st : streams) trace.thread(s, static_cast<int>(st), std::string(opStreamKey(st)));
    }
    // Every stage runs the bottleneck stage's rows; rows run one after
    // another (a pass's collectives wait for the GEMM before them).
    Seconds end{};
    for (Phase phase : {Phase::Prefill, Phase::Decode}) {
        Seconds stageStart = end;
        for (int s = 0; s < e.stages; ++s) {
            Seconds t = stageStart;
            Seconds send{};
            for (const OpRow& r : e.ops) {
                if (r.phase != phase) continue;
                if (r.stream == OpStream::Pp) {
                    send = r.time;
                    continue;
                }
                const std::string name = std::string(opKindKey(r.op)) + " ×" + formatSignificant(r.count, 4);
                trace.span(s, static_cast<int>(r.stream), name, std::string(phaseKey(phase)), t, r.total(),
                           {{"bytes", r.bytes.si * r.count}, {"count", r.count}});
                t += r.total();
            }
            if (s + 1 < e.stages) {
                trace.span(s, static_cast<int>(OpStream::Pp), "send to stage " + std::to_string(s + 1),
                           std::string(phaseKey(phase)), t, send, {});
                t += send;
            }
            stageStart = t;
            end = t;
        }
    }
    return trace;
}

} // namespace scalescope

#include "chrome_trace.h"

#include <fstream>

namespace scalescope::cli {

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
    nlohmann::json e = {{"name", name}, {"cat", category}, {"ph", "X"},          {"pid", pid},
                        {"tid", tid},   {"ts", start.si * 1e6}, {"dur", duration.si * 1e6}};
    if (!args.is_null()) e["args"] = std::move(args);
    m_events.push_back(std::move(e));
    ++m_spans;
}

bool ChromeTrace::write(const std::string& file, std::ostream& err) const
{
    std::ofstream o(file);
    if (!o) {
        err << "error: cannot write " << file << "\n";
        return false;
    }
    o << nlohmann::json{{"traceEvents", m_events}, {"displayTimeUnit", "ms"}}.dump() << "\n";
    return true;
}

} // namespace scalescope::cli

#pragma once
// Chrome trace-event JSON (Perfetto, chrome://tracing): named processes
// (pipeline stages) and threads (lanes or streams), and complete ("X")
// events in microseconds. One writer for the training and serving traces.

#include "model/spec/units.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace scalescope::cli {

class ChromeTrace final {
public:
    void process(int pid, const std::string& name);
    void thread(int pid, int tid, const std::string& name);
    void span(int pid, int tid, const std::string& name, const std::string& category, Seconds start, Seconds duration,
              nlohmann::json args);
    [[nodiscard]] long long spans() const noexcept { return m_spans; }
    // Writes {"traceEvents": [...], "displayTimeUnit": "ms"}; false (and why on err) if it cannot.
    bool write(const std::string& file, std::ostream& err) const;

private:
    nlohmann::json m_events = nlohmann::json::array();
    long long m_spans = 0;
};

} // namespace scalescope::cli

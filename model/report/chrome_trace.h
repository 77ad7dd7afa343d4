#pragma once
// Chrome trace-event JSON (Perfetto, chrome://tracing): named processes
// (pipeline stages) and threads (lanes or streams), and complete ("X")
// events in microseconds. One writer for the training and serving traces
// of `scalescope-cli trace` and the GUI's File → Export trace….

#include "model/inference/inference_evaluation.h"
#include "model/spec/units.h"
#include "model/training/pipeline_timeline.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace scalescope {

class ChromeTrace final {
public:
    void process(int pid, const std::string& name);
    void thread(int pid, int tid, const std::string& name);
    void span(int pid, int tid, const std::string& name, const std::string& category, Seconds start, Seconds duration,
              nlohmann::json args);
    [[nodiscard]] long long spans() const noexcept { return m_spans; }
    // {"traceEvents": [...], "displayTimeUnit": "ms"} as one line and "\n": the file's text.
    [[nodiscard]] std::string text() const;
    // Writes text() to `file`; false (and why on err) if it cannot.
    bool write(const std::string& file, std::ostream& err) const;

private:
    nlohmann::json m_events = nlohmann::json::array();
    long long m_spans = 0;
};

// A training step's timeline: one process per pipeline stage, one thread per
// lane (compute, tp, cp, ep, pp, dp); overlapped communication is named so.
[[nodiscard]] ChromeTrace trainingTrace(const Timeline& timeline);

// An inference scenario (e.ok): one prefill pass of the batch, then one
// decode step, each through every stage (stage s starts when stage s − 1 has
// sent to it), with the compute, tp, ep and pp rows on their own threads.
[[nodiscard]] ChromeTrace servingTrace(const InferenceEvaluation& e);

} // namespace scalescope

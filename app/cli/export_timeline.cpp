#include "export_timeline.h"

#include "model/spec/quantity_parser.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace scalescope::cli {

std::optional<TimeWindow> timeWindowOptions(const CliArgs& parsed, std::ostream& err, int& exitCode)
{
    exitCode = Ok;
    const auto fromText = parsed.value("--from"), toText = parsed.value("--to");
    if (!fromText && !toText) return std::nullopt;
    TimeWindow window{0, INFINITY};
    for (const auto& [option, text, slot] : {std::tuple{"--from", fromText, &window.from}, std::tuple{"--to", toText, &window.to}}) {
        if (!text) continue;
        const auto v = parseNumberArg(option, *text, err);
        if (!v) {
            exitCode = Usage;
            return std::nullopt;
        }
        if (*v < 0 || !std::isfinite(*v)) {
            err << "error: " << option << ": expected seconds from the start of the step (0 or more), found " << *text << "\n";
            exitCode = Usage;
            return std::nullopt;
        }
        *slot = *v;
    }
    if (window.from >= window.to) {
        err << "error: --from " << window.from << " is not before --to " << window.to << ": the window would be empty\n";
        exitCode = Usage;
        return std::nullopt;
    }
    return window;
}

int exportTimelineView(const PlannerResultPtr& result, std::optional<TimeWindow> window, const QString& fileName,
                       ExportFormat format, const ExportPage& page, std::ostream& out, std::ostream& err)
{
    if (!result->ok()) {
        err << "error: " << result->evaluationErrorPath() << ": " << result->evaluationError() << "\n";
        return BadInput;
    }
    const double end = timelineExportEnd(*result);
    if (window) {
        if (window->from >= end) {
            err << "error: --from: " << window->from << " s is at or after the end of the timeline ("
                << scalescope::format(Seconds{end}) << ")\n";
            return BadInput;
        }
        window->to = std::min(window->to, end);
    }
    QString error;
    if (!exportTimeline(result, fileName, format, page, window, &error)) {
        err << "error: " << error.toStdString() << "\n";
        return BadInput;
    }
    out << "wrote " << fileName.toStdString() << "\n";
    return Ok;
}

} // namespace scalescope::cli

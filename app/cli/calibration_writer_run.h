#pragma once
// `calibration import` of raw timings (a tools/calibrate recording or a
// kernel sweep): the project's own writer (tools/calibrate/writer.py) turns
// them into a compute-calibration spec, so that the mapping from timings to
// the spec lives in one place.

#include <filesystem>
#include <optional>
#include <string>

namespace scalescope::cli {

// tools/calibrate/writer.py beside the built-in specs (a source tree or an
// installed share folder), when it is there.
[[nodiscard]] std::optional<std::filesystem::path> calibrationWriter();

// Runs `python3 WRITER TIMINGS -o OUT`; true when it exits 0 and OUT exists.
// The writer's own messages go to this process's standard error.
[[nodiscard]] bool runCalibrationWriter(const std::filesystem::path& writer, const std::string& timings,
                                        const std::filesystem::path& out);

} // namespace scalescope::cli

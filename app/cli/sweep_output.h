#pragma once
// `scalescope-cli sweep` as JSON and CSV (SI units; GiB = 2^30 bytes beside
// the bytes, for reading): one record per point, the CSV written by the one
// CSV writer (model/report/csv_table.h) from the same records, columns in
// the JSON's order.

#include "model/search/parallelism_sweep.h"

#include <nlohmann/json.hpp>

#include <string>

namespace scalescope::cli {

inline constexpr double kBytesPerGiB = 1073741824.0; // 2^30

// Keys in the order written: "value" and the figures first, the layout last.
[[nodiscard]] nlohmann::ordered_json sweepPointJson(const SweepPoint& p);
[[nodiscard]] nlohmann::ordered_json sweepJson(const std::string& scenario, const AxisSweep& s);
[[nodiscard]] std::string sweepCsv(const AxisSweep& s);

} // namespace scalescope::cli

#pragma once
// nccl-tests logs -> a network calibration spec in the format of
// specs/calibration/nccl-measured.json (kind "calibration"). One-node logs
// give the NVLink tier's achievable fraction, half-efficiency chunk and
// the link that chunk was measured at; logs over several nodes give the
// scale-out fraction (and the chunk when no one-node log is given). What
// the logs do not measure (the SHARP speed-up, the step latencies, the
// data-parallel buckets, the overlap costs, and the scale-out fraction when
// every log is one node: the shipped assumption that it equals NVLink's)
// is copied, with its sources, from a baseline document (nccl-measured).

#include "model/calibration/nccl_fit.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace scalescope {

struct DatedNcclTestsLog {
    NcclTestsLog log;
    std::string date; // of the log file, "2026-11-26"
};

struct NetworkCalibrationImport {
    std::string id;   // empty: nccl-<device>-<gpus>gpu-<date>
    std::string name; // empty: "NCCL collectives as measured on ..."
    std::optional<double> nvlinkBytesPerSecond;   // per GPU, one direction: needed by one-node logs
    std::optional<double> scaleOutBytesPerSecond; // per GPU: needed by logs over several nodes
    double minMessageBytes = kNcclFitMinMessageBytes;
};

// The spec, or a message saying what is missing (a link rate, rows to fit).
[[nodiscard]] std::variant<nlohmann::json, std::string> networkCalibrationSpec(const std::vector<DatedNcclTestsLog>& logs,
                                                                               const nlohmann::json& baseline,
                                                                               const NetworkCalibrationImport& options);

// "10.6" for 10.63: three significant digits, no exponent.
[[nodiscard]] std::string threeSignificant(double v);

} // namespace scalescope

#pragma once
// The views `scalescope-cli export` renders: one list for the command, its
// help and the top-level help, so that none of them can name fewer.

#include <array>
#include <string>
#include <string_view>

namespace scalescope::cli {

struct ExportViewInfo {
    const char* key;
    const char* what;     // for --help
    bool planned = false; // drawn from an evaluated scenario (power, sharding, timeline, breakdown, planner)
};

inline constexpr std::array<ExportViewInfo, 14> kExportViews{{
    {"chip", "GPU package"},
    {"sm", "one SM"},
    {"superchip", "CPU and GPUs joined by NVLink-C2C"},
    {"rack", "rack elevation"},
    {"memory", "memory hierarchy on log scales"},
    {"roofline", "roofline chart"},
    {"topology", "network graph"},
    {"power", "power, cooling and energy of the evaluated scenario", true},
    {"sharding", "every GPU coloured by its TP rank; --colour tp|pp|dp|ep", true},
    {"throughput-latency", "tokens/s per GPU against tokens/s per user of an inference scenario's layouts", true},
    {"timeline", "the planner's timeline: a training step, or an inference scenario's prefill and decode", true},
    {"breakdown", "the per-operation table (\"Why this number\") with each row's source, on as many pages as it takes", true},
    {"planner", "the planner on one page: figures, memory bar, timeline(s), verdicts, trust line", true},
    {"sweep", "step time, MFU, memory and exposed communication against one axis; --axis tp|pp|cp|ep|mbs|gpus", true},
}};

[[nodiscard]] const ExportViewInfo* findExportView(std::string_view key) noexcept;
// "chip|sm|...|timeline" with `separator` between keys, `last` before the final one.
[[nodiscard]] std::string exportViewKeys(std::string_view separator, std::string_view last);

} // namespace scalescope::cli

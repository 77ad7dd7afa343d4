#include "sweep_output.h"

#include "model/report/csv_table.h"

namespace scalescope::cli {

nlohmann::ordered_json sweepPointJson(const SweepPoint& p)
{
    const ParallelLayout& l = p.layout;
    nlohmann::ordered_json j{{"value", p.value},
                     {"step_time_s", p.stepTime.si},
                     {"mfu", p.mfu},
                     {"tokens_per_s", p.tokensPerS},
                     {"memory_per_gpu_bytes", p.memoryPerGpu.si},
                     {"memory_per_gpu_GiB", p.memoryPerGpu.si / kBytesPerGiB},
                     {"memory_limit_bytes", p.memoryLimit.si},
                     {"fits", p.fits},
                     {"fits_with_spill", p.fitsWithSpill},
                     {"exposed_comm_s", p.exposedComm.si}};
    for (std::size_t a = 0; a < p.exposedByAxis.size(); ++a)
        j["exposed_" + std::string(commAxisKey(static_cast<CommAxis>(a))) + "_s"] = p.exposedByAxis[a].si;
    j["leaves_nvlink_domain"] = p.leavesNvlinkDomain;
    j["gpus"] = p.gpus;
    for (const auto& [key, v] : {std::pair{"tp", l.tp}, std::pair{"pp", l.pp}, std::pair{"cp", l.cp},
                                 std::pair{"dp", l.dp}, std::pair{"ep", l.ep}, std::pair{"vpp", l.vpp},
                                 std::pair{"microbatch_size", l.microbatchSize}})
        j[key] = v;
    j["schedule"] = scheduleKey(l.schedule);
    return j;
}

nlohmann::ordered_json sweepJson(const std::string& scenario, const AxisSweep& s)
{
    using Json = nlohmann::ordered_json;
    Json points = Json::array(), excluded = Json::array();
    for (const SweepPoint& p : s.points) points.push_back(sweepPointJson(p));
    for (const SweepExclusion& x : s.excluded) excluded.push_back(Json{{"value", x.value}, {"path", x.path}, {"reason", x.reason}});
    return Json{{"scenario", scenario},
            {"axis", sweepAxisKey(s.axis)},
            {"current", s.current},
            {"points", points},
            {"excluded", excluded},
            {"nvlink_domain_gpus", s.nvlinkDomainGpus},
            {"nvlink_domain_boundary", s.nvlinkDomainBoundary ? Json(*s.nvlinkDomainBoundary) : Json()},
            {"memory_limit_bytes", s.memoryLimit.si},
            {"memory_limit_GiB", s.memoryLimit.si / kBytesPerGiB}};
}

std::string sweepCsv(const AxisSweep& s)
{
    std::vector<nlohmann::json> rows;
    for (const SweepPoint& p : s.points) rows.push_back(nlohmann::json::parse(sweepPointJson(p).dump()));
    CsvTable table = csvFromJsonRecords(rows);
    if (rows.empty()) table.header = {"value"};
    // The columns in the JSON's order (a plain JSON object sorts its keys).
    const nlohmann::ordered_json order = sweepPointJson(SweepPoint{});
    std::vector<std::string> keys;
    for (const auto& item : order.items()) keys.push_back(item.key());
    for (auto key = keys.rbegin(); key != keys.rend(); ++key) moveColumnFirst(table, *key);
    return csvText(table);
}

} // namespace scalescope::cli

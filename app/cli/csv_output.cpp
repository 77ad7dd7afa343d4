#include "csv_output.h"

#include "model/report/csv_table.h"

namespace scalescope::cli {

namespace {

std::vector<nlohmann::json> records(const nlohmann::json& results)
{
    return results.is_array() ? std::vector<nlohmann::json>(results.begin(), results.end())
                              : std::vector<nlohmann::json>{results};
}

} // namespace

std::string evaluationsCsv(const nlohmann::json& results)
{
    CsvTable table = csvFromJsonRecords(records(results));
    moveColumnFirst(table, "file");
    return csvText(table);
}

std::string breakdownsCsv(const nlohmann::json& results)
{
    std::vector<nlohmann::json> rows;
    for (const nlohmann::json& r : records(results)) {
        if (!r.contains("breakdown")) continue;
        for (nlohmann::json row : r["breakdown"]["rows"]) {
            row["file"] = r.value("file", std::string());
            rows.push_back(std::move(row));
        }
    }
    CsvTable table = csvFromJsonRecords(rows);
    moveColumnFirst(table, "file");
    return csvText(table);
}

std::string searchCsv(const EvaluationContext& ctx, const SearchResult& result)
{
    CsvTable table;
    table.header = {"rank", "tp", "pp", "dp", "cp", "ep", "vpp", "microbatch_size", "schedule", "zero_stage",
                    "recompute", "step_time_s", "mfu", "tokens_per_s", "memory_total_B", "fits", "fits_with_spill",
                    "spill_B"};
    for (int a = 0; a < kCommAxes; ++a)
        table.header.push_back("exposed_" + std::string(commAxisKey(static_cast<CommAxis>(a))) + "_s");
    for (const char* key : {"bubble_s", "bubble_fraction", "beyond_published_run", "scenario"})
        table.header.emplace_back(key);
    auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
    int rank = 0;
    for (const RankedLayout& l : result.best) {
        const ParallelLayout& p = l.layout;
        const Evaluation& e = l.evaluation;
        std::vector<std::string> row{std::to_string(++rank), std::to_string(p.tp), std::to_string(p.pp),
                                     std::to_string(p.dp), std::to_string(p.cp), std::to_string(p.ep),
                                     std::to_string(p.vpp), std::to_string(p.microbatchSize),
                                     std::string(scheduleKey(p.schedule)), std::to_string(l.zeroStage),
                                     std::string(recomputeKey(l.recompute)), csvNumber(e.stepTime.si), csvNumber(e.mfu),
                                     csvNumber(e.tokensPerS), csvNumber(e.memory.total.si), flag(e.memory.fits),
                                     flag(e.memory.fitsWithSpill), csvNumber(e.memory.spill.si)};
        for (const AxisComm& c : e.comm)
            row.push_back(csvNumber(c.exposed.si));
        row.insert(row.end(), {csvNumber(e.bubbleTime.si), csvNumber(e.bubbleFraction), flag(l.beyondPublishedRun),
                               ctx.scenario.name});
        table.rows.push_back(std::move(row));
    }
    return csvText(table);
}

std::string validationCsv(const nlohmann::json& cases, const nlohmann::json& inferenceCases)
{
    std::vector<nlohmann::json> rows;
    for (const auto& [list, mode] : {std::pair{&cases, "training"}, std::pair{&inferenceCases, "inference"}})
        for (nlohmann::json row : records(*list)) {
            row["mode"] = mode;
            rows.push_back(std::move(row));
        }
    CsvTable table = csvFromJsonRecords(rows);
    moveColumnFirst(table, "mode");
    moveColumnFirst(table, "id");
    return csvText(table);
}

std::string servingSearchCsv(const nlohmann::json& best)
{
    std::vector<nlohmann::json> rows;
    int rank = 0;
    for (nlohmann::json row : best) {
        row["rank"] = ++rank;
        rows.push_back(std::move(row));
    }
    CsvTable table = csvFromJsonRecords(rows);
    moveColumnFirst(table, "rank");
    return csvText(table);
}

} // namespace scalescope::cli

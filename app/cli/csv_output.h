#pragma once
// The CSV forms of the CLI's tables (`evaluate --csv`, `evaluate --breakdown
// --csv`, `search --csv`, `validate --csv`), written by the one CSV writer of
// model/report/csv_table.h.

#include "model/search/layout_search.h"
#include "model/training/evaluation_context.h"

#include <nlohmann/json.hpp>

#include <string>

namespace scalescope::cli {

// One row per evaluated scenario, the flattened keys of its JSON, "file" first.
[[nodiscard]] std::string evaluationsCsv(const nlohmann::json& results);

// One row per operation row of each result's "breakdown" (training or
// inference), with its source and citation, "file" first.
[[nodiscard]] std::string breakdownsCsv(const nlohmann::json& results);

// One row per ranked layout: rank, layout, step time, MFU, memory, exposed
// communication per axis, bubble.
[[nodiscard]] std::string searchCsv(const EvaluationContext& ctx, const SearchResult& result);

// One row per validation run, "id" then "mode" first: the training runs,
// then the inference runs (their JSON records; the header is the union).
[[nodiscard]] std::string validationCsv(const nlohmann::json& cases, const nlohmann::json& inferenceCases);
// `search --csv` on an inference scenario: one row per ranked serving layout
// (the JSON's "best" records, flattened, rank first).
[[nodiscard]] std::string servingSearchCsv(const nlohmann::json& best);

} // namespace scalescope::cli

#pragma once
// `search` and `trace` of an inference scenario ("mode": "inference"):
// runSearch and runTrace hand such a scenario here once it has loaded.

#include "app/cli/cli_args.h"

#include "model/training/evaluation_context.h"

#include <ostream>
#include <string>

namespace scalescope::cli {

// The options only the serving search reads.
inline constexpr const char* kServingSearchOptions[] = {"--objective", "--tpot-max", "--ttft-max"};

// Ranks the serving layouts (model/search/inference_search.h); `top` layouts.
int runServingSearch(const EvaluationContext& ctx, const std::string& file, const CliArgs& args, int top,
                     std::ostream& out, std::ostream& err);

// Writes one prefill pass and one decode step per stage as a Chrome trace.
int runServingTrace(const EvaluationContext& ctx, const std::string& file, const std::string& traceFile,
                    std::ostream& out, std::ostream& err);

} // namespace scalescope::cli

#include "cli_args.h"
#include "commands.h"
#include "scenario_loading.h"

#include "model/inference/inference_step.h"
#include "model/search/inference_search.h"
#include "model/search/layout_search.h"
#include "model/training/pipeline_timeline.h"
#include "model/spec/spec_catalog.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <nlohmann/json.hpp>

namespace scalescope::cli {

namespace {

constexpr const char* kBenchHelp = R"(usage: scalescope-cli bench [--json] [--scenario FILE] [--soak N]

Measures the cost model on this machine (one core):
  evaluate_per_s           full training-step evaluations per second, no timeline
                           (the fastest of 3 rounds of 1/3 s: other processes
                           only ever slow a round down)
  evaluate_timeline_per_s  evaluations per second including the timeline (the same)
  search_16k_ms            exhaustive layout search of a 16,384-GPU scenario
  search_16k_layouts       layouts that search evaluated
  inference_evaluate_per_s inference evaluations (prefill, decode, memory) per
                           second of specs/scenarios/llama3-70b-inference-8xh100
                           (the same 3 rounds)
  inference_search_ms      serving-layout search of that scenario (throughput
                           objective, TPOT at most 50 ms: every batch of every
                           layout scanned down to the limit)
  inference_search_evaluations  the evaluations that search made
GUI builds also measure, offscreen:
  ui_update_p50_ms/_p99_ms slider change to painted timeline in the planner
                           (16,384 GPUs, pp = 16, 64 micro-batches)
  view_render_ms           per view: scene build and paint at 1600x1000 (median of 5)
  topology_16k/_100k       topology view of a 16,384-GPU DGX H100 SuperPOD and of
                           100,008 GB200 GPUs: open (graph + scene + first paint)
                           and pan (one repaint at 8x zoom), in ms
  --soak N                 instead: N random planner control changes, offscreen;
                           soak_rss_growth_MiB after warm-up and soak_slowest_frame_ms
Default scenario: specs/scenarios/llama3-405b-16k-h100.scalescope.json.
)";

using Clock = std::chrono::steady_clock;

BenchExtension g_extension = nullptr;
SoakExtension g_soak = nullptr;
constexpr long long kMaxSoakChanges = 10'000'000;

// Calls per second of `f`: the best of `rounds` rounds of `roundSeconds` each.
// Other processes on the machine only ever slow a round down, so the fastest
// round is the closest to the code's own speed (as Python's timeit advises).
template <class F>
double perSecond(F&& f, double roundSeconds, int rounds = 3)
{
    double best = 0;
    for (int r = 0; r < rounds; ++r) {
        long long n = 0;
        const auto start = Clock::now();
        double elapsed = 0;
        do {
            for (int i = 0; i < 64; ++i) f();
            n += 64;
            elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        } while (elapsed < roundSeconds);
        best = std::max(best, static_cast<double>(n) / elapsed);
    }
    return best;
}

// Milliseconds per call of `f`, averaged over the calls that fill one second.
template <class F>
double msPerRun(F&& f)
{
    const auto start = Clock::now();
    int runs = 0;
    do {
        f();
        ++runs;
    } while (std::chrono::duration<double>(Clock::now() - start).count() < 1.0);
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / runs;
}

// The serving search's TPOT limit in the bench: 50 ms (20 tokens/s per user),
// a limit that only some batches meet, so the search scans as it would for a user.
constexpr double kBenchTpotLimit = 0.050;

} // namespace

void setBenchExtension(BenchExtension extension) { g_extension = extension; }
void setSoakExtension(SoakExtension extension) { g_soak = extension; }

int runBench(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto a = CliArgs::parse(args, {"--json", "--help"}, {"--scenario", "--soak"}, err);
    if (!a) return Usage;
    if (a->has("--help")) { out << kBenchHelp; return Ok; }
    if (const auto soak = a->value("--soak")) {
        const auto changes = parseWholeArg("--soak", *soak, 1, kMaxSoakChanges, err);
        if (!changes) return BadInput;
        if (!g_soak) { err << "error: --soak: needs the GUI build (the real planner widgets)\n"; return BadInput; }
        out << nlohmann::json::parse(g_soak(static_cast<int>(*changes))).dump(2) << "\n";
        return Ok;
    }
    std::string file = a->value("--scenario").value_or("");
    if (file.empty()) {
        for (const auto& root : builtinSpecRoots()) file = (root / "scenarios" / "llama3-405b-16k-h100.scalescope.json").string();
    }
    const auto ctx = loadContext(file, err);
    if (!ctx) return BadInput;
    std::string inferenceFile;
    for (const auto& root : builtinSpecRoots())
        inferenceFile = (root / "scenarios" / "llama3-70b-inference-8xh100.scalescope.json").string();
    const auto inferenceCtx = loadContext(inferenceFile, err);
    if (!inferenceCtx) return BadInput;
    volatile double sink = 0;
    const double evals = perSecond([&] { sink = sink + evaluate(*ctx).stepTime.si; }, 1.0 / 3);
    const double withTimeline = perSecond(
        [&] {
            const Evaluation e = evaluate(*ctx);
            sink = sink + static_cast<double>(buildTimeline(*ctx, ctx->scenario.parallel, e).events.size());
        },
        1.0 / 3);
    const double inferenceEvals =
        perSecond([&] { sink = sink + evaluateInference(*inferenceCtx).tpot.si; }, 1.0 / 3);
    SearchResult search;
    const double searchMs = msPerRun([&] { search = searchLayouts(*ctx); });
    ServingSearchResult serving;
    const ServingSearchOptions servingOptions{ServingObjective::Throughput, {Seconds{kBenchTpotLimit}, std::nullopt}};
    const double servingMs = msPerRun([&] { serving = searchServingLayouts(*inferenceCtx, servingOptions); });
    nlohmann::json j = {{"scenario", ctx->scenario.name},
                              {"gpus", ctx->scenario.gpus},
                              {"evaluate_per_s", evals},
                              {"evaluate_timeline_per_s", withTimeline},
                              {"search_16k_ms", searchMs},
                              {"search_16k_layouts", search.evaluated},
                              {"inference_evaluate_per_s", inferenceEvals},
                              {"inference_search_ms", servingMs},
                              {"inference_search_evaluations", serving.evaluations}};
    if (g_extension) j.update(nlohmann::json::parse(g_extension()));
    if (a->has("--json")) {
        out << j.dump(2) << "\n";
    } else {
        out << "scenario                 " << ctx->scenario.name << "\n"
            << "evaluate_per_s           " << evals << "\n"
            << "evaluate_timeline_per_s  " << withTimeline << "\n"
            << "search_16k_ms            " << searchMs << " (" << search.evaluated << " layouts)\n"
            << "inference_evaluate_per_s " << inferenceEvals << "\n"
            << "inference_search_ms      " << servingMs << " (" << serving.evaluations << " evaluations)\n";
        if (j.contains("ui_update_p50_ms"))
            out << "ui_update_p50_ms         " << j["ui_update_p50_ms"].get<double>() << "\n"
                << "ui_update_p99_ms         " << j["ui_update_p99_ms"].get<double>() << "\n";
        if (j.contains("view_render_ms"))
            for (const auto& [view, t] : j["view_render_ms"].items())
                out << "render " << view << std::string(18 - std::min<size_t>(17, view.size()), ' ') << "build "
                    << t["build"].get<double>() << " ms, paint " << t["paint"].get<double>() << " ms\n";
        for (const char* key : {"topology_16k", "topology_100k"})
            if (j.contains(key))
                out << key << std::string(25 - std::string(key).size(), ' ') << "open " << j[key]["open_ms"].get<double>()
                    << " ms, pan " << j[key]["pan_ms"].get<double>() << " ms per frame (" << j[key]["gpus"].get<long long>()
                    << " GPUs)\n";
    }
    return Ok;
}

} // namespace scalescope::cli

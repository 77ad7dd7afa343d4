// scalescope-cli: the headless face of ScaleScope's cost model.

#include "app/cli/commands.h"
#include "app/cli/export_views.h"
#include "app/cli/lesson_command.h"
#ifdef SCALESCOPE_HAS_EXPORT
#include "app/cli/export_command.h"
#include "app/cli/gui_bench.h"
#include "app/cli/lesson_deck_command.h"
#include "app/cli/report_command.h"
#endif
#include "model/spec/user_paths.h"

#include <iostream>
#include <string>
#include <vector>

namespace {

// The top-level help; the export views come from the export command's own list.
std::string helpText()
{
    return R"(usage: scalescope-cli COMMAND [ARGS] [--help]

ScaleScope shows an AI system from one GPU's SMs up to racks of NVL72s and
runs an analytical cost model of training on it.

commands:
  specs list|show|validate|paths   the GPU, CPU, superchip, system and model specs
  calibration import|list|show     your own calibrations: nccl-tests logs fitted to a network
                                    calibration, tools/calibrate compute specs imported
  export [SCENARIO] --view V -o F  a view as SVG, PNG or PDF; V is one of
                                    )" +
           scalescope::cli::exportViewKeys(", ", " or ") + R"(
  report SCENARIO -o F.pdf [--page a4|letter] [--lang en|zh_CN] [--compare A.json]
                                    the scenario report: a multi-page, print-ready PDF
  lesson list [--json] [--lang en|zh_CN]
                                    the guided lessons: id, steps, minutes, title
  lesson ID -o F.pdf [--lang en|zh_CN] [--page a4|letter]
                                    a lesson as a slide deck, one page per step
  evaluate SCENARIO... [--timeline] [--breakdown [--text]]
                                    one training step as JSON (step time, MFU, memory, ...),
                                    with the per-operation cost table behind it
  search SCENARIO [--top K] [--text]
                                    every layout that fits in memory, fastest first; those
                                    beyond the best published run of their class are marked;
                                    for inference [--objective throughput|latency]
                                    [--tpot-max S] [--ttft-max S]: serving layouts ranked
  sweep SCENARIO --axis tp|pp|cp|ep|mbs|gpus [--json | --csv]
                                    one parallelism axis over every valid value, everything
                                    else fixed: step time, MFU, memory, exposed communication,
                                    the NVLink domain boundary and the memory limit
  trace SCENARIO -o FILE            the step (inference: a prefill and a decode step) as a
                                    Chrome trace (Perfetto)
  collective --system ID --op OP --bytes B --gpus N   one collective's cost
  matmul --gpu ID --m M --k K --n N --dtype DT        one matmul's roofline
  power SCENARIO [--json]           rack and cluster power, feeds, cooling, energy, cost, goodput
  bench [--json]                    cost-model speed on this machine
  validate [--json] [--dir DIR]     the model against published training runs (error per run)

options:
  --help      this text (also after any command)
  --version   the version

exit codes: 0 ok, 1 bad input (message on stderr), 2 usage error
)";
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << helpText();
        return 2;
    }
    const std::string& command = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << helpText();
        return 0;
    }
    if (command == "--version") {
        std::cout << "scalescope-cli " << scalescope::versionString() << "\n";
        return 0;
    }
    try {
        namespace c = scalescope::cli;
        if (command == "specs") return c::runSpecs(rest, std::cout, std::cerr);
        if (command == "calibration") return c::runCalibration(rest, std::cout, std::cerr);
#ifdef SCALESCOPE_HAS_EXPORT
        if (command == "export") return c::runExport(rest, std::cout, std::cerr);
        if (command == "report") return c::runReport(rest, std::cout, std::cerr);
        c::setLessonDeckExtension(&c::runLessonDeck);
#endif
        if (command == "lesson") return c::runLesson(rest, std::cout, std::cerr);
        if (command == "evaluate") return c::runEvaluate(rest, std::cout, std::cerr);
        if (command == "search") return c::runSearch(rest, std::cout, std::cerr);
        if (command == "sweep") return c::runSweep(rest, std::cout, std::cerr);
        if (command == "trace") return c::runTrace(rest, std::cout, std::cerr);
        if (command == "collective") return c::runCollective(rest, std::cout, std::cerr);
        if (command == "matmul") return c::runMatmul(rest, std::cout, std::cerr);
#ifdef SCALESCOPE_HAS_EXPORT
        c::setBenchExtension(&c::guiBenchJson);
        c::setSoakExtension(&c::guiSoakJson);
#endif
        if (command == "bench") return c::runBench(rest, std::cout, std::cerr);
        if (command == "power") return c::runPower(rest, std::cout, std::cerr);
        if (command == "validate") return c::runValidate(rest, std::cout, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "error: unknown command \"" << command << "\"\n" << helpText();
    return 2;
}

#pragma once
// scalescope-cli subcommands. Each takes the arguments after its name and
// returns an exit code: 0 ok, 1 bad input (message on err), 2 usage.

#include <ostream>
#include <string>
#include <vector>

namespace scalescope {
class SpecCatalog;
}

namespace scalescope::cli {

using Args = std::vector<std::string>;

int runSpecs(const Args& args, std::ostream& out, std::ostream& err);
int runCalibration(const Args& args, std::ostream& out, std::ostream& err);
int runEvaluate(const Args& args, std::ostream& out, std::ostream& err);
int runSearch(const Args& args, std::ostream& out, std::ostream& err);
int runSweep(const Args& args, std::ostream& out, std::ostream& err);
int runTrace(const Args& args, std::ostream& out, std::ostream& err);
int runCollective(const Args& args, std::ostream& out, std::ostream& err);
int runMatmul(const Args& args, std::ostream& out, std::ostream& err);
int runBench(const Args& args, std::ostream& out, std::ostream& err);

// Extra figures for `bench` that need Qt (the planner's slider-to-paint
// latency); registered by main() when the GUI is built. Returns a JSON
// object whose keys are added to the bench output.
using BenchExtension = std::string (*)();
void setBenchExtension(BenchExtension extension);
// `bench --soak N` (GUI builds): a JSON object for N random planner changes.
using SoakExtension = std::string (*)(int changes);
void setSoakExtension(SoakExtension extension);
int runPower(const Args& args, std::ostream& out, std::ostream& err);
int runValidate(const Args& args, std::ostream& out, std::ostream& err);

// The catalog of built-in and user specs; load problems go to err as
// warnings (a broken user file does not stop the CLI).
const SpecCatalog& sharedCatalog(std::ostream& err);

} // namespace scalescope::cli

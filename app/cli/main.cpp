// scalescope-cli: the headless face of ScaleScope's cost model.

#include "app/cli/commands.h"
#include "model/user_paths.h"

#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kHelp = R"(usage: scalescope-cli COMMAND [ARGS] [--help]

ScaleScope shows an AI system from one GPU's SMs up to racks of NVL72s and
runs an analytical cost model of training on it.

commands:
  specs list|show|validate|paths   the GPU, CPU, superchip, system and model specs

options:
  --help      this text (also after any command)
  --version   the version

exit codes: 0 ok, 1 bad input (message on stderr), 2 usage error
)";

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << kHelp;
        return 2;
    }
    const std::string& command = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << kHelp;
        return 0;
    }
    if (command == "--version") {
        std::cout << "scalescope-cli " << scalescope::versionString() << "\n";
        return 0;
    }
    try {
        if (command == "specs") return scalescope::cli::runSpecs(rest, std::cout, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "error: unknown command \"" << command << "\"\n" << kHelp;
    return 2;
}

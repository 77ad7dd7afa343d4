#pragma once
// One CLI command run in-process: its exit code and what it wrote to
// stdout and stderr, for the tests of the commands.

#include "app/cli/commands.h"

#include <sstream>
#include <string>

namespace scalescope::cli {

struct CommandRun {
    int code;
    std::string out, err;
};

template <class Command>
CommandRun runCommand(Command command, const Args& args)
{
    std::ostringstream out, err;
    const int code = command(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace scalescope::cli

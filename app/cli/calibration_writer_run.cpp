#include "calibration_writer_run.h"

#include "model/spec/spec_catalog.h"

#include <spawn.h>
#include <sys/wait.h>

#include <vector>

extern char** environ;

namespace scalescope::cli {

namespace fs = std::filesystem;

std::optional<fs::path> calibrationWriter()
{
    std::error_code ec;
    for (const fs::path& root : builtinSpecRoots()) {
        const fs::path writer = root.parent_path() / "tools" / "calibrate" / "writer.py";
        if (fs::is_regular_file(writer, ec)) return writer;
    }
    return std::nullopt;
}

bool runCalibrationWriter(const fs::path& writer, const std::string& timings, const fs::path& out)
{
    std::vector<std::string> args{"python3", writer.string(), timings, "-o", out.string()};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawnp(&pid, "python3", nullptr, nullptr, argv.data(), environ) != 0) return false;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return false;
    std::error_code ec;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && fs::is_regular_file(out, ec);
}

} // namespace scalescope::cli

#include "model/spec/user_paths.h"

#include <cstdlib>

namespace scalescope {

std::filesystem::path userDataDir()
{
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "scalescope";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".local" / "share" / "scalescope";
    return std::filesystem::temp_directory_path() / "scalescope";
}

std::filesystem::path userSpecDir() { return userDataDir() / "specs"; }

const char* versionString() noexcept { return SCALESCOPE_VERSION; }

} // namespace scalescope

#pragma once
// Where a user's own files live, the same for the GUI and the CLI:
// $XDG_DATA_HOME/scalescope (default ~/.local/share/scalescope).

#include <filesystem>

namespace scalescope {

[[nodiscard]] std::filesystem::path userDataDir();
[[nodiscard]] std::filesystem::path userSpecDir(); // userDataDir()/specs
[[nodiscard]] const char* versionString() noexcept;

} // namespace scalescope

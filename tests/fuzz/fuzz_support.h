#pragma once
// Shared by the libFuzzer harnesses: the input written to a per-process file,
// so that the readers run exactly as on a user's file (JSON parse with line
// and column, then the spec or scenario reader).

#include "model/spec/spec_catalog.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace scalescope::fuzz {

inline std::filesystem::path writeInput(const std::uint8_t* data, std::size_t size, const char* suffix)
{
    static const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("scalescope-fuzz-" + std::to_string(::getpid()) + suffix);
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return file;
}

// The shipped catalog, loaded once per process.
inline const SpecCatalog& shippedCatalog()
{
    static const SpecCatalog c = [] {
        SpecErrors errors;
        return SpecCatalog::load({SCALESCOPE_SPECS_DIR}, {}, errors);
    }();
    return c;
}

} // namespace scalescope::fuzz

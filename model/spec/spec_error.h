#pragma once
// A problem found in a spec or scenario file, reported to the user as
// "file: /json/path: what was expected, what was found".

#include <string>
#include <vector>

namespace scalescope {

struct SpecError {
    std::string file;
    std::string path;    // JSON pointer, "" for the whole document
    std::string message; // "expected ..., found ..."

    [[nodiscard]] std::string text() const
    {
        return file + ": " + (path.empty() ? std::string("/") : path) + ": " + message;
    }
};

using SpecErrors = std::vector<SpecError>;

} // namespace scalescope

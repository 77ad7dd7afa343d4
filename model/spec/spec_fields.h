#pragma once
// A spec document flattened into rows for display: every field with its
// value as written, a readable form with a unit, and its citation. Used by
// both `scalescope-cli specs show` and the GUI spec browser.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace scalescope {

struct SpecField {
    std::string path;      // "/hbm/bandwidth"
    std::string value;     // as written: "3.35 TB/s"
    std::string readable;  // normalised: "3.35 TB/s", "80 GB (74.5 GiB)"; "" = not applicable / not published
    std::string sourceKey; // "" for plain (unsourced) fields such as names
    std::string citation;
    std::string note;
    std::string alternatives; // "192 GB (nominal; s000)"
};

[[nodiscard]] std::vector<SpecField> flattenSpec(const nlohmann::json& doc);

} // namespace scalescope

#pragma once
// A spec number together with where it comes from.

#include <map>
#include <string>
#include <vector>

namespace scalescope {

struct AlternativeValue {
    std::string value; // as written, e.g. "192 GB"
    std::string source;
    std::string note;
};

template <class T>
struct Sourced {
    T value{};
    std::string source; // key into the spec's sources map
    std::string note;
    std::vector<AlternativeValue> alternatives;
};

// key -> citation ("seed 004_90eddfe5fb26e972.txt, 'GPU 规格总结'")
using SourceMap = std::map<std::string, std::string>;

} // namespace scalescope

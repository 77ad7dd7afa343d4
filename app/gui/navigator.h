#pragma once
// The views of DESIGN.md, in the order the navigator lists them.

#include <QString>

#include <vector>

namespace scalescope {

struct NavigatorEntry {
    QString key;        // stable id used in settings and tests: "chip", "specs"
    const char* title;  // source text, context "Navigator"
    const char* what;   // one-line description, context "Navigator"
    bool built = false; // false: the view says plainly that it is not built yet
};

[[nodiscard]] const std::vector<NavigatorEntry>& navigatorEntries();

} // namespace scalescope

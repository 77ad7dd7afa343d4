#include "model/spec/spelling.h"

#include <algorithm>
#include <cctype>

namespace scalescope {

namespace {

char lower(char c) noexcept { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

} // namespace

bool equalsIgnoringCase(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

int editDistance(std::string_view a, std::string_view b)
{
    std::vector<int> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
    for (size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            const int substitute = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates)
{
    const int allowed = std::max(2, static_cast<int>(word.size()) / 3);
    std::optional<std::string> best;
    int bestDistance = allowed + 1;
    for (const auto& c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates)
{
    const auto match = closestMatch(word, candidates);
    return match ? " (did you mean \"" + *match + "\"?)" : std::string{};
}

std::string unknownKeyMessage(std::string_view key, const std::vector<std::string>& candidates, bool listCandidates)
{
    if (const auto match = closestMatch(key, candidates)) return "unknown key; did you mean " + *match + "?";
    if (!listCandidates || candidates.empty()) return "unknown key";
    std::string known;
    for (const std::string& c : candidates)
        known += (known.empty() ? "" : ", ") + c;
    return "unknown key; expected one of " + known;
}

} // namespace scalescope

#pragma once
// Spelling help for ids and keys a person typed: a case-insensitive match and
// the nearest known word for a "did you mean" hint.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scalescope {

// True when a and b are equal ignoring ASCII case.
[[nodiscard]] bool equalsIgnoringCase(std::string_view a, std::string_view b) noexcept;

// Levenshtein distance between a and b, ignoring ASCII case.
[[nodiscard]] int editDistance(std::string_view a, std::string_view b);

// The candidate nearest to word, if it is close enough to be a likely typo:
// at most a third of the word's letters differ (and at least 2 edits are
// allowed). Null when nothing is close.
[[nodiscard]] std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean \"x\"?)" for the closest candidate, or "".
[[nodiscard]] std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);

// The message for a key no reader reads, one wording for scenarios and specs:
// "unknown key; did you mean global_batch?" when a candidate is close, else
// "unknown key; expected one of seq_len, global_batch, ..." when
// listCandidates, else "unknown key".
[[nodiscard]] std::string unknownKeyMessage(std::string_view key, const std::vector<std::string>& candidates,
                                            bool listCandidates);

} // namespace scalescope

#pragma once
// Minimal command-line parsing for scalescope-cli: positional arguments,
// "--flag", "--option value" and "--option=value". Unknown options are a
// usage error (exit code 2).

#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace scalescope::cli {

enum ExitCode : int { Ok = 0, BadInput = 1, Usage = 2 };

class CliArgs final {
public:
    // valueOptions take a value; flags do not. Returns nullopt and writes a
    // message to err on an unknown option or a missing value.
    static std::optional<CliArgs> parse(const std::vector<std::string>& args, const std::set<std::string>& flags,
                                        const std::set<std::string>& valueOptions, std::ostream& err);

    [[nodiscard]] bool has(const std::string& flag) const { return m_flags.count(flag) > 0; }
    [[nodiscard]] std::optional<std::string> value(const std::string& option) const;
    [[nodiscard]] const std::vector<std::string>& positional() const noexcept { return m_positional; }

private:
    std::set<std::string> m_flags;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
};

// Parses a finite number from an option value; on failure writes a message
// naming the option and the value.
[[nodiscard]] std::optional<double> parseNumberArg(const std::string& name, const std::string& text, std::ostream& err);

// Parses a whole number in [minimum, maximum]; on failure writes
// "error: --gpus: expected a whole number from 1 to 1000000, found "8.5"".
[[nodiscard]] std::optional<long long> parseWholeArg(const std::string& name, const std::string& text, long long minimum,
                                                     long long maximum, std::ostream& err);

// "error: --system: no system "x" (known: a, b; did you mean "a"?)".
void reportUnknownId(const std::string& option, std::string_view kind, const std::string& id,
                     const std::vector<std::string>& known, std::ostream& err);

} // namespace scalescope::cli

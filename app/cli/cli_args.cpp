#include "cli_args.h"

#include <charconv>
#include <cmath>

#include "model/spec/spec_catalog.h"

namespace scalescope::cli {

std::optional<CliArgs> CliArgs::parse(const std::vector<std::string>& args, const std::set<std::string>& flags,
                                      const std::set<std::string>& valueOptions, std::ostream& err)
{
    CliArgs out;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 1 && a[0] == '-' && !(a.size() > 1 && (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.'))) {
            std::string name = a, inlineValue;
            bool hasInline = false;
            if (const auto eq = a.find('='); eq != std::string::npos) {
                name = a.substr(0, eq);
                inlineValue = a.substr(eq + 1);
                hasInline = true;
            }
            if (flags.count(name)) {
                if (hasInline) {
                    err << "error: option " << name << " takes no value\n";
                    return std::nullopt;
                }
                out.m_flags.insert(name);
            } else if (valueOptions.count(name)) {
                if (hasInline) {
                    out.m_values[name] = inlineValue;
                } else if (i + 1 < args.size()) {
                    out.m_values[name] = args[++i];
                } else {
                    err << "error: option " << name << " needs a value\n";
                    return std::nullopt;
                }
            } else {
                err << "error: unknown option " << name << "\n";
                return std::nullopt;
            }
        } else {
            out.m_positional.push_back(a);
        }
    }
    return out;
}

std::optional<std::string> CliArgs::value(const std::string& option) const
{
    auto it = m_values.find(option);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::optional<double> parseNumberArg(const std::string& name, const std::string& text, std::ostream& err)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) {
        err << "error: " << name << ": expected a number, found \"" << text << "\"\n";
        return std::nullopt;
    }
    return v;
}

std::optional<long long> parseWholeArg(const std::string& name, const std::string& text, long long minimum, long long maximum,
                                       std::ostream& err)
{
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || v < minimum || v > maximum) {
        err << "error: " << name << ": expected a whole number from " << minimum << " to " << maximum << ", found \"" << text
            << "\"\n";
        return std::nullopt;
    }
    return v;
}

void reportUnknownId(const std::string& option, std::string_view kind, const std::string& id,
                     const std::vector<std::string>& known, std::ostream& err)
{
    err << "error: " << option << ": " << unknownIdMessage(kind, id, known) << "\n";
}

} // namespace scalescope::cli

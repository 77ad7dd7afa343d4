#include "model/calibration/nccl_tests_log.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace scalescope {

namespace {

constexpr std::array kCollectives = {CollectiveKind::AllReduce, CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
                                     CollectiveKind::AllToAll, CollectiveKind::PointToPoint};
// The 13 column titles of a result row, as nccl-tests prints them.
constexpr std::array<std::string_view, 13> kColumns = {"size", "count", "type",   "redop", "root", "time",  "algbw",
                                                       "busbw", "#wrong", "time", "algbw", "busbw", "#wrong"};
// Values are printed with two decimals (algbw, busbw) and one or none (time,
// none from 10,000 us up): a check allows half a unit in the last place.
constexpr double kBandwidthRounding = 0.005;
constexpr double kTimeRounding = 0.5;

std::vector<std::string_view> tokens(std::string_view line)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

std::optional<double> number(std::string_view s)
{
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::string shown(std::string_view s)
{
    constexpr size_t kShown = 60;
    return "\"" + std::string(s.substr(0, kShown)) + (s.size() > kShown ? "...\"" : "\"");
}

std::string formatted(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

bool isReduction(CollectiveKind k) noexcept { return k == CollectiveKind::AllReduce || k == CollectiveKind::ReduceScatter; }

// The collective a test name or file name names: all_reduce_perf,
// allreduce.log, ... (case, '_' and '-' ignored); nullopt when none or several.
std::optional<CollectiveKind> collectiveInName(std::string_view name)
{
    std::string plain;
    for (char c : name)
        if (c != '_' && c != '-') plain += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::optional<CollectiveKind> found;
    for (CollectiveKind k : kCollectives) {
        std::string stem;
        for (char c : ncclTestName(k).substr(0, ncclTestName(k).size() - 5)) // drop "_perf"
            if (c != '_') stem += c;
        if (plain.find(stem) == std::string::npos) continue;
        if (found) return std::nullopt;
        found = k;
    }
    return found;
}

class Reader {
public:
    Reader(std::string_view text, const std::string& file) : m_text(text), m_file(file) {}

    NcclTestsLogRead read()
    {
        enum class State { Preamble, Header, Rows, Done } state = State::Preamble;
        size_t pos = 0;
        while (pos <= m_text.size() && !m_error) {
            size_t end = m_text.find('\n', pos);
            if (end == std::string_view::npos) end = m_text.size();
            std::string_view line = m_text.substr(pos, end - pos);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            ++m_line;
            pos = end + 1;
            if (end == m_text.size() && line.empty()) { --m_line; break; }
            const std::vector<std::string_view> t = tokens(line);
            if (t.empty() || line.find("NCCL INFO") != std::string_view::npos || line.find("NCCL WARN") != std::string_view::npos)
                continue;
            const bool comment = t[0].front() == '#';
            if (const size_t at = line.find("Collective test starting:"); comment && at != std::string_view::npos) {
                m_named = collectiveInName(line.substr(at));
                if (!m_named) fail("expected the name of an nccl-tests collective test after \"Collective test starting:\", found " + shown(line));
                continue;
            }
            const bool headerStart = comment && t.size() > 1 && t[0] == "#" && t[1] == "nThread";
            if (headerStart && state != State::Preamble) {
                fail("expected one test per file, found a second \"# nThread\" header (split the log into one file per test)");
                break;
            }
            switch (state) {
            case State::Preamble:
                if (headerStart) {
                    state = State::Header;
                    m_threads = headerCount(t, "nThread");
                    m_gpusPerThread = headerCount(t, "nGpus");
                }
                break;
            case State::Header:
                if (!comment) {
                    fail("expected a header line starting with '#' (the device list or the column titles), found " + shown(line));
                } else if (t.size() > 1 && (t[1] == "Rank" || t[0] == "#Rank")) {
                    rank(t);
                } else if (t.size() > 1 && (t[1] == "size" || t[0] == "#size")) {
                    columns(t, line);
                    state = State::Rows;
                }
                break;
            case State::Rows:
                if (!comment) {
                    row(t, line);
                } else if (line.find("Avg bus bandwidth") != std::string_view::npos) {
                    footer(t, line);
                    state = State::Done;
                }
                break;
            case State::Done:
                if (!comment) fail("expected nothing but comments after the \"# Avg bus bandwidth\" footer, found " + shown(line));
                break;
            }
        }
        if (!m_error) {
            const int after = m_line + 1;
            if (state == State::Preamble)
                failAt(1, "expected an nccl-tests log: a \"# nThread ... nGpus ...\" header line, found none in " +
                              std::to_string(m_line) + " lines");
            else if (state == State::Header)
                failAt(after, "expected the column titles (\"#  size  count  type  redop  root  time  algbw  busbw ...\"), "
                              "found the end of the file: the log is truncated");
            else if (state == State::Rows)
                failAt(after, "expected more result rows or the \"# Avg bus bandwidth\" footer, found the end of the file: "
                              "the log is truncated");
        }
        if (m_error) return {std::nullopt, m_error};
        m_log.file = m_file;
        if (m_log.gpus == 0) m_log.gpus = m_threads * m_gpusPerThread;
        m_log.nodes = std::max(1, static_cast<int>(m_log.hosts.size()));
        return {std::move(m_log), std::nullopt};
    }

private:
    // Called at the column titles: the collective (the test line first, then
    // the file name) must be known to check the rows.
    bool decideCollective()
    {
        const std::optional<CollectiveKind> named = m_named;
        const auto fromFile = collectiveInName(std::filesystem::path(m_file).filename().string());
        if (named && fromFile && *named != *fromFile) {
            fail("the log says it is " + std::string(ncclTestName(*named)) + " but its file name says " +
                 std::string(ncclTestName(*fromFile)) + ": expected one collective (rename the file)");
            return false;
        }
        if (!named && !fromFile) {
            fail("expected the collective: a \"# Collective test starting: NAME\" line or the test's name in the file name "
                 "(all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf or sendrecv_perf), found neither");
            return false;
        }
        m_log.collective = named ? *named : *fromFile;
        return true;
    }

    int headerCount(const std::vector<std::string_view>& t, std::string_view key)
    {
        for (size_t i = 0; i + 1 < t.size(); ++i)
            if (t[i] == key) {
                const auto v = number(t[i + 1]);
                if (!v || *v < 1 || *v != std::floor(*v) || *v > 1e6) {
                    fail("expected a positive whole number after \"" + std::string(key) + "\", found " + shown(t[i + 1]));
                    return 0;
                }
                return static_cast<int>(*v);
            }
        return 0;
    }

    void rank(const std::vector<std::string_view>& t)
    {
        const auto on = std::find(t.begin(), t.end(), "on");
        const auto device = std::find(t.begin(), t.end(), "device");
        const size_t first = t[0] == "#" ? 2 : 1;
        const auto index = first < t.size() ? number(t[first]) : std::nullopt;
        if (on == t.end() || on + 1 >= device || device == t.end() || !index) {
            fail("expected a device line \"#  Rank N ... on HOST device D [BUS] NAME\", found " + shown(joined(t)));
            return;
        }
        if (*index != m_log.gpus) {
            fail("expected Rank " + std::to_string(m_log.gpus) + ", found Rank " + std::string(t[first]));
            return;
        }
        ++m_log.gpus;
        const std::string host(*(on + 1));
        if (std::find(m_log.hosts.begin(), m_log.hosts.end(), host) == m_log.hosts.end()) m_log.hosts.push_back(host);
        if (m_log.gpus == 1 && device + 3 < t.end()) m_log.device = joined({device + 3, t.end()});
    }

    void columns(const std::vector<std::string_view>& t, std::string_view line)
    {
        std::vector<std::string_view> titles(t.begin() + (t[0] == "#" ? 1 : 0), t.end());
        if (t[0] != "#") titles[0] = titles[0].substr(1);
        if (!std::equal(titles.begin(), titles.end(), kColumns.begin(), kColumns.end())) {
            std::string want;
            for (std::string_view c : kColumns) want += (want.empty() ? "" : " ") + std::string(c);
            fail("expected the column titles \"" + want + "\", found " + shown(line));
            return;
        }
        (void)decideCollective();
    }

    void row(const std::vector<std::string_view>& t, std::string_view line)
    {
        if (t.size() != kColumns.size()) {
            fail("expected a result row of " + std::to_string(kColumns.size()) + " columns (size count type redop root, then time "
                 "algbw busbw #wrong out-of-place and in-place), found " + std::to_string(t.size()) + ": " + shown(line));
            return;
        }
        NcclTestsRow r;
        r.line = m_line;
        r.type = std::string(t[2]);
        r.reduction = std::string(t[3]);
        const auto bytes = number(t[0]), count = number(t[1]);
        if (!bytes || *bytes <= 0 || !count || *count < 0) {
            fail("expected a size in bytes and an element count, found " + shown(std::string(t[0]) + " " + std::string(t[1])));
            return;
        }
        r.bytes = *bytes;
        r.count = *count;
        if (!m_log.rows.empty() && r.bytes <= m_log.rows.back().bytes) {
            fail("expected sizes in increasing order, found " + std::string(t[0]) + " B after " + formatted(m_log.rows.back().bytes) + " B");
            return;
        }
        if (isReduction(m_log.collective) && r.reduction == "none") {
            fail("expected a reduction operation (sum, prod, min, max, avg) in a " + std::string(ncclTestName(m_log.collective)) +
                 " row, found \"none\": is this log from another test?");
            return;
        }
        if (!result(t, 5, r.bytes, "out-of-place", r.outOfPlace) || !result(t, 9, r.bytes, "in-place", r.inPlace)) return;
        m_log.rows.push_back(std::move(r));
    }

    bool result(const std::vector<std::string_view>& t, size_t at, double bytes, std::string_view which, NcclTestsResult& out)
    {
        const auto time = number(t[at]), alg = number(t[at + 1]), bus = number(t[at + 2]);
        if (!time || !alg || !bus || *time < 0 || *alg < 0 || *bus < 0) {
            fail("expected " + std::string(which) + " time (us), algbw and busbw (GB/s) as non-negative numbers, found " +
                 shown(std::string(t[at]) + " " + std::string(t[at + 1]) + " " + std::string(t[at + 2])));
            return false;
        }
        out = {*time, *alg, *bus};
        if (*time > 0) {
            const double expected = bytes / (*time * 1e3); // B/us -> GB/s
            const double slack = kBandwidthRounding + expected * kTimeRounding / *time;
            if (std::abs(*alg - expected) > slack) {
                fail("expected " + std::string(which) + " algbw = size / time = " + formatted(expected) + " GB/s, found " +
                     std::string(t[at + 1]));
                return false;
            }
        }
        const int ranks = m_log.gpus > 0 ? m_log.gpus : m_threads * m_gpusPerThread;
        if (ranks > 1) {
            const double factor = ncclBusFactor(m_log.collective, ranks);
            if (std::abs(*bus - *alg * factor) > kBandwidthRounding * (1 + factor) + 1e-9) {
                fail("expected " + std::string(which) + " busbw = algbw x " + formatted(factor) + " (the bus factor of " +
                     std::string(ncclTestName(m_log.collective)) + " on " + std::to_string(ranks) + " GPUs), found busbw " +
                     std::string(t[at + 2]) + " for algbw " + std::string(t[at + 1]) + ": is this log from another test?");
                return false;
            }
        }
        return true;
    }

    void footer(const std::vector<std::string_view>& t, std::string_view line)
    {
        if (m_log.rows.empty()) {
            fail("expected at least one result row before the \"# Avg bus bandwidth\" footer");
            return;
        }
        const auto v = number(t.back());
        if (!v || *v < 0) {
            fail("expected \"# Avg bus bandwidth : GB/s\", found " + shown(line));
            return;
        }
        m_log.averageBusGBps = *v;
    }

    static std::string joined(const std::vector<std::string_view>& t)
    {
        std::string s;
        for (std::string_view x : t) s += (s.empty() ? "" : " ") + std::string(x);
        return s;
    }

    void fail(std::string message) { failAt(m_line, std::move(message)); }
    void failAt(int line, std::string message)
    {
        if (!m_error) m_error = NcclTestsLogError{m_file, line, std::move(message)};
    }

    std::string_view m_text;
    std::string m_file;
    int m_line = 0;
    int m_threads = 0, m_gpusPerThread = 0; // the "# nThread" header
    std::optional<CollectiveKind> m_named;
    NcclTestsLog m_log;
    std::optional<NcclTestsLogError> m_error;
};

} // namespace

std::string_view ncclTestName(CollectiveKind kind) noexcept
{
    switch (kind) {
    case CollectiveKind::AllReduce: return "all_reduce_perf";
    case CollectiveKind::AllGather: return "all_gather_perf";
    case CollectiveKind::ReduceScatter: return "reduce_scatter_perf";
    case CollectiveKind::AllToAll: return "alltoall_perf";
    case CollectiveKind::PointToPoint: return "sendrecv_perf";
    }
    return "?";
}

double ncclBusFactor(CollectiveKind kind, int ranks) noexcept
{
    const double n = std::max(1, ranks);
    switch (kind) {
    case CollectiveKind::AllReduce: return 2 * (n - 1) / n;
    case CollectiveKind::PointToPoint: return 1;
    default: return (n - 1) / n;
    }
}

NcclTestsLogRead readNcclTestsLog(std::string_view text, const std::string& file)
{
    return Reader(text, file).read();
}

} // namespace scalescope

#include "model/calibration/network_calibration_writer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>

namespace scalescope {

namespace {

using nlohmann::json;

constexpr double kGiga = 1e9, kMega = 1e6;

std::string slug(const std::string& text)
{
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    if (out.rfind("nvidia-", 0) == 0) out.erase(0, 7);
    return out.empty() ? "gpu" : out;
}

std::string rateText(double bytesPerSecond) { return threeSignificant(bytesPerSecond / kGiga) + " GB/s"; }

std::string logSource(const DatedNcclTestsLog& d, double minMessage)
{
    const NcclTestsLog& l = d.log;
    const auto peak = std::max_element(l.rows.begin(), l.rows.end(), [](const NcclTestsRow& a, const NcclTestsRow& b) {
        return a.outOfPlace.busGBps < b.outOfPlace.busGBps;
    });
    std::ostringstream s;
    s << "nccl-tests " << ncclTestName(l.collective) << " log " << l.file << ": " << l.gpus << " GPUs";
    if (!l.device.empty()) s << " (" << l.device << ")";
    s << " on " << l.nodes << (l.nodes == 1 ? " node" : " nodes");
    if (!l.hosts.empty()) {
        s << " (";
        for (size_t i = 0; i < l.hosts.size(); ++i) s << (i ? ", " : "") << l.hosts[i];
        s << ")";
    }
    const auto wholeBytes = [](double b) { return static_cast<long long>(b); };
    s << ", " << wholeBytes(l.rows.front().bytes) << " B to " << wholeBytes(l.rows.back().bytes) << " B, peak out-of-place busbw "
      << peak->outOfPlace.busGBps << " GB/s at " << wholeBytes(peak->bytes) << " B, " << chunkBandwidths(l, minMessage).size()
      << " rows from " << threeSignificant(minMessage / kMega) << " MB up fitted; file dated " << d.date;
    return s.str();
}

struct TierFit {
    NcclEfficiencyFit fit;
    std::vector<std::string> logKeys;
    double link = 0;
};

// Fits the logs whose node count matches `scaleOut`; nullopt with no such log.
std::variant<std::optional<TierFit>, std::string> fitTier(const std::vector<DatedNcclTestsLog>& logs, bool scaleOut,
                                                          std::optional<double> link, double minMessage)
{
    std::vector<ChunkBandwidth> points;
    TierFit t;
    for (size_t i = 0; i < logs.size(); ++i) {
        if ((logs[i].log.nodes > 1) != scaleOut) continue;
        const auto p = chunkBandwidths(logs[i].log, minMessage);
        points.insert(points.end(), p.begin(), p.end());
        t.logKeys.push_back("log" + std::to_string(i + 1));
    }
    if (t.logKeys.empty()) return std::optional<TierFit>{};
    if (!link)
        return std::string(scaleOut ? "logs over several nodes need the per-GPU scale-out rate, one direction, e.g. "
                                      "--scale-out \"50 GB/s\" (a 400 Gb/s NIC per GPU)"
                                    : "one-node logs need the per-GPU NVLink bandwidth, one direction, e.g. --nvlink "
                                      "\"450 GB/s\" (H100 SXM; `scalescope-cli specs show GPU` lists it)");
    const auto fit = fitNcclEfficiency(points, *link);
    if (!fit || fit->rows == 0)
        return "expected rows from " + threeSignificant(minMessage / kMega) +
               " MB up with a positive bus bandwidth to fit, found none (run the tests up to -e 1G or more)";
    t.fit = *fit;
    t.link = *link;
    return std::optional<TierFit>{t};
}

std::string keyList(const std::vector<std::string>& keys)
{
    std::string s;
    for (const std::string& k : keys) s += (s.empty() ? "" : ", ") + k;
    return s;
}

std::string fitSource(const TierFit& t, double minMessage, std::string_view tier)
{
    std::ostringstream s;
    s << "ScaleScope fit (scalescope-cli calibration import) to " << keyList(t.logKeys) << ", " << tier
      << ": efficiency = f · c / (c + c_half) for a per-step chunk c (size/n for an n-GPU ring or AllToAll, the size "
         "for a send); f = peak busbw / link = "
      << threeSignificant(t.fit.peakBusBytesPerSecond / kGiga) << " / " << threeSignificant(t.link / kGiga)
      << " GB/s; c_half = " << threeSignificant(t.fit.halfChunkBytes / kMega)
      << " MB minimises the relative time error over the " << t.fit.rows << " out-of-place rows from "
      << threeSignificant(minMessage / kMega) << " MB up";
    return s.str();
}

void collectSourceKeys(const json& j, std::set<std::string>& keys)
{
    if (j.is_object()) {
        for (const auto& [k, v] : j.items()) {
            if (k == "source" && v.is_string()) keys.insert(v.get<std::string>());
            else if (k != "sources") collectSourceKeys(v, keys);
        }
    } else if (j.is_array()) {
        for (const json& v : j) collectSourceKeys(v, keys);
    }
}

} // namespace

std::string threeSignificant(double v)
{
    if (v == 0 || !std::isfinite(v)) return "0";
    const int digits = 3 - 1 - static_cast<int>(std::floor(std::log10(std::abs(v))));
    const double scale = std::pow(10.0, digits);
    const double rounded = std::round(v * scale) / scale;
    std::ostringstream s;
    s.precision(std::max(0, digits));
    s << std::fixed << rounded;
    std::string out = s.str();
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    return out;
}

std::variant<json, std::string> networkCalibrationSpec(const std::vector<DatedNcclTestsLog>& logs, const json& baseline,
                                                       const NetworkCalibrationImport& o)
{
    if (logs.empty()) return std::string("expected at least one nccl-tests log");
    auto nvlink = fitTier(logs, false, o.nvlinkBytesPerSecond, o.minMessageBytes);
    if (auto* e = std::get_if<std::string>(&nvlink)) return *e;
    auto scaleOut = fitTier(logs, true, o.scaleOutBytesPerSecond, o.minMessageBytes);
    if (auto* e = std::get_if<std::string>(&scaleOut)) return *e;
    const auto& nv = std::get<std::optional<TierFit>>(nvlink);
    const auto& so = std::get<std::optional<TierFit>>(scaleOut);

    json spec = baseline;
    json& sources = spec["sources"];
    for (size_t i = 0; i < logs.size(); ++i) sources["log" + std::to_string(i + 1)] = logSource(logs[i], o.minMessageBytes);
    auto sourced = [](json value, const std::string& source) { return json{{"value", std::move(value)}, {"source", source}}; };
    if (nv) {
        sources["fit"] = fitSource(*nv, o.minMessageBytes, "one node (NVLink)");
        sources["nvlink-rate"] = "the per-GPU NVLink bandwidth (one direction) the logs ran on, given to the import: --nvlink " +
                                 rateText(nv->link);
        spec["nvlink_achievable_fraction"] = sourced(std::stod(threeSignificant(nv->fit.achievableFraction)), "fit");
        spec["half_efficiency_chunk"] = sourced(threeSignificant(nv->fit.halfChunkBytes / kMega) + " MB", "fit");
        spec["half_efficiency_link"] = sourced(rateText(nv->link), "nvlink-rate");
        if (!so) {
            spec["scale_out_achievable_fraction"] = sourced(spec["nvlink_achievable_fraction"]["value"], "assume");
            sources["assume"] = "ScaleScope assumption: the scale-out fabric reaches the same fraction of its line rate as "
                                "NVLink does (the logs ran on one node)";
        }
    }
    if (so) {
        sources["fit-scale-out"] = fitSource(*so, o.minMessageBytes, "several nodes (scale-out; busbw against the per-GPU NIC rate)");
        sources["scale-out-rate"] = "the per-GPU scale-out rate (one direction) the logs ran on, given to the import: --scale-out " +
                                    rateText(so->link);
        spec["scale_out_achievable_fraction"] = sourced(std::stod(threeSignificant(so->fit.achievableFraction)), "fit-scale-out");
        if (!nv) {
            spec["half_efficiency_chunk"] = sourced(threeSignificant(so->fit.halfChunkBytes / kMega) + " MB", "fit-scale-out");
            spec.erase("half_efficiency_link"); // the chunk as measured, on every tier
        }
    }

    int gpus = 0, nodes = 0;
    std::string device, date;
    for (const DatedNcclTestsLog& d : logs) {
        if (d.log.gpus > gpus) {
            gpus = d.log.gpus;
            nodes = d.log.nodes;
            device = d.log.device;
            date = d.date;
        }
    }
    const std::string deviceName = device.empty() ? "GPUs" : device;
    spec["kind"] = "calibration";
    spec["id"] = o.id.empty() ? "nccl-" + slug(device) + "-" + std::to_string(gpus) + "gpu-" + date : o.id;
    spec["name"] = o.name.empty() ? "NCCL collectives as measured on " + std::to_string(gpus) + "x " + deviceName + " (" +
                                        std::to_string(nodes) + (nodes == 1 ? " node)" : " nodes)")
                                  : o.name;
    spec["description"] = "Fitted by scalescope-cli calibration import to nccl-tests logs (" + keyList([&] {
        std::vector<std::string> k;
        for (size_t i = 0; i < logs.size(); ++i) k.push_back("log" + std::to_string(i + 1));
        return k;
    }()) + "). The numbers the logs do not measure are those of " + baseline.value("id", std::string("the baseline")) + ".";

    std::set<std::string> used;
    collectSourceKeys(spec, used);
    for (auto it = sources.begin(); it != sources.end();) {
        if (!used.contains(it.key()) && it.key().rfind("log", 0) != 0) it = sources.erase(it);
        else ++it;
    }
    return spec;
}

} // namespace scalescope

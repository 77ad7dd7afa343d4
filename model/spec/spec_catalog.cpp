#include "model/spec/spec_catalog.h"

#include "model/spec/spelling.h"

#include "model/spec/spec_parsers.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unistd.h>

#ifndef SCALESCOPE_SOURCE_SPECS
#define SCALESCOPE_SOURCE_SPECS ""
#endif
#ifndef SCALESCOPE_INSTALL_SPECS
#define SCALESCOPE_INSTALL_SPECS "../share/scalescope/specs"
#endif

namespace scalescope {

namespace fs = std::filesystem;
using nlohmann::json;

std::string_view specKindKey(SpecKind k) noexcept
{
    switch (k) {
    case SpecKind::Gpu: return "gpu";
    case SpecKind::Cpu: return "cpu";
    case SpecKind::Superchip: return "superchip";
    case SpecKind::System: return "system";
    case SpecKind::Model: return "model";
    case SpecKind::Calibration: return "calibration";
    case SpecKind::ComputeCalibration: return "compute-calibration";
    case SpecKind::Fluid: return "fluid";
    case SpecKind::Facility: return "facility";
    }
    return "?";
}

std::optional<SpecKind> specKindFromKey(std::string_view key) noexcept
{
    for (SpecKind k : kAllSpecKinds)
        if (specKindKey(k) == key) return k;
    return std::nullopt;
}

std::optional<json> readJsonFile(const fs::path& file, SpecErrors& errors)
{
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        errors.push_back({file.string(), "", "expected a readable file, found none (cannot open)"});
        return std::nullopt;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        const size_t byte = std::min(e.byte == 0 ? 0 : e.byte - 1, text.size());
        const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(byte), '\n'));
        const size_t lineStart = text.rfind('\n', byte == 0 ? 0 : byte - 1);
        const size_t column = byte - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
        // nlohmann says "[json.exception.parse_error.101] parse error at line 4,
        // column 8: syntax error while parsing object - unexpected ..."; keep the tail.
        std::string what = e.what();
        if (const auto dash = what.find(" - "); dash != std::string::npos) what = what.substr(dash + 3);
        errors.push_back({file.string(), "",
                          "expected valid JSON, found a syntax error at line " + std::to_string(line) + ", column " +
                              std::to_string(column) + ": " + what});
        return std::nullopt;
    } catch (const json::exception& e) {
        // Valid syntax the parser still cannot hold, e.g. a number beyond
        // double range ("1e999"): "number overflow parsing '1e999'".
        std::string what = e.what();
        if (const auto close = what.find("] "); close != std::string::npos) what = what.substr(close + 2);
        errors.push_back({file.string(), "", "expected JSON numbers within double range, found " + what});
        return std::nullopt;
    }
}

namespace {

struct ParsedSpec {
    SpecDocument document;
    std::optional<GpuSpec> gpu;
    std::optional<CpuSpec> cpu;
    std::optional<SuperchipSpec> superchip;
    std::optional<SystemSpec> system;
    std::optional<ModelSpec> model;
    std::optional<CalibrationSpec> calibration;
    std::optional<ComputeCalibration> computeCalibration;
    std::optional<FluidSpec> fluid;
    std::optional<FacilitySpec> facility;
};

// Parses and checks one file on its own (no cross references).
std::optional<ParsedSpec> parseSpecFile(const fs::path& file, SpecErrors& errors)
{
    std::optional<json> doc = readJsonFile(file, errors);
    if (!doc) return std::nullopt;
    const std::string name = file.string();
    if (!doc->is_object()) {
        errors.push_back({name, "", "expected a JSON object describing one spec, found " + describeJson(&*doc)});
        return std::nullopt;
    }
    const json* kindValue = doc->contains("kind") ? &(*doc)["kind"] : nullptr;
    const auto kind = kindValue && kindValue->is_string() ? specKindFromKey(kindValue->get<std::string>()) : std::nullopt;
    if (!kind) {
        std::string kinds;
        for (SpecKind k : kAllSpecKinds) kinds += (kinds.empty() ? "\"" : ", \"") + std::string(specKindKey(k)) + "\"";
        errors.push_back({name, "/kind", "expected one of " + kinds + ", found " + describeJson(kindValue)});
        return std::nullopt;
    }
    SpecErrors local;
    SpecReader r(name, *doc, local);
    ParsedSpec out;
    out.document.kind = *kind;
    out.document.file = file;
    // Reads the spec into its slot and names the document after it.
    auto read = [&](auto& slot, auto reader) {
        slot = reader(r);
        out.document.id = slot->id;
        out.document.name = slot->name;
    };
    switch (*kind) {
    case SpecKind::Gpu: read(out.gpu, readGpuSpec); break;
    case SpecKind::Cpu: read(out.cpu, readCpuSpec); break;
    case SpecKind::Superchip: read(out.superchip, readSuperchipSpec); break;
    case SpecKind::System: read(out.system, readSystemSpec); break;
    case SpecKind::Model: read(out.model, readModelSpec); break;
    case SpecKind::Calibration: read(out.calibration, readCalibrationSpec); break;
    case SpecKind::ComputeCalibration: read(out.computeCalibration, readComputeCalibration); break;
    case SpecKind::Fluid: read(out.fluid, readFluidSpec); break;
    case SpecKind::Facility: read(out.facility, readFacilitySpec); break;
    }
    r.reportUnreadKeys();
    if (!local.empty()) {
        errors.insert(errors.end(), local.begin(), local.end());
        return std::nullopt;
    }
    out.document.json = std::move(*doc);
    return out;
}

std::vector<fs::path> specFilesUnder(const fs::path& root)
{
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return files;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const fs::path& p = it->path();
        if (it->is_directory() && (p.filename() == "schema" || p.filename() == "scenarios" || p.filename() == "validation" ||
                                   p.filename() == "lessons")) {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file() && p.extension() == ".json") files.push_back(p);
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

std::string unknownIdMessage(std::string_view kind, const std::string& id, const std::vector<std::string>& known)
{
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    return "expected the id of a known " + std::string(kind) + " (" + (list.empty() ? "none loaded" : list) + "), found \"" +
           id + "\"" + didYouMean(id, known);
}

SpecCatalog SpecCatalog::load(const std::vector<fs::path>& builtinRoots, const std::vector<fs::path>& userRoots,
                              SpecErrors& errors)
{
    std::map<std::pair<SpecKind, std::string>, ParsedSpec> byId;
    auto addRoot = [&](const fs::path& root, bool user) {
        std::map<std::pair<SpecKind, std::string>, fs::path> seenHere;
        for (const fs::path& file : specFilesUnder(root)) {
            std::optional<ParsedSpec> spec = parseSpecFile(file, errors);
            if (!spec) continue;
            spec->document.user = user;
            const auto key = std::make_pair(spec->document.kind, spec->document.id);
            if (auto dup = seenHere.find(key); dup != seenHere.end()) {
                errors.push_back({file.string(), "/id", "expected an id not used by another " +
                                                            std::string(specKindKey(key.first)) + " spec, found \"" +
                                                            key.second + "\", also in " + dup->second.string()});
                continue;
            }
            seenHere[key] = file;
            if (auto old = byId.find(key); old != byId.end()) spec->document.overrides = !old->second.document.user && user;
            byId[key] = std::move(*spec);
        }
    };
    for (const auto& root : builtinRoots) addRoot(root, false);
    for (const auto& root : userRoots) addRoot(root, true);

    SpecCatalog catalog;
    for (auto& [key, spec] : byId) {
        if (spec.gpu) catalog.m_gpus[key.second] = *spec.gpu;
        if (spec.cpu) catalog.m_cpus[key.second] = *spec.cpu;
        if (spec.model) catalog.m_models[key.second] = *spec.model;
        if (spec.calibration) catalog.m_calibrations[key.second] = *spec.calibration;
        if (spec.computeCalibration && !spec.computeCalibration->carriedOver())
            catalog.m_computeCalibrations[key.second] = *spec.computeCalibration;
        if (spec.fluid) catalog.m_fluids[key.second] = *spec.fluid;
        if (spec.facility) catalog.m_facilities[key.second] = *spec.facility;
    }
    // References: superchips need their CPU and GPU, systems their GPU and superchip.
    auto refError = [&](const ParsedSpec& s, const std::string& path, std::string_view kind, const std::string& id,
                        const std::vector<std::string>& known) {
        errors.push_back({s.document.file.string(), path, unknownIdMessage(kind, id, known)});
    };
    for (auto& [key, spec] : byId) {
        if (!spec.superchip) continue;
        bool ok = true;
        if (!catalog.cpu(spec.superchip->cpu)) { refError(spec, "/cpu", "cpu", spec.superchip->cpu, catalog.ids(SpecKind::Cpu)); ok = false; }
        if (!catalog.gpu(spec.superchip->gpu)) { refError(spec, "/gpu", "gpu", spec.superchip->gpu, catalog.ids(SpecKind::Gpu)); ok = false; }
        if (ok) catalog.m_superchips[key.second] = *spec.superchip;
        else spec.document.id.clear();
    }
    // Carried-over kernel calibrations need a measured one to scale.
    for (auto& [key, spec] : byId) {
        if (!spec.computeCalibration || !spec.computeCalibration->carriedOver()) continue;
        const ComputeCalibration* base = catalog.computeCalibration(spec.computeCalibration->carriedFrom);
        if (!base) {
            refError(spec, "/carried_over/from", "measured compute-calibration", spec.computeCalibration->carriedFrom,
                     catalog.ids(SpecKind::ComputeCalibration));
            spec.document.id.clear();
            continue;
        }
        resolveCarryOver(*spec.computeCalibration, *base);
        catalog.m_computeCalibrations[key.second] = *spec.computeCalibration;
    }
    for (auto& [key, spec] : byId) {
        if (!spec.system) continue;
        bool ok = true;
        if (!catalog.gpu(spec.system->gpu)) { refError(spec, "/gpu", "gpu", spec.system->gpu, catalog.ids(SpecKind::Gpu)); ok = false; }
        if (spec.system->superchip && !catalog.superchip(*spec.system->superchip)) {
            refError(spec, "/superchip", "superchip", *spec.system->superchip, catalog.ids(SpecKind::Superchip));
            ok = false;
        }
        if (ok) catalog.m_systems[key.second] = *spec.system;
        else spec.document.id.clear();
    }
    for (auto& [key, spec] : byId) {
        if (spec.document.id.empty()) continue;
        catalog.m_documents.push_back(std::move(spec.document));
    }
    return catalog;
}

SpecErrors SpecCatalog::validateFile(const fs::path& file, const SpecCatalog* context)
{
    SpecErrors errors;
    std::optional<ParsedSpec> spec = parseSpecFile(file, errors);
    if (!spec || !context) return errors;
    auto check = [&](bool known, const std::string& path, std::string_view kind, const std::string& id, SpecKind k) {
        if (!known)
            errors.push_back({file.string(), path, unknownIdMessage(kind, id, context->ids(k))});
    };
    if (spec->superchip) {
        check(context->cpu(spec->superchip->cpu) != nullptr, "/cpu", "cpu", spec->superchip->cpu, SpecKind::Cpu);
        check(context->gpu(spec->superchip->gpu) != nullptr, "/gpu", "gpu", spec->superchip->gpu, SpecKind::Gpu);
    }
    if (spec->computeCalibration && spec->computeCalibration->carriedOver()) {
        const ComputeCalibration* base = context->computeCalibration(spec->computeCalibration->carriedFrom);
        check(base && !base->carriedOver(), "/carried_over/from", "measured compute-calibration",
              spec->computeCalibration->carriedFrom, SpecKind::ComputeCalibration);
    }
    if (spec->system) {
        check(context->gpu(spec->system->gpu) != nullptr, "/gpu", "gpu", spec->system->gpu, SpecKind::Gpu);
        if (spec->system->superchip)
            check(context->superchip(*spec->system->superchip) != nullptr, "/superchip", "superchip",
                  *spec->system->superchip, SpecKind::Superchip);
    }
    return errors;
}

template <class Map>
static auto findIn(const Map& m, std::string_view id) -> decltype(&m.begin()->second)
{
    if (auto it = m.find(id); it != m.end()) return &it->second;
    // Ids are matched ignoring case when that names exactly one spec.
    decltype(&m.begin()->second) found = nullptr;
    for (const auto& [key, value] : m) {
        if (!equalsIgnoringCase(key, id)) continue;
        if (found) return nullptr;
        found = &value;
    }
    return found;
}

const GpuSpec* SpecCatalog::gpu(std::string_view id) const { return findIn(m_gpus, id); }
const CpuSpec* SpecCatalog::cpu(std::string_view id) const { return findIn(m_cpus, id); }
const SuperchipSpec* SpecCatalog::superchip(std::string_view id) const { return findIn(m_superchips, id); }
const SystemSpec* SpecCatalog::system(std::string_view id) const { return findIn(m_systems, id); }
const ModelSpec* SpecCatalog::model(std::string_view id) const { return findIn(m_models, id); }
const CalibrationSpec* SpecCatalog::calibration(std::string_view id) const { return findIn(m_calibrations, id); }
const ComputeCalibration* SpecCatalog::computeCalibration(std::string_view id) const
{
    return findIn(m_computeCalibrations, id);
}

const ComputeCalibration* SpecCatalog::computeCalibrationFor(std::string_view architecture) const
{
    // A shipped calibration (or a user file replacing it by id) first: an
    // imported one for the same architecture under its own id does not take
    // over every scenario by sorting before it.
    const ComputeCalibration* user = nullptr;
    for (const auto& [id, c] : m_computeCalibrations) {
        if (!appliesTo(c, architecture)) continue;
        const SpecDocument* d = document(SpecKind::ComputeCalibration, id);
        if (!d || !d->user || d->overrides) return &c;
        if (!user) user = &c;
    }
    return user;
}

const FluidSpec* SpecCatalog::fluid(std::string_view id) const { return findIn(m_fluids, id); }
const FacilitySpec* SpecCatalog::facility(std::string_view id) const { return findIn(m_facilities, id); }

const SpecDocument* SpecCatalog::document(SpecKind kind, std::string_view id) const
{
    for (const auto& d : m_documents)
        if (d.kind == kind && d.id == id) return &d;
    return nullptr;
}

std::vector<std::string> SpecCatalog::ids(SpecKind kind) const
{
    std::vector<std::string> out;
    auto keys = [&](const auto& m) { for (const auto& [k, _] : m) out.push_back(k); };
    switch (kind) {
    case SpecKind::Gpu: keys(m_gpus); break;
    case SpecKind::Cpu: keys(m_cpus); break;
    case SpecKind::Superchip: keys(m_superchips); break;
    case SpecKind::System: keys(m_systems); break;
    case SpecKind::Model: keys(m_models); break;
    case SpecKind::Calibration: keys(m_calibrations); break;
    case SpecKind::ComputeCalibration: keys(m_computeCalibrations); break;
    case SpecKind::Fluid: keys(m_fluids); break;
    case SpecKind::Facility: keys(m_facilities); break;
    }
    return out;
}

std::vector<fs::path> builtinSpecRoots()
{
    std::vector<fs::path> roots;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = (exe.parent_path() / SCALESCOPE_INSTALL_SPECS).lexically_normal();
        if (fs::is_directory(installed, ec)) roots.push_back(installed);
    }
    const fs::path source = SCALESCOPE_SOURCE_SPECS;
    if (roots.empty() && !source.empty() && fs::is_directory(source, ec)) roots.push_back(source);
    return roots;
}

bool isNetworkCalibration(const CalibrationSpec& c) noexcept
{
    return !c.memoryReserve && !c.criticalBatch && !c.epDispatch;
}

std::vector<std::string> networkCalibrationIds(const SpecCatalog& catalog)
{
    std::vector<std::string> out;
    for (const std::string& id : catalog.ids(SpecKind::Calibration))
        if (const CalibrationSpec* c = catalog.calibration(id); c && isNetworkCalibration(*c)) out.push_back(id);
    return out;
}

const ComputeCalibration* chosenComputeCalibration(const SpecCatalog& catalog, std::string_view id,
                                                  std::string_view architecture)
{
    if (id.empty()) return catalog.computeCalibrationFor(architecture);
    const ComputeCalibration* c = catalog.computeCalibration(id);
    return c && appliesTo(*c, architecture) ? c : nullptr;
}

std::vector<std::string> computeCalibrationIdsFor(const SpecCatalog& catalog, std::string_view architecture)
{
    std::vector<std::string> out;
    for (const std::string& id : catalog.ids(SpecKind::ComputeCalibration))
        if (const ComputeCalibration* c = catalog.computeCalibration(id); c && appliesTo(*c, architecture)) out.push_back(id);
    return out;
}

} // namespace scalescope

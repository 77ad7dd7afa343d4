#pragma once
// All specs the program knows: built-in ones shipped under specs/, and the
// user's own, which replace a built-in spec of the same kind and id. A file
// with any error is left out whole and reported; nothing half-read is used.

#include "model/spec/compute_calibration.h"
#include "model/spec/facility_specs.h"
#include "model/spec/hardware_specs.h"
#include "model/spec/model_spec.h"
#include "model/spec/spec_error.h"
#include "model/spec/system_spec.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace scalescope {

enum class SpecKind { Gpu, Cpu, Superchip, System, Model, Calibration, ComputeCalibration, Fluid, Facility };

inline constexpr SpecKind kAllSpecKinds[] = {
    SpecKind::Gpu,     SpecKind::Cpu,         SpecKind::Superchip,          SpecKind::System,
    SpecKind::Model,   SpecKind::Calibration, SpecKind::ComputeCalibration, SpecKind::Fluid,
    SpecKind::Facility};

[[nodiscard]] std::string_view specKindKey(SpecKind k) noexcept; // "gpu"
[[nodiscard]] std::optional<SpecKind> specKindFromKey(std::string_view key) noexcept;

struct SpecDocument {
    SpecKind kind = SpecKind::Gpu;
    std::string id, name;
    std::filesystem::path file;
    bool user = false;      // from the user data directory
    bool overrides = false; // replaces a built-in spec with the same id
    nlohmann::json json;
};

// "expected the id of a known gpu (a, b), found "x" (did you mean "a"?)".
[[nodiscard]] std::string unknownIdMessage(std::string_view kind, const std::string& id, const std::vector<std::string>& known);

class SpecCatalog final {
public:
    // Later roots override earlier ones by (kind, id). Problems go to errors.
    static SpecCatalog load(const std::vector<std::filesystem::path>& builtinRoots,
                            const std::vector<std::filesystem::path>& userRoots, SpecErrors& errors);

    // Checks one file on its own, and its references against `context`
    // when given. Empty result = valid.
    [[nodiscard]] static SpecErrors validateFile(const std::filesystem::path& file, const SpecCatalog* context);

    [[nodiscard]] const GpuSpec* gpu(std::string_view id) const;
    [[nodiscard]] const CpuSpec* cpu(std::string_view id) const;
    [[nodiscard]] const SuperchipSpec* superchip(std::string_view id) const;
    [[nodiscard]] const SystemSpec* system(std::string_view id) const;
    [[nodiscard]] const ModelSpec* model(std::string_view id) const;
    [[nodiscard]] const CalibrationSpec* calibration(std::string_view id) const;
    [[nodiscard]] const ComputeCalibration* computeCalibration(std::string_view id) const;
    // The kernel calibration for a GPU architecture ("Hopper", any case), or null.
    [[nodiscard]] const ComputeCalibration* computeCalibrationFor(std::string_view architecture) const;
    [[nodiscard]] const FluidSpec* fluid(std::string_view id) const;
    [[nodiscard]] const FacilitySpec* facility(std::string_view id) const;

    [[nodiscard]] const std::vector<SpecDocument>& documents() const noexcept { return m_documents; }
    [[nodiscard]] const SpecDocument* document(SpecKind kind, std::string_view id) const;
    [[nodiscard]] std::vector<std::string> ids(SpecKind kind) const;

private:
    std::map<std::string, GpuSpec, std::less<>> m_gpus;
    std::map<std::string, CpuSpec, std::less<>> m_cpus;
    std::map<std::string, SuperchipSpec, std::less<>> m_superchips;
    std::map<std::string, SystemSpec, std::less<>> m_systems;
    std::map<std::string, ModelSpec, std::less<>> m_models;
    std::map<std::string, CalibrationSpec, std::less<>> m_calibrations;
    std::map<std::string, ComputeCalibration, std::less<>> m_computeCalibrations;
    std::map<std::string, FluidSpec, std::less<>> m_fluids;
    std::map<std::string, FacilitySpec, std::less<>> m_facilities;
    std::vector<SpecDocument> m_documents; // sorted by kind, then id
};

// Where the built-in specs are: next to an installed binary
// (<prefix>/share/scalescope/specs) or, in a build tree, the source tree.
[[nodiscard]] std::vector<std::filesystem::path> builtinSpecRoots();

// Reads a JSON file; on failure returns nullopt and appends an error
// naming the line and column of a syntax error.
[[nodiscard]] std::optional<nlohmann::json> readJsonFile(const std::filesystem::path& file, SpecErrors& errors);

// A calibration document holding collective efficiencies (nccl-measured, an
// imported nccl-tests fit), not the memory reserve or the critical batch.
[[nodiscard]] bool isNetworkCalibration(const CalibrationSpec& c) noexcept;
// The calibrations a scenario may name (scenario block "calibration"): the
// network ones, and the compute ones covering `architecture` (any case).
[[nodiscard]] std::vector<std::string> networkCalibrationIds(const SpecCatalog& catalog);
// The compute calibration a scenario naming `id` ("" = the default) runs on
// for `architecture`: the named one when it covers the architecture, the
// family's default when none is named; null otherwise.
[[nodiscard]] const ComputeCalibration* chosenComputeCalibration(const SpecCatalog& catalog, std::string_view id,
                                                                 std::string_view architecture);
[[nodiscard]] std::vector<std::string> computeCalibrationIdsFor(const SpecCatalog& catalog, std::string_view architecture);

} // namespace scalescope

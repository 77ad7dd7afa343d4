#pragma once
// Where an operation row's efficiency comes from: the citation of its source
// key, the calibration holding that key and the kind of the entry, for the
// breakdowns of every mode (JSON, text, the GUI's tooltip and exports).

#include "model/core/operation_table.h"
#include "model/core/resolved_system.h"

#include <string>
#include <string_view>

namespace scalescope {

// Whether a citation labels its value an assumption: the shipped files write
// "ScaleScope assumption: ..." (or "assumption: ...").
[[nodiscard]] bool labelledAssumption(std::string_view citation) noexcept;

// The citation of a row's efficiency source key ("" for the pure roofline).
[[nodiscard]] std::string sourceCitation(const ResolvedSystem& ctx, const OpRow& r);

// What a row's efficiency rests on: nothing (the pure roofline), a shipped
// measurement, a curve carried over from another GPU, the user's own
// measurement (an imported calibration), a labelled ScaleScope assumption, or
// a measured curve extrapolated past its last measured point (labelled).
enum class SourceKind { Roofline, ShippedMeasurement, CarriedOver, UserMeasurement, Assumption, Extrapolated };
[[nodiscard]] std::string_view sourceKindKey(SourceKind k) noexcept; // "shipped-measurement"
// How the model's own extrapolation labels begin (a row citing one is SourceKind::Extrapolated).
inline constexpr std::string_view kExtrapolationLabel = "ScaleScope extrapolation:";

// A row's source as its calibration entry: the calibration's id ("" for the
// roofline or a key no calibration holds) and the kind of the entry.
struct RowProvenance {
    std::string calibration;
    SourceKind kind = SourceKind::Roofline;
};
[[nodiscard]] RowProvenance rowProvenance(const ResolvedSystem& ctx, const OpRow& r);

} // namespace scalescope

#include "model/core/row_provenance.h"

namespace scalescope {

namespace {

std::string citationOf(const ResolvedSystem& ctx, const std::string& key)
{
    for (const SourceMap* sources : {&ctx.compute.sources, &ctx.calibration.sources}) {
        const auto it = sources->find(key);
        if (it != sources->end()) return it->second;
    }
    return key;
}

} // namespace

std::string sourceCitation(const ResolvedSystem& ctx, const OpRow& r)
{
    if (!r.source) return {};
    if (isExtrapolation(r.source)) {
        // "extrapolated: KEY beyond …": the label, then the citation of the table it extends.
        constexpr std::string_view prefix = "extrapolated: ";
        const std::string& label = *r.source;
        const size_t end = label.find(" beyond ");
        if (end != std::string::npos && end > prefix.size())
            return label + ". " + label.substr(prefix.size(), end - prefix.size()) + ": " +
                   citationOf(ctx, label.substr(prefix.size(), end - prefix.size()));
    }
    return citationOf(ctx, *r.source);
}

std::string_view sourceKindKey(SourceKind k) noexcept
{
    switch (k) {
    case SourceKind::Roofline: return "roofline";
    case SourceKind::ShippedMeasurement: return "shipped-measurement";
    case SourceKind::CarriedOver: return "carried-over";
    case SourceKind::UserMeasurement: return "user-measurement";
    case SourceKind::Assumption: return "assumption";
    case SourceKind::Extrapolated: return "extrapolated";
    }
    return "roofline";
}

RowProvenance rowProvenance(const ResolvedSystem& ctx, const OpRow& r)
{
    if (!r.source) return {};
    if (isExtrapolation(r.source)) return {ctx.compute.id, SourceKind::Extrapolated};
    // The shipped files label what they assume ("ScaleScope assumption: ...").
    const auto labelled = [](const std::string& citation) { return citation.find("assumption") != std::string::npos; };
    if (const auto it = ctx.compute.sources.find(*r.source); it != ctx.compute.sources.end()) {
        if (ctx.computeUser) return {ctx.compute.id, SourceKind::UserMeasurement};
        if (ctx.computeCarriedOver) return {ctx.compute.id, SourceKind::CarriedOver};
        return {ctx.compute.id, labelled(it->second) ? SourceKind::Assumption : SourceKind::ShippedMeasurement};
    }
    if (const auto it = ctx.calibration.sources.find(*r.source); it != ctx.calibration.sources.end()) {
        if (ctx.calibrationUser) return {ctx.calibration.id, SourceKind::UserMeasurement};
        return {ctx.calibration.id, labelled(it->second) ? SourceKind::Assumption : SourceKind::ShippedMeasurement};
    }
    return {{}, SourceKind::Assumption}; // a key the model itself cites (its text is the label)
}

} // namespace scalescope

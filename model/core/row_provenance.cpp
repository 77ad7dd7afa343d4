#include "model/core/row_provenance.h"

#include "model/core/model_citations.h"

namespace scalescope {

namespace {

std::string citationOf(const ResolvedSystem& ctx, const std::string& key)
{
    for (const SourceMap* sources : {&ctx.compute.sources, &ctx.calibration.sources}) {
        const auto it = sources->find(key);
        if (it != sources->end()) return it->second;
    }
    if (ctx.epDispatchCalibration) {
        const auto it = ctx.epDispatchCalibration->sources.find(key);
        if (it != ctx.epDispatchCalibration->sources.end()) return it->second;
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
    if (const std::string citation = citationOf(ctx, *r.source); citation != *r.source) return citation;
    if (const std::string_view own = modelCitation(*r.source); !own.empty()) return std::string(own);
    return *r.source;
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

bool labelledAssumption(std::string_view citation) noexcept
{
    return citation.find("assumption") != std::string_view::npos;
}

RowProvenance rowProvenance(const ResolvedSystem& ctx, const OpRow& r)
{
    if (!r.source) return {};
    if (isExtrapolation(r.source)) return {ctx.compute.id, SourceKind::Extrapolated};
    const auto labelled = [](const std::string& citation) { return labelledAssumption(citation); };
    if (const auto it = ctx.compute.sources.find(*r.source); it != ctx.compute.sources.end()) {
        if (it->second.starts_with(kExtrapolationLabel)) return {ctx.compute.id, SourceKind::Extrapolated};
        if (ctx.computeUser) return {ctx.compute.id, SourceKind::UserMeasurement};
        if (ctx.computeCarriedOver) return {ctx.compute.id, SourceKind::CarriedOver};
        return {ctx.compute.id, labelled(it->second) ? SourceKind::Assumption : SourceKind::ShippedMeasurement};
    }
    if (const auto it = ctx.calibration.sources.find(*r.source); it != ctx.calibration.sources.end()) {
        if (ctx.calibrationUser) return {ctx.calibration.id, SourceKind::UserMeasurement};
        return {ctx.calibration.id, labelled(it->second) ? SourceKind::Assumption : SourceKind::ShippedMeasurement};
    }
    if (const auto& ep = ctx.epDispatchCalibration) {
        if (const auto it = ep->sources.find(*r.source); it != ep->sources.end())
            return {ep->id, labelled(it->second) ? SourceKind::Assumption : SourceKind::ShippedMeasurement};
    }
    return {{}, SourceKind::Assumption}; // a key the model itself cites (model_citations.h), or unknown
}

} // namespace scalescope

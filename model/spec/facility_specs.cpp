#include "model/spec/facility_specs.h"

namespace scalescope {

using D = Dimension;

std::string_view feedRedundancyKey(FeedRedundancy r) noexcept
{
    switch (r) {
    case FeedRedundancy::N: return "N";
    case FeedRedundancy::NPlusOne: return "N+1";
    case FeedRedundancy::TwoN: return "2N";
    }
    return "?";
}

std::optional<FeedRedundancy> feedRedundancyFromKey(std::string_view key) noexcept
{
    for (FeedRedundancy r : {FeedRedundancy::N, FeedRedundancy::NPlusOne, FeedRedundancy::TwoN})
        if (feedRedundancyKey(r) == key) return r;
    return std::nullopt;
}

FluidSpec readFluidSpec(SpecReader& r)
{
    FluidSpec f;
    f.id = r.text("/id");
    f.name = r.text("/name");
    f.sources = r.sources();
    f.referenceTemperature = r.quantity<D::Temperature>("/reference_temperature");
    f.density = r.quantity<D::Density>("/density");
    f.specificHeat = r.quantity<D::SpecificHeat>("/specific_heat");
    f.freezingPoint = r.optQuantity<D::Temperature>("/freezing_point");
    return f;
}

FacilitySpec readFacilitySpec(SpecReader& r)
{
    FacilitySpec f;
    f.id = r.text("/id");
    f.name = r.text("/name");
    f.sources = r.sources();
    f.feed.lineVoltage = r.quantity<D::Voltage>("/feed/line_voltage");
    f.feed.phases = r.integer("/feed/phases");
    if (f.feed.phases.value != 1 && f.feed.phases.value != 3)
        r.error("/feed/phases/value", "expected 1 or 3 phases, found " + std::to_string(f.feed.phases.value));
    f.feed.powerFactor = r.fraction("/feed/power_factor");
    f.load.idleFraction = r.fraction("/load/idle_fraction");
    f.load.typicalUtilisation = r.fraction("/load/typical_utilisation");
    f.load.mfuAtFullPower = r.fraction("/load/mfu_at_full_power");
    f.airDeltaT = r.quantity<D::Temperature>("/air_delta_T");
    ReliabilitySpec& rel = f.reliability;
    rel.failuresPerGpuHour = r.count("/reliability/failures_per_gpu_hour");
    rel.restartTime = r.quantity<D::Time>("/reliability/restart_time");
    rel.checkpointWrite = r.quantity<D::Time>("/reliability/checkpoint_write");
    rel.checkpointInterval = r.optQuantity<D::Time>("/reliability/checkpoint_interval");
    return f;
}

} // namespace scalescope

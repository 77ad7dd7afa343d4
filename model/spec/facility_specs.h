#pragma once
// Data-centre specs read from specs/facility: coolant and air properties
// (kind "fluid") and the facility assumptions (kind "facility"): how racks
// are fed, how IT power follows utilisation, and how often GPUs fail.
// Every number keeps its source; assumptions cite an "assume" key.

#include "model/spec/sourced.h"
#include "model/spec/spec_reader.h"
#include "model/spec/units.h"

#include <optional>
#include <string>

namespace scalescope {

// A heat-transfer fluid at one reference temperature (fact sheet F).
struct FluidSpec {
    std::string id, name; // id "water", "pg25", "air"
    SourceMap sources;
    Sourced<Kelvin> referenceTemperature;
    Sourced<KilogramsPerCubicMetre> density;
    Sourced<JoulesPerKilogramKelvin> specificHeat;
    std::optional<Sourced<Kelvin>> freezingPoint;
};

enum class FeedRedundancy { N, NPlusOne, TwoN };
[[nodiscard]] std::string_view feedRedundancyKey(FeedRedundancy r) noexcept; // "N", "N+1", "2N"
[[nodiscard]] std::optional<FeedRedundancy> feedRedundancyFromKey(std::string_view key) noexcept;

// One AC feed into a rack. Current per conductor: I = P / (√3 · V_LL · PF)
// for three phases, I = P / (V · PF) for one.
struct ElectricalFeedSpec {
    Sourced<Volts> lineVoltage; // line to line
    Sourced<int> phases;        // 1 or 3
    Sourced<double> powerFactor;
};

// How IT power follows load: P(u) = P_peak · (idle + (1 − idle) · u), with
// u the utilisation in [0, 1]; a job's u is MFU / mfuAtFullPower, capped at 1.
struct LoadProfileSpec {
    Sourced<double> idleFraction;       // P(0) / P_peak
    Sourced<double> typicalUtilisation; // u of the "typical" budget line
    Sourced<double> mfuAtFullPower;     // MFU at which a training job draws peak power
};

// Failures and recovery of a training job (goodput.h).
struct ReliabilitySpec {
    Sourced<double> failuresPerGpuHour;
    Sourced<Seconds> restartTime;     // detect, reschedule, reload the last checkpoint
    Sourced<Seconds> checkpointWrite; // training paused per checkpoint
    std::optional<Sourced<Seconds>> checkpointInterval; // absent: Young/Daly optimum
};

struct FacilitySpec {
    std::string id, name;
    SourceMap sources;
    ElectricalFeedSpec feed;
    LoadProfileSpec load;
    Sourced<Kelvin> airDeltaT; // air temperature rise through servers, for the air-cooling comparison
    ReliabilitySpec reliability;
};

[[nodiscard]] FluidSpec readFluidSpec(SpecReader& r);
[[nodiscard]] FacilitySpec readFacilitySpec(SpecReader& r);

} // namespace scalescope

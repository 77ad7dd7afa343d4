#pragma once
// Turn one spec document into its typed form. Errors go into the reader;
// a result is only meaningful when the reader reported none.

#include "hardware_specs.h"
#include "model_spec.h"
#include "spec_reader.h"
#include "system_spec.h"

namespace scalescope {

[[nodiscard]] GpuSpec readGpuSpec(SpecReader& r);
[[nodiscard]] CpuSpec readCpuSpec(SpecReader& r);
[[nodiscard]] SuperchipSpec readSuperchipSpec(SpecReader& r);
[[nodiscard]] SystemSpec readSystemSpec(SpecReader& r);
[[nodiscard]] ModelSpec readModelSpec(SpecReader& r);
[[nodiscard]] CalibrationSpec readCalibrationSpec(SpecReader& r);

} // namespace scalescope

#pragma once
// Turn one spec document into its typed form. Errors go into the reader;
// a result is only meaningful when the reader reported none.

#include "model/spec/hardware_specs.h"
#include "model/spec/model_spec.h"
#include "model/spec/spec_reader.h"
#include "model/spec/system_spec.h"

namespace scalescope {

[[nodiscard]] GpuSpec readGpuSpec(SpecReader& r);
[[nodiscard]] CpuSpec readCpuSpec(SpecReader& r);
[[nodiscard]] SuperchipSpec readSuperchipSpec(SpecReader& r);
[[nodiscard]] SystemSpec readSystemSpec(SpecReader& r);
[[nodiscard]] ModelSpec readModelSpec(SpecReader& r);
[[nodiscard]] CalibrationSpec readCalibrationSpec(SpecReader& r);

} // namespace scalescope

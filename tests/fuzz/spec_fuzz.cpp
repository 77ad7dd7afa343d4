// libFuzzer harness: one spec file of arbitrary bytes through the spec reader
// (JSON parse, kind dispatch, sourced values, units), checked against the
// shipped catalog for references. It must report problems, never crash.

#include "fuzz_support.h"

#include "model/spec/spec_catalog.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto file = scalescope::fuzz::writeInput(data, size, "-spec.json");
    const scalescope::SpecErrors errors = scalescope::SpecCatalog::validateFile(file, &scalescope::fuzz::shippedCatalog());
    for (const auto& e : errors)
        if (e.message.empty()) std::abort(); // every problem says what was expected
    return 0;
}

// libFuzzer harness: the quantity parser ("512 MB", "1.8 TB/s", "989 TFLOP/s")
// on arbitrary text. A parse either fails with a message or yields a finite,
// non-negative value.

#include "model/spec/quantity_parser.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const scalescope::QuantityParse p = scalescope::parseQuantity(text);
    if (p && !std::isfinite(p.quantity->si)) std::abort();
    if (!p && p.error.empty()) std::abort(); // a refusal always says why
    return 0;
}

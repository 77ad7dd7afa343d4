// libFuzzer harness: the nccl-tests log reader on arbitrary text. A read
// either fails with a message naming a line inside the text (or the one
// after it), or yields a log whose numbers are finite and whose rows the
// fit takes without producing a NaN.

#include "model/calibration/nccl_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace scalescope;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The name carries a collective, so the rows' checks run.
    const NcclTestsLogRead r = readNcclTestsLog(text, "all_reduce_perf.log");
    if (r.log.has_value() == r.error.has_value()) std::abort();
    if (r.error) {
        const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 2;
        if (r.error->message.empty() || r.error->line < 1 || r.error->line > lines) std::abort();
        return 0;
    }
    const NcclTestsLog& log = *r.log;
    if (log.gpus < 0 || log.nodes < 1) std::abort();
    for (const NcclTestsRow& row : log.rows)
        for (const NcclTestsResult& x : {row.outOfPlace, row.inPlace})
            if (!std::isfinite(x.timeUs) || !std::isfinite(x.algorithmGBps) || !std::isfinite(x.busGBps)) std::abort();
    const auto points = chunkBandwidths(log, 0);
    if (const auto fit = fitNcclEfficiency(points, 450e9))
        if (!std::isfinite(fit->achievableFraction) || !std::isfinite(fit->halfChunkBytes) || fit->halfChunkBytes < 0) std::abort();
    return 0;
}

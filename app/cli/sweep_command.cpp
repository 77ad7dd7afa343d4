#include "cli_args.h"
#include "commands.h"
#include "scenario_loading.h"
#include "sweep_output.h"
#include "text_table.h"

#include "model/report/csv_table.h"
#include "model/spec/quantity_parser.h"

#include <iomanip>
#include <sstream>

namespace scalescope::cli {

namespace {

constexpr const char* kSweepHelp = R"(usage: scalescope-cli sweep SCENARIO --axis tp|pp|cp|ep|mbs|gpus [--json | --csv]

Sweeps one parallelism axis of a training scenario over every value it can
take, everything else fixed, and evaluates each value as `evaluate` would:
  tp, pp, cp  the GPU count and the other two stay; dp takes the rest
              (the divisors of gpus / the other two; tp at most the heads,
              pp at most the layers)
  ep          dp stays: the divisors of dp that are at most the experts
  mbs         the micro-batch size: the divisors of global_batch / dp
  gpus        tp, pp and cp stay and dp scales: every dp dividing
              global_batch / mbs, up to the system's largest cluster
As the planner's sliders do, ep then falls back to the largest value at most
its own that divides dp, and vpp to 1 without a pipeline; each point shows
the layout it ran. A value the layout check refuses is listed as excluded,
with the JSON path and the reason. An inference scenario is refused (exit 1):
its batch sweep is `export --view throughput-latency`.

Each point: step time, MFU, tokens/s, memory per GPU against usable HBM
(fits), exposed communication (in all and per axis) and whether the axis's
groups leave the NVLink domain. Also printed: the NVLink domain's size, the
boundary (the smallest swept value whose groups span more than one NVLink
domain, as placed on the hardware in the scenario's axis order; null when
none does) and the memory limit (the smallest usable HBM of the points).
  --axis A  tp, pp, cp, ep, mbs (micro-batch size) or gpus
  --json    JSON: {"axis", "current", "points": [{"value", "step_time_s",
            "mfu", "tokens_per_s", "memory_per_gpu_bytes", "memory_per_gpu_GiB",
            "memory_limit_bytes", "fits", "exposed_comm_s", "exposed_tp_s", ...,
            "leaves_nvlink_domain", layout}], "excluded": [{"value", "path",
            "reason"}], "nvlink_domain_gpus", "nvlink_domain_boundary",
            "memory_limit_bytes", "memory_limit_GiB"}
  --csv     one CSV row per point, the JSON's point keys as columns
Without --json or --csv: a table.
)";

std::string percentText(double fraction)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << fraction * 100 << " %";
    return s.str();
}

std::string gibText(Bytes b)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << b.si / kBytesPerGiB << " GiB";
    return s.str();
}

void printSweepTable(const std::string& scenario, const AxisSweep& s, std::ostream& out)
{
    const std::string axis(sweepAxisKey(s.axis));
    out << scenario << ": " << axis << " swept over " << s.points.size() << " values (the scenario's: " << s.current
        << ")\n";
    using A = TextTable::Align;
    TextTable table({{axis, A::Right},
                     {"tp·pp·cp·dp·ep", A::Right},
                     {"step time", A::Right},
                     {"MFU", A::Right},
                     {"tokens/s", A::Right},
                     {"memory/GPU", A::Right},
                     {"fits", A::Left},
                     {"exposed comm", A::Right},
                     {"NVLink", A::Left}});
    for (const SweepPoint& p : s.points) {
        const ParallelLayout& l = p.layout;
        std::ostringstream shape, rate;
        shape << l.tp << "·" << l.pp << "·" << l.cp << "·" << l.dp << "·" << l.ep;
        rate << std::fixed << std::setprecision(0) << p.tokensPerS;
        table.addRow({std::to_string(p.value), shape.str(), format(p.stepTime), percentText(p.mfu), rate.str(),
                      gibText(p.memoryPerGpu), p.fits ? "yes" : p.fitsWithSpill ? "spills" : "no", format(p.exposedComm),
                      p.leavesNvlinkDomain ? "leaves" : "inside"},
                     p.value == s.current ? "(scenario)" : "");
    }
    table.print(out);
    for (const SweepExclusion& x : s.excluded) out << axis << " " << x.value << " excluded: " << x.path << ": " << x.reason << "\n";
    out << "NVLink domain: " << s.nvlinkDomainGpus << " GPUs; ";
    if (s.nvlinkDomainBoundary) out << axis << " " << *s.nvlinkDomainBoundary << " is the first to leave it\n";
    else out << "no swept value leaves it\n";
    out << "memory limit (usable HBM per GPU): " << gibText(s.memoryLimit) << "\n";
}

} // namespace

int runSweep(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto parsed = CliArgs::parse(args, {"--help", "--json", "--csv"}, {"--axis"}, err);
    if (!parsed) return Usage;
    if (parsed->has("--help")) {
        out << kSweepHelp;
        return Ok;
    }
    if (parsed->positional().size() != 1) {
        err << "error: sweep needs one SCENARIO\n" << kSweepHelp;
        return Usage;
    }
    if (parsed->has("--json") && parsed->has("--csv")) {
        err << "error: --csv: not with --json\n";
        return Usage;
    }
    const auto axisText = parsed->value("--axis");
    const auto axis = axisText ? sweepAxisFromKey(*axisText) : std::nullopt;
    if (!axis) {
        err << "error: --axis: expected tp, pp, cp, ep, mbs or gpus, found \"" << axisText.value_or("") << "\"\n";
        return Usage;
    }
    const std::string& file = parsed->positional()[0];
    const auto ctx = loadContext(file, err);
    if (!ctx) return BadInput;
    const AxisSweep sweep = sweepAxis(*ctx, sharedCatalog(err), *axis);
    if (!sweep.ok) {
        err << file << ": " << sweep.errorPath << ": " << sweep.error << "\n";
        return BadInput;
    }
    if (parsed->has("--json")) out << sweepJson(ctx->scenario.name, sweep).dump(2) << "\n";
    else if (parsed->has("--csv")) out << sweepCsv(sweep);
    else printSweepTable(ctx->scenario.name, sweep, out);
    return Ok;
}

} // namespace scalescope::cli

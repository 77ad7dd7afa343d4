#include "model/training/pipeline_schedule.h"

namespace scalescope {

PipelineTimes pipelineTimes(const ParallelLayout& p, int microbatches, Seconds tF, Seconds tB, Seconds p2p) noexcept
{
    const double m = microbatches, stages = p.pp;
    PipelineTimes out;
    if (p.pp <= 1) {
        out.total = (tF + tB) * m;
        return out;
    }
    switch (p.schedule) {
    case Schedule::GPipe:
    case Schedule::OneFOneB: {
        const Seconds f = tF + p2p, b = tB + p2p;
        out.total = (f + b) * (m + stages - 1);
        out.bubble = (f + b) * (stages - 1);
        out.p2pExposed = p2p * (2 * m);
        break;
    }
    case Schedule::Interleaved: {
        const double v = p.vpp;
        const Seconds f = tF / v + p2p, b = tB / v + p2p;
        out.total = (f + b) * (m * v + stages - 1);
        out.bubble = (f + b) * (stages - 1);
        out.p2pExposed = p2p * (2 * m * v);
        break;
    }
    case Schedule::ZeroBubble: {
        const Seconds f = tF + p2p, b = tB + p2p, inputGrad = tB / 2.0 + p2p;
        out.total = (f + b) * m + (f + inputGrad) * (stages - 1);
        out.bubble = (f + inputGrad) * (stages - 1);
        out.p2pExposed = p2p * (2 * m);
        break;
    }
    }
    return out;
}

} // namespace scalescope

#include "model/training/pipeline_timeline.h"

#include "model/training/layout_check.h"
#include "model/training/pipeline_schedule.h"
#include "model/training/stable_bucket_sort.h"

#include <algorithm>
#include <stdexcept>

namespace scalescope {

namespace {

struct Op {
    EventKind kind;
    int chunk;
    int mb;
};

// Per-stage op order of each schedule (Megatron-LM's 1F1B and interleaved
// orders; GPipe all forwards then all backwards; zero-bubble style splits
// the backward into B and W).
std::vector<std::vector<Op>> opOrders(const ParallelLayout& p, int m)
{
    const int stages = p.pp, v = p.schedule == Schedule::Interleaved ? p.vpp : 1;
    std::vector<std::vector<Op>> orders(static_cast<size_t>(stages));
    for (int s = 0; s < stages; ++s) {
        std::vector<Op>& o = orders[static_cast<size_t>(s)];
        switch (p.schedule) {
        case Schedule::GPipe:
            for (int j = 0; j < m; ++j) o.push_back({EventKind::Forward, 0, j});
            for (int j = 0; j < m; ++j) o.push_back({EventKind::Backward, 0, j});
            break;
        case Schedule::OneFOneB:
        case Schedule::ZeroBubble: {
            const bool split = p.schedule == Schedule::ZeroBubble;
            const int warm = std::min(stages - s - 1, m);
            for (int j = 0; j < warm; ++j) o.push_back({EventKind::Forward, 0, j});
            for (int j = 0; j < m - warm; ++j) {
                o.push_back({EventKind::Forward, 0, warm + j});
                o.push_back({EventKind::Backward, 0, j});
                if (split) o.push_back({EventKind::WeightGrad, 0, j});
            }
            for (int j = m - warm; j < m; ++j) {
                o.push_back({EventKind::Backward, 0, j});
                if (split) o.push_back({EventKind::WeightGrad, 0, j});
            }
            break;
        }
        case Schedule::Interleaved: {
            const int total = m * v;
            const auto chunkOf = [&](int k) { return (k % (stages * v)) / stages; };
            const auto mbOf = [&](int k) { return (k / (stages * v)) * stages + k % stages; };
            const int warm = std::min((stages - s - 1) * 2 + (v - 1) * stages, total);
            int f = 0, b = 0;
            for (; f < warm; ++f) o.push_back({EventKind::Forward, chunkOf(f), mbOf(f)});
            while (f < total) {
                o.push_back({EventKind::Forward, chunkOf(f), mbOf(f)});
                ++f;
                o.push_back({EventKind::Backward, v - 1 - chunkOf(b), mbOf(b)});
                ++b;
            }
            for (; b < total; ++b) o.push_back({EventKind::Backward, v - 1 - chunkOf(b), mbOf(b)});
            break;
        }
        }
    }
    return orders;
}

} // namespace

Seconds simulatePipeline(const ParallelLayout& p, int m, Seconds tF, Seconds tB, Seconds p2p, std::vector<TimelineEvent>* events)
{
    const int stages = std::max(1, p.pp);
    const int v = p.schedule == Schedule::Interleaved ? p.vpp : 1;
    const bool split = p.schedule == Schedule::ZeroBubble;
    if (stages == 1) p2p = Seconds{}; // nothing to send to
    const double fDur = tF.si / v + p2p.si;
    const double bDur = (split ? tB.si / 2 : tB.si / v) + p2p.si;
    const double wDur = tB.si / 2;
    const auto orders = opOrders(p, m);
    // end times: [kind F/B][chunk][stage][mb]; -1 = not yet scheduled
    const size_t perKind = static_cast<size_t>(v) * stages * m;
    std::vector<double> endF(perKind, -1), endB(perKind, -1);
    const auto at = [&](int chunk, int stage, int mb) { return (static_cast<size_t>(chunk) * stages + stage) * m + mb; };
    std::vector<size_t> next(static_cast<size_t>(stages), 0);
    std::vector<double> free(static_cast<size_t>(stages), 0.0);
    size_t remaining = 0;
    for (const auto& o : orders) remaining += o.size();
    double makespan = 0;
    while (remaining > 0) {
        bool progress = false;
        for (int s = 0; s < stages; ++s) {
            const auto& order = orders[static_cast<size_t>(s)];
            size_t& i = next[static_cast<size_t>(s)];
            while (i < order.size()) {
                const Op& op = order[i];
                double ready = 0;
                if (op.kind == EventKind::Forward) {
                    if (s > 0) ready = endF[at(op.chunk, s - 1, op.mb)];
                    else if (op.chunk > 0) ready = endF[at(op.chunk - 1, stages - 1, op.mb)];
                } else if (op.kind == EventKind::Backward) {
                    if (s < stages - 1) ready = endB[at(op.chunk, s + 1, op.mb)];
                    else if (op.chunk < v - 1) ready = endB[at(op.chunk + 1, 0, op.mb)];
                    else ready = endF[at(op.chunk, s, op.mb)];
                } else {
                    ready = endB[at(op.chunk, s, op.mb)];
                }
                if (ready < 0) break;
                const double start = std::max(free[static_cast<size_t>(s)], ready);
                const double dur = op.kind == EventKind::Forward ? fDur : op.kind == EventKind::Backward ? bDur : wDur;
                const double end = start + dur;
                if (op.kind == EventKind::Forward) endF[at(op.chunk, s, op.mb)] = end;
                else if (op.kind == EventKind::Backward) endB[at(op.chunk, s, op.mb)] = end;
                free[static_cast<size_t>(s)] = end;
                makespan = std::max(makespan, end);
                if (events) {
                    TimelineEvent e;
                    e.stage = s;
                    e.kind = op.kind;
                    e.microbatch = op.mb;
                    e.chunk = op.chunk;
                    e.start = Seconds{start};
                    e.end = Seconds{op.kind == EventKind::WeightGrad ? end : end - p2p.si};
                    events->push_back(e);
                    if (op.kind != EventKind::WeightGrad && p2p.si > 0) {
                        TimelineEvent send = e;
                        send.lane = Lane::Pp;
                        send.kind = EventKind::Comm;
                        send.start = e.end;
                        send.end = Seconds{end};
                        events->push_back(send);
                    }
                }
                ++i;
                --remaining;
                progress = true;
            }
        }
        if (!progress) throw std::logic_error("pipeline schedule deadlocked"); // a bug in opOrders, never user input
    }
    return Seconds{makespan};
}

long long pipelineOperations(const ParallelLayout& p, int microbatches) noexcept
{
    const long long chunks = p.schedule == Schedule::Interleaved ? p.vpp : 1;
    const long long passes = p.schedule == Schedule::ZeroBubble ? 3 : 2;
    return static_cast<long long>(p.pp) * chunks * std::max(microbatches, 0) * passes;
}

Timeline buildTimeline(const EvaluationContext& ctx, const ParallelLayout& p, const Evaluation& e)
{
    Timeline t;
    t.stages = p.pp;
    if (!e.ok) return t;
    const StageTimes& st = e.stage;
    std::vector<TimelineEvent> pipeline;
    pipeline.reserve(static_cast<size_t>(e.microbatches) * p.pp * p.vpp * 6);
    const Seconds makespan = simulatePipeline(p, e.microbatches, st.forward(), st.backward(), st.p2p, &pipeline);
    (void)ctx; // the context is not needed yet; kept so views can ask for tier names later
    // Split each compute op into its compute part and the exposed collectives
    // that run inside it (aggregated per micro-batch: TP, EP, then CP).
    const double v = p.schedule == Schedule::Interleaved ? p.vpp : 1;
    const bool split = p.schedule == Schedule::ZeroBubble;
    for (const TimelineEvent& op : pipeline) {
        if (op.lane != Lane::Compute || op.kind == EventKind::WeightGrad) {
            t.events.push_back(op);
            continue;
        }
        const bool fwd = op.kind == EventKind::Forward;
        const double scale = fwd ? 1.0 / v : (split ? 0.5 : 1.0 / v);
        struct Part { Lane lane; EventKind kind; Seconds d; int tier; };
        const Part parts[] = {
            {Lane::Compute, EventKind::Recompute, fwd ? Seconds{} : st.recompute * scale, -1},
            {Lane::Compute, op.kind, (fwd ? st.forwardCompute : st.backwardCompute) * scale, -1},
            {Lane::Tp, EventKind::Comm, (fwd ? st.tpForward : st.tpBackward) * scale, e.axis(CommAxis::Tp).tier},
            {Lane::Ep, EventKind::Comm, (fwd ? st.epForward : st.epBackward) * scale, e.axis(CommAxis::Ep).tier},
            {Lane::Cp, EventKind::Comm, (fwd ? st.cpForwardExposed : st.cpBackwardExposed) * scale, e.axis(CommAxis::Cp).tier},
        };
        // Communication that overlapped this op's compute: drawn beside it, not on the critical path.
        const Part hiddenParts[] = {
            {Lane::Tp, EventKind::Comm, (fwd ? st.tpForwardHidden : st.tpBackwardHidden) * scale, e.axis(CommAxis::Tp).tier},
            {Lane::Ep, EventKind::Comm, (fwd ? st.epForwardHidden : st.epBackwardHidden) * scale, e.axis(CommAxis::Ep).tier},
            {Lane::Cp, EventKind::Comm, (fwd ? st.cpForwardHidden : st.cpBackwardHidden) * scale, e.axis(CommAxis::Cp).tier},
        };
        for (const Part& part : hiddenParts) {
            if (part.d.si <= 0) continue;
            TimelineEvent ev = op;
            ev.lane = part.lane;
            ev.kind = part.kind;
            ev.start = op.start;
            ev.end = op.start + part.d;
            ev.tier = part.tier;
            ev.exposed = false;
            const AxisComm& axis = e.axis(part.lane == Lane::Tp ? CommAxis::Tp : part.lane == Lane::Ep ? CommAxis::Ep : CommAxis::Cp);
            ev.bytes = axis.time.si > 0 ? Bytes{axis.bytes.si * part.d.si / axis.time.si} : Bytes{};
            t.events.push_back(ev);
        }
        Seconds cursor = op.start;
        for (const Part& part : parts) {
            if (part.d.si <= 0) continue;
            TimelineEvent ev = op;
            ev.lane = part.lane;
            ev.kind = part.kind;
            ev.start = cursor;
            ev.end = cursor + part.d;
            ev.tier = part.tier;
            if (part.lane != Lane::Compute) {
                const AxisComm& axis = e.axis(part.lane == Lane::Tp ? CommAxis::Tp : part.lane == Lane::Ep ? CommAxis::Ep : CommAxis::Cp);
                ev.bytes = axis.time.si > 0 ? Bytes{axis.bytes.si * part.d.si / axis.time.si} : Bytes{};
            }
            cursor = ev.end;
            t.events.push_back(ev);
        }
    }
    // Data parallelism: the hidden part overlaps the end of the pipeline, the
    // exposed part follows it; then the optimizer step.
    const AxisComm& dp = e.axis(CommAxis::Dp);
    const Seconds hidden = dp.time - dp.exposed;
    Seconds cursor = makespan;
    for (int s = 0; s < p.pp; ++s) {
        TimelineEvent ev;
        ev.stage = s;
        ev.lane = Lane::Dp;
        ev.kind = EventKind::Comm;
        ev.tier = dp.tier;
        if (hidden.si > 0) {
            ev.start = std::max(Seconds{}, makespan - hidden);
            ev.end = makespan;
            ev.exposed = false;
            ev.bytes = Bytes{dp.bytes.si * hidden.si / dp.time.si};
            t.events.push_back(ev);
        }
        if (dp.exposed.si > 0) {
            ev.start = makespan;
            ev.end = makespan + dp.exposed;
            ev.exposed = true;
            ev.bytes = Bytes{dp.bytes.si * dp.exposed.si / dp.time.si};
            t.events.push_back(ev);
        }
        TimelineEvent opt;
        opt.stage = s;
        opt.lane = Lane::Compute;
        opt.kind = EventKind::Optimizer;
        opt.microbatch = -1;
        opt.start = makespan + dp.exposed;
        opt.end = opt.start + e.optimizerTime + e.memory.spillTime;
        cursor = opt.end;
        t.events.push_back(opt);
    }
    int stages = 0;
    for (const TimelineEvent& ev : t.events) stages = std::max(stages, ev.stage + 1);
    stableSortByBucketThenStart(
        t.events, stages, [](const TimelineEvent& ev) { return ev.stage; }, [](const TimelineEvent& ev) { return ev.start.si; });
    t.end = cursor;
    return t;
}

} // namespace scalescope

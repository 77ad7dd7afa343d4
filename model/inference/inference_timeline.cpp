#include "model/inference/inference_timeline.h"

#include <cmath>

namespace scalescope {

namespace {

Lane laneOf(OpStream s) noexcept
{
    switch (s) {
    case OpStream::Compute: return Lane::Compute;
    case OpStream::Tp: return Lane::Tp;
    case OpStream::Cp: return Lane::Cp;
    case OpStream::Ep: return Lane::Ep;
    case OpStream::Pp: return Lane::Pp;
    case OpStream::Dp: return Lane::Dp;
    }
    return Lane::Compute;
}

// Appends one span of `row` lasting `time` at `clock` on `stage`; advances the clock.
void place(const OpRow& row, Seconds time, int stage, Seconds& clock, Timeline& t)
{
    if (time.si <= 0) return;
    TimelineEvent ev;
    ev.stage = stage;
    ev.lane = laneOf(row.stream);
    ev.kind = row.stream == OpStream::Compute ? EventKind::Forward : EventKind::Comm;
    ev.start = clock;
    ev.end = clock + time;
    ev.bytes = row.stream == OpStream::Compute ? Bytes{} : row.bytes;
    t.events.push_back(ev);
    clock = ev.end;
}

bool beforeLayers(const OpRow& r) noexcept { return r.op == OpKind::Embedding; }

// Places the collective rows of `op` in `scope`, a `share` of their time in
// one layer of `n`.
void placeCollectives(const OperationTable& ops, Phase pass, OpScope scope, OpKind op, double share, int n, int stage,
                      Seconds& clock, Timeline& t)
{
    for (const OpRow& r : ops)
        if (r.phase == pass && r.scope == scope && r.op == op) place(r, r.total() * share / n, stage, clock, t);
}

// One layer: its compute rows in the table's order; the expert dispatch
// before the expert GEMMs and the combine after them; one of the two
// tensor-parallel AllReduces after the attention's output projection, the
// other at the end of the layer (after the MLP's down projection).
void placeLayer(const OperationTable& ops, Phase pass, OpScope scope, int n, int stage, Seconds& clock, Timeline& t)
{
    double tpLeft = 1;
    bool experts = false;
    for (const OpRow& r : ops) {
        if (r.phase != pass || r.scope != scope || r.stream != OpStream::Compute) continue;
        const bool expertRow = r.op == OpKind::ExpertGemms && !experts;
        if (expertRow) placeCollectives(ops, pass, scope, OpKind::EpDispatch, 1, n, stage, clock, t);
        place(r, r.total() / n, stage, clock, t);
        if (expertRow) placeCollectives(ops, pass, scope, OpKind::EpCombine, 1, n, stage, clock, t);
        experts = experts || expertRow;
        if (r.op == OpKind::OutProjection && tpLeft == 1) {
            placeCollectives(ops, pass, scope, OpKind::TpCollective, 0.5, n, stage, clock, t);
            tpLeft = 0.5;
        }
    }
    placeCollectives(ops, pass, scope, OpKind::TpCollective, tpLeft, n, stage, clock, t);
    if (!experts) { // no expert GEMM row: the exchange still takes its time
        placeCollectives(ops, pass, scope, OpKind::EpDispatch, 1, n, stage, clock, t);
        placeCollectives(ops, pass, scope, OpKind::EpCombine, 1, n, stage, clock, t);
    }
}

} // namespace

Timeline buildInferenceTimeline(const InferenceEvaluation& e, Phase pass, StageLayers layers)
{
    Timeline t;
    t.stages = e.stages;
    const OpRow* send = nullptr;
    for (const OpRow& r : e.ops)
        if (r.phase == pass && r.op == OpKind::PpSend) send = &r;
    Seconds clock{};
    for (int stage = 0; stage < e.stages; ++stage) {
        for (const OpRow& r : e.ops)
            if (r.phase == pass && r.scope == OpScope::Stage && r.op != OpKind::PpSend && beforeLayers(r))
                place(r, r.total(), stage, clock, t);
        for (const auto& [scope, count] : {std::pair{OpScope::DenseLayer, layers.dense}, std::pair{OpScope::MoeLayer, layers.moe}}) {
            const int n = static_cast<int>(std::ceil(count));
            for (int layer = 0; layer < n; ++layer) placeLayer(e.ops, pass, scope, n, stage, clock, t);
        }
        for (const OpRow& r : e.ops)
            if (r.phase == pass && r.scope != OpScope::DenseLayer && r.scope != OpScope::MoeLayer &&
                r.op != OpKind::PpSend && !beforeLayers(r))
                place(r, r.total(), stage, clock, t);
        if (send && stage + 1 < e.stages) place(*send, send->time, stage, clock, t);
    }
    t.end = clock;
    return t;
}

} // namespace scalescope

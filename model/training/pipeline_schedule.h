#pragma once
// Pipeline schedules: the step's critical path in closed form, and the
// event list of one step (the timeline) from a dependency simulation that
// agrees with the closed form (tests check both on many layouts).
//
//   GPipe, 1F1B:       (m + p − 1) · (t_F + t_B)
//   interleaved 1F1B:  (m·v + p − 1) · (t_F + t_B) / v        (Narayanan et al. 2021)
//   zero-bubble style: m · (t_F + t_B) + (p − 1) · (t_F + t_B/2)
//                      backward split into an input-gradient half (sent on) and a
//                      weight-gradient half that no other stage waits for (Qi et al.
//                      2023, "Zero Bubble Pipeline Parallelism"); with this simple order
//                      the bubble is a third smaller than 1F1B's at t_B = 2·t_F, not
//                      the paper's hand-tuned ZB-H2.
// where t_F, t_B (and the input-gradient half) include one stage-to-stage send.

#include "model/spec/scenario.h"
#include "model/spec/units.h"

namespace scalescope {

struct PipelineTimes {
    Seconds total{};      // makespan of the pipeline part of the step
    Seconds bubble{};     // idle time of a stage within it
    Seconds p2pExposed{}; // stage-to-stage sends on the critical path
};

// tF, tB: forward / backward of one micro-batch through a whole stage,
// without the send; p2p: one send between neighbouring stages.
[[nodiscard]] PipelineTimes pipelineTimes(const ParallelLayout& p, int microbatches, Seconds tF, Seconds tB,
                                          Seconds p2p) noexcept;

} // namespace scalescope

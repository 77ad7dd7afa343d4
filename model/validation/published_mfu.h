#pragma once
// The best MFU published for a class of runs — dense or MoE transformer
// training, 16-bit or 8-bit-and-below arithmetic — in this program's
// convention: a run's measured tokens/s per GPU times the model FLOPs per
// token (3 × forward, attention's causal half) over the dense BF16 peak, so
// HFU-style published figures compare alike. One ceiling per class, whatever
// the GPU: a class's best run on any generation bounds what the model may
// claim on every generation (a B200 layout is held to the same number as an
// H100 one; where the model rates a layout beyond it, no real run has been
// seen to get there). Only runs on hardware the specs describe count: a run
// marked outside_bounds (e.g. power-capped GPUs) says nothing of the GPU's
// best. The built-in ceiling reads specs/validation and its pending/ rows: a
// pending run's published figure is as sure as a held one's (what keeps it
// out of the held set is the model's error on the set, not doubt about the
// run). A result above the ceiling gets a warning, and the layout search
// marks it "beyond any published run".

#include "model/validation/validation_set.h"

#include <string>
#include <vector>

namespace scalescope {

struct PublishedMfu {
    std::string runId, runName;
    std::string architecture;
    bool describedHardware = true; // no outside_bounds: the specs describe its hardware
    bool moe = false;
    bool lowPrecision = false; // FP8 / FP6 / FP4 training
    double mfu = 0;            // measured, this program's convention
};

// Resolves each run's model and GPU (no evaluation); runs that cannot be
// resolved are skipped.
[[nodiscard]] std::vector<PublishedMfu> publishedMfus(const std::vector<ValidationRun>& runs, const SpecCatalog& catalog);

// The largest run of the class on described hardware, on any GPU, or
// nullptr. A 16-bit class is held to 16-bit runs only (their BF16 MFU is not
// comparable with an FP8 run's, which uses a faster peak); a low-precision
// class to every run of its kind.
[[nodiscard]] const PublishedMfu* bestPublishedMfu(const std::vector<PublishedMfu>& all, bool moe,
                                                   bool lowPrecision) noexcept;

struct MfuCeiling {
    double mfu = 0;             // 0 when no run of the class exists
    std::string runId, runName; // the run that sets it
};

// The ceiling for a class, from specs/validation: loads the built-in runs
// once per process.
[[nodiscard]] MfuCeiling publishedMfuCeiling(const SpecCatalog& catalog, bool moe, bool lowPrecision);

} // namespace scalescope

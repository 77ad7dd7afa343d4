#pragma once
// The best MFU published for a class of runs (dense or MoE transformer
// training, on any GPU; 16-bit or 8-bit-and-below arithmetic), in this
// program's convention: a run's measured tokens/s per GPU
// times the model FLOPs per token (3 × forward, attention's causal half)
// over the dense BF16 peak — so HFU-style published figures compare alike.
// A layout the model puts above this gets a warning, and the layout search
// does not propose it: a number beyond every published run is not trusted.

#include "model/validation/validation_set.h"

#include <string>
#include <vector>

namespace scalescope {

struct PublishedMfu {
    std::string runId, runName;
    std::string architecture;
    bool moe = false;
    bool lowPrecision = false; // FP8 / FP6 / FP4 training
    double mfu = 0;            // measured, this program's convention
};

// Resolves each run's model and GPU (no evaluation); runs that cannot be
// resolved are skipped.
[[nodiscard]] std::vector<PublishedMfu> publishedMfus(const std::vector<ValidationRun>& runs, const SpecCatalog& catalog);

// The largest of the class, or nullptr. A 16-bit class is held to 16-bit
// runs only (their BF16 MFU is not comparable with an FP8 run's, which uses
// a faster peak); a low-precision class to every run of its kind.
[[nodiscard]] const PublishedMfu* bestPublishedMfu(const std::vector<PublishedMfu>& all, bool moe,
                                                   bool lowPrecision) noexcept;

// The ceiling for a class, from specs/validation (0 when none): loads the
// built-in runs once per process.
[[nodiscard]] double publishedMfuCeiling(const SpecCatalog& catalog, bool moe, bool lowPrecision);

} // namespace scalescope

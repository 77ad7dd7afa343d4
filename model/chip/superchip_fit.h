#pragma once
// Does a model fit one superchip? Weights fill the HBM of the GPUs used
// first; the rest spills to the Grace CPU's LPDDR5X, which the GPUs read over
// NVLink-C2C (seed 000 2.1: a 500 GB model fits one GB200 superchip in its
// 180-192 GB of HBM plus ~480 GB of LPDDR5X).
//
//   [ GPU HBM | GPU HBM ] <-- C2C (per GPU, per direction) --> [ LPDDR5X ]

#include "model/spec/hardware_specs.h"
#include "model/spec/precision.h"

#include <vector>

namespace scalescope {

struct SuperchipMemory {
    int gpus = 1;
    Bytes hbmPerGpu;                      // usable capacity
    BytesPerSecond hbmBandwidthPerGpu;
    Bytes lpddr;
    BytesPerSecond lpddrBandwidth;
    BytesPerSecond c2cPerGpuPerDirection; // GPU's own C2C link, else the superchip's shared by its GPUs
};

[[nodiscard]] SuperchipMemory superchipMemory(const SuperchipSpec& superchip, const GpuSpec& gpu) noexcept;

struct SuperchipFit {
    Bytes model;
    int gpusUsed = 1;
    Bytes hbmCapacity;               // of the GPUs used
    Bytes inHbm;                     // weights held in HBM
    std::vector<Bytes> hbmPerGpu;    // share of inHbm on each GPU used
    Bytes spilled;                   // weights held in LPDDR5X
    Bytes overflow;                  // weights that fit nowhere on the superchip
    bool fits = false;
    BytesPerSecond hbmBandwidth;     // all GPUs used together
    BytesPerSecond spillBandwidth;   // min(C2C of the GPUs used, LPDDR5X)
    Seconds hbmReadTime;             // one pass over the HBM-resident weights
    Seconds spillReadTime;           // one pass over the spilled weights
    Seconds passTime;                // both streamed at once: the slower of the two
    BytesPerSecond effectiveBandwidth; // model / passTime
};

// gpusUsed is clamped to [1, memory.gpus]. model >= 0.
[[nodiscard]] SuperchipFit fitOnSuperchip(const SuperchipMemory& memory, Bytes model, int gpusUsed);

// Weight bytes of a model with `parameters` parameters stored in precision p.
[[nodiscard]] Bytes modelWeightBytes(double parameters, Precision p) noexcept;

} // namespace scalescope

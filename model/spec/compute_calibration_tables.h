#pragma once
// The measured kernel tables of a "compute-calibration" document: GEMM grids
// per precision, the grouped (MoE) over dense GEMM ratio, fused-attention
// kernels and decode attention, each read into fractions of the reference
// peaks already in the calibration. Internal to model/spec
// (compute_calibration.cpp reads the rest of the document).

#include "model/spec/compute_calibration.h"

namespace scalescope {

// "/gemm/bf16" (required), "/gemm/fp8" and "/gemm/fp4", each against its
// /reference peak.
void readGemmGrids(SpecReader& r, ComputeCalibration& c);

// "/grouped_gemm", with the labels of the grouped GEMMs it does not measure.
void readGroupedGemm(SpecReader& r, ComputeCalibration& c);

// The default kernel ("attention", with its "kernel" id) and the others
// measured on the same GPU ("attention_kernels": {id: table}).
void readAttentionKernels(SpecReader& r, ComputeCalibration& c);

// "/decode_attention", when present.
void readDecodeAttention(SpecReader& r, ComputeCalibration& c);

// Sets measuredSeqMax and beyondMeasured from the grids and their sources.
void labelBeyondMeasured(AttentionKernel& k);

} // namespace scalescope

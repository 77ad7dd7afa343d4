#pragma once
// The published-MFU ceiling (published_mfu.h) as an input of a training
// evaluation: the caller that holds the catalog resolves the context, then
// sets the ceiling of its class; the training model only compares with it.

#include "model/spec/spec_catalog.h"
#include "model/training/evaluation_context.h"

namespace scalescope {

// Sets ctx.publishedMfuCeiling (and the run that sets it) for the class of
// ctx: dense or MoE, 16-bit or FP8 and below.
void setPublishedMfuCeiling(EvaluationContext& ctx, const SpecCatalog& catalog);

} // namespace scalescope

// recomputedShares, which an evaluation reads, must give recomputedShare of
// each kind of work to the last bit in every recompute mode, with and
// without recompute_layers and recompute_modules.

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>

#include "model/core/recompute_policy.h"

using namespace scalescope;

TEST_CASE("recomputedShares equals recomputedShare of each kind of work in every mode, recompute_layers and module", "[recompute]")
{
    for (Recompute mode : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::PerOp})
        for (int recomputeLayers : {0, 1, 3, 8, 40})
            for (bool norm : {false, true})
                for (bool swiglu : {false, true})
                    for (bool moe : {false, true})
                    for (double stageLayers : {0.0, 1.0, 2.5, 8.0, 61.0}) {
                        TrainingSettings t;
                        t.recompute = mode;
                        t.recomputeLayers = recomputeLayers;
                        t.recomputeModules.norm = norm;
                        t.recomputeModules.swiglu = swiglu;
                        t.recomputeModules.moe = moe;
                        const auto shares = recomputedShares(t, stageLayers);
                        for (int w = 0; w < kRecomputedWorkKinds; ++w) {
                            const double one = recomputedShare(t, stageLayers, static_cast<RecomputedWork>(w));
                            INFO("mode " << static_cast<int>(mode) << ", recompute_layers " << recomputeLayers << ", norm " << norm
                                         << ", swiglu " << swiglu << ", stage layers " << stageLayers << ", work " << w);
                            CHECK(std::bit_cast<std::uint64_t>(shares[static_cast<size_t>(w)]) == std::bit_cast<std::uint64_t>(one));
                        }
                    }
}

TEST_CASE("The MoE block's work is recomputed whole with recompute_modules moe (Megatron-Core moe_layer.py), otherwise "
          "as its ordinary kind: matmuls, memory-bound work, the activation (moe_act = swiglu)",
          "[recompute][moe]")
{
    auto share = [](const TrainingSettings& t, RecomputedWork w) { return recomputedShare(t, 8, w); };
    for (Recompute mode : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::PerOp})
        for (bool swiglu : {false, true}) {
            TrainingSettings t;
            t.recompute = mode;
            t.recomputeLayers = mode == Recompute::Full ? 2 : 0;
            t.recomputeModules.swiglu = swiglu;
            INFO("mode " << static_cast<int>(mode) << ", swiglu " << swiglu);
            CHECK(share(t, RecomputedWork::MoeMatmuls) == share(t, RecomputedWork::Matmuls));
            CHECK(share(t, RecomputedWork::MoeMemoryBound) == share(t, RecomputedWork::MemoryBound));
            CHECK(share(t, RecomputedWork::MoeActivation) == share(t, RecomputedWork::Activation));
            t.recomputeModules.moe = true;
            for (RecomputedWork w : {RecomputedWork::MoeMatmuls, RecomputedWork::MoeMemoryBound, RecomputedWork::MoeActivation})
                CHECK(share(t, w) == 1);
            TrainingSettings without = t;
            without.recomputeModules.moe = false;
            for (RecomputedWork w : {RecomputedWork::Matmuls, RecomputedWork::Attention, RecomputedWork::MemoryBound,
                                     RecomputedWork::Norm, RecomputedWork::Activation})
                CHECK(share(t, w) == share(without, w)); // nothing outside the MoE block moves
        }
}

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
                    for (double stageLayers : {0.0, 1.0, 2.5, 8.0, 61.0}) {
                        TrainingSettings t;
                        t.recompute = mode;
                        t.recomputeLayers = recomputeLayers;
                        t.recomputeModules.norm = norm;
                        t.recomputeModules.swiglu = swiglu;
                        const auto shares = recomputedShares(t, stageLayers);
                        for (int w = 0; w < kRecomputedWorkKinds; ++w) {
                            const double one = recomputedShare(t, stageLayers, static_cast<RecomputedWork>(w));
                            INFO("mode " << static_cast<int>(mode) << ", recompute_layers " << recomputeLayers << ", norm " << norm
                                         << ", swiglu " << swiglu << ", stage layers " << stageLayers << ", work " << w);
                            CHECK(std::bit_cast<std::uint64_t>(shares[static_cast<size_t>(w)]) == std::bit_cast<std::uint64_t>(one));
                        }
                    }
}

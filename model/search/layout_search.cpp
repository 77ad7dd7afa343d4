#include "model/search/layout_search.h"

#include "model/search/layout_grid.h"
#include "model/training/layout_check.h"

#include <algorithm>
#include <limits>

namespace scalescope {

SearchResult searchLayouts(const EvaluationContext& base, const SearchOptions& o)
{
    SearchResult result;
    EvaluationContext ctx = base; // zero stage and recompute vary in the scenario copy
    const ModelSpec& m = ctx.model;
    const long long gpus = ctx.scenario.gpus;
    const int layers = m.layers.value;
    const int experts = m.moe ? m.moe->experts.value : 1;
    std::vector<RankedLayout> kept;
    const std::vector<int> zeros = o.varyZero ? std::vector<int>{0, 1, 2, 3} : std::vector<int>{ctx.scenario.training.zeroStage};
    const std::vector<Recompute> recomputes = o.varyRecompute
                                                  ? std::vector<Recompute>{Recompute::None, Recompute::Selective, Recompute::Full}
                                                  : std::vector<Recompute>{ctx.scenario.training.recompute};
    // The `top` fastest, ties in the order found: appended, and cut back to
    // `top` (stable sort) whenever twice as many are held, so that keeping
    // every fitting layout (search --csv) stays O(n log n).
    const size_t top = static_cast<size_t>(std::max(o.top, 1));
    Seconds cutoff{std::numeric_limits<double>::infinity()};
    auto keepFastest = [&] {
        std::stable_sort(kept.begin(), kept.end(), [](const RankedLayout& a, const RankedLayout& b) {
            return a.evaluation.stepTime < b.evaluation.stepTime;
        });
        if (kept.size() < top) return;
        kept.resize(top);
        cutoff = kept.back().evaluation.stepTime;
    };
    auto consider = [&](const ParallelLayout& p) {
        if (!layoutIsValid(ctx, p)) return;
        for (int zero : zeros) {
            for (Recompute rc : recomputes) {
                ctx.scenario.training.zeroStage = zero;
                ctx.scenario.training.recompute = rc;
                Evaluation e = evaluate(ctx, p);
                if (!e.ok) continue;
                ++result.evaluated;
                if (!e.memory.fits && !(e.memory.fitsWithSpill && ctx.superchip)) continue;
                ++result.fitting;
                const bool beyond = ctx.publishedMfuCeiling > 0 && e.mfu > ctx.publishedMfuCeiling;
                if (beyond) ++result.aboveCeiling;
                if (e.stepTime >= cutoff) continue;
                kept.push_back(RankedLayout{p, zero, rc, e, beyond});
                if (kept.size() >= 2 * top) keepFastest();
            }
        }
    };
    const LayoutGridBounds bounds{gpus, m.heads.value, layers, experts, o.maxCp};
    ParallelLayout unfolded = ctx.scenario.parallel;
    unfolded.etp = 0; // the grid shards experts over dp (ep divides dp), experts split over tp
    forEachMeshShape(bounds, unfolded, [&](ParallelLayout p) {
        for (int mb : o.microbatchSizes) {
            p.microbatchSize = mb;
            p.vpp = 1;
            p.schedule = Schedule::OneFOneB;
            consider(p);
            if (p.pp > 1) {
                p.schedule = Schedule::ZeroBubble;
                consider(p);
                p.schedule = Schedule::Interleaved;
                for (int v = 2; v * p.pp <= layers && v <= 8; ++v) {
                    if ((layers / p.pp) % v != 0) continue;
                    p.vpp = v;
                    consider(p);
                }
            }
        }
    });
    keepFastest();
    result.best = std::move(kept);
    return result;
}

} // namespace scalescope

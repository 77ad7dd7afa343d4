#pragma once
// Sorting timeline events and spans by (small integer bucket, start time):
// a stable counting sort by bucket, then a stable sort of each bucket by
// start where it is not already in order. The same order as one std::
// stable_sort by (bucket, start), in linear time for the usual case — the
// pipeline simulation emits each stage's events almost in time order — which
// keeps the slider's timeline rebuild off the sort (seconds of perf samples in
// the planner's worker thread went to the two stable sorts it replaces).

#include <algorithm>
#include <cstddef>
#include <vector>

namespace scalescope {

// `bucketOf(x)` in [0, buckets); `startOf(x)` comparable with <.
template <class T, class BucketOf, class StartOf>
void stableSortByBucketThenStart(std::vector<T>& items, int buckets, BucketOf bucketOf, StartOf startOf)
{
    std::vector<std::size_t> first(static_cast<std::size_t>(buckets) + 1, 0);
    for (const T& x : items) ++first[static_cast<std::size_t>(bucketOf(x)) + 1];
    for (std::size_t b = 1; b < first.size(); ++b) first[b] += first[b - 1];
    std::vector<T> sorted(items.size());
    std::vector<std::size_t> next(first.begin(), first.end() - 1);
    for (const T& x : items) sorted[next[static_cast<std::size_t>(bucketOf(x))]++] = x;
    const auto earlier = [&](const T& a, const T& b) { return startOf(a) < startOf(b); };
    for (std::size_t b = 0; b + 1 < first.size(); ++b) {
        const auto begin = sorted.begin() + static_cast<std::ptrdiff_t>(first[b]);
        const auto end = sorted.begin() + static_cast<std::ptrdiff_t>(first[b + 1]);
        if (!std::is_sorted(begin, end, earlier)) std::stable_sort(begin, end, earlier);
    }
    items.swap(sorted);
}

} // namespace scalescope

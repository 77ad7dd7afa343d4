#include "serving_headlines.h"

#include "planner_view.h"

#include "model/core/warning_texts.h"
#include "model/spec/quantity_parser.h"

namespace scalescope {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

std::vector<Headline> servingHeadlines()
{
    return {
        {PlannerView::tr("TTFT"), PlannerView::tr("time to first token: the prefill of one batch's prompts through every stage"),
         [](const PlannerResult& r) { return q(format(r.inference.ttft)); }},
        {PlannerView::tr("TPOT"),
         PlannerView::tr("time per output token: the mean decode step after the first token, at the mean KV length"),
         [](const PlannerResult& r) { return q(format(r.inference.tpot)); }},
        {PlannerView::tr("Tokens/s per user"), PlannerView::tr("1 / TPOT: how fast one request's tokens stream"),
         [](const PlannerResult& r) { return q(formatSignificant(r.inference.tokensPerSPerUser, 3)); }},
        {PlannerView::tr("Tokens/s per GPU"),
         PlannerView::tr("generated tokens per second of all replicas / GPUs (prefill and decode share the GPUs)"),
         [](const PlannerResult& r) { return q(groupedNumber(r.inference.tokensPerSPerGpu)); }},
        {PlannerView::tr("Output tokens/s"), PlannerView::tr("generated tokens per second of all replicas, steady state"),
         [](const PlannerResult& r) { return q(groupedNumber(r.inference.outputTokensPerS)); }},
        {PlannerView::tr("Batch (max)"),
         PlannerView::tr("sequences per replica served, and in brackets the largest batch that fits in usable HBM"),
         [](const PlannerResult& r) {
             return PlannerView::tr("%1 (%2)").arg(q(groupedNumber(r.inference.batch)), q(groupedNumber(r.inference.maxBatch)));
         }},
        {PlannerView::tr("KV cache per GPU"),
         PlannerView::tr("the batch's KV cache at the last output token, in whole paged blocks, on one GPU"),
         [](const PlannerResult& r) { return q(formatBytes(r.inference.kvCachePerGpu)); }},
        {PlannerView::tr("Energy per token"),
         PlannerView::tr("facility energy (PUE included) per generated token; its inverse is tokens per joule"),
         [](const PlannerResult& r) { return q(format(r.inference.energyPerToken)); }},
    };
}

} // namespace scalescope

#include "planner_view.h"

#include "memory_bar.h"
#include "serving_headlines.h"
#include "timeline_colours.h"
#include "timeline_view.h"
#include "verdict_text.h"

#include "model/spec/precision.h"
#include "model/spec/quantity_parser.h"
#include "model/training/verdicts.h"
#include "views/widgets/figure_grid_layout.h"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

namespace scalescope {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

constexpr int kFigureGap = 22; // px between headline figures: a figure's name reads apart from its neighbour's value
// The least height (px) of each timeline while A is shown above B: both give
// up some (TimelineView::kMinimumHeight alone) so that the two, the figures,
// the memory bar and the verdicts stand within a 768-px screen.
constexpr int kComparedTimelineMinimumHeight = 110;
constexpr int kVerdictLinesAtLeast = 2; // the verdict list never hides its first lines

std::vector<Headline> headlines()
{
    return {
        {PlannerView::tr("Step time"), PlannerView::tr("compute + exposed communication + bubble + optimizer"),
         [](const PlannerResult& r) { return q(format(r.evaluation.stepTime)); }},
        {PlannerView::tr("MFU (BF16 peak)"),
         PlannerView::tr("model FLOPs per step / (step time × GPUs × BF16 dense Tensor Core peak), the literature's convention"),
         [](const PlannerResult& r) { return QStringLiteral("%1 %").arg(r.evaluation.mfu * 100, 0, 'f', 1); }},
        {PlannerView::tr("Tokens/s"), PlannerView::tr("global batch × sequence length / step time"),
         [](const PlannerResult& r) { return q(groupedNumber(r.evaluation.tokensPerS)); }},
        {PlannerView::tr("Tokens/s per GPU"), PlannerView::tr("tokens per second / GPUs"),
         [](const PlannerResult& r) { return q(groupedNumber(r.evaluation.tokensPerSPerGpu)); }},
        {PlannerView::tr("Time to train"), PlannerView::tr("training.tokens_total / tokens per second"),
         [](const PlannerResult& r) {
             if (r.evaluation.timeToTrain.si <= 0) return PlannerView::tr("— (no token budget)");
             const double days = r.evaluation.timeToTrain.si / 86400;
             return days >= 2 ? PlannerView::tr("%1 days").arg(q(formatSignificant(days, 3))) : q(format(r.evaluation.timeToTrain));
         }},
        {PlannerView::tr("Bubble"), PlannerView::tr("idle pipeline time / step time"),
         [](const PlannerResult& r) { return QStringLiteral("%1 %").arg(r.evaluation.bubbleFraction * 100, 0, 'f', 1); }},
        {PlannerView::tr("Exposed comm"), PlannerView::tr("communication on the critical path per step"),
         [](const PlannerResult& r) { return q(format(r.evaluation.exposedComm)); }},
        {PlannerView::tr("Compute"), PlannerView::tr("forward + backward + recompute per step on the slowest stage"),
         [](const PlannerResult& r) { return q(format(r.evaluation.computeTime)); }},
    };
}

// The planner's content in its scroll area: as tall as the viewport, and
// never shorter than its layout's minimum for the width it gets (wrapped
// title, rows of figures), so that a short screen scrolls it. QScrollArea
// asks heightForWidth, which a layout answers with its preferred height
// (two 420-px timelines): this answers with the minimum.
class AtLeastMinimumHeight final : public QWidget {
public:
    using QWidget::QWidget;
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override { return layout()->totalMinimumHeightForWidth(width); }
};

// Replaces the list's lines only when they differ: this runs on every slider
// step, and re-laying out word-wrapped items costs more than the comparison.
void setLines(QListWidget* list, const QStringList& lines, const QColor* colour = nullptr)
{
    bool same = list->count() == lines.size();
    for (int i = 0; same && i < lines.size(); ++i) same = list->item(i)->text() == lines[i];
    if (same && !colour) return;
    list->clear();
    list->addItems(lines);
    if (colour)
        for (int i = 0; i < list->count(); ++i) list->item(i)->setForeground(*colour);
}

// "nearest published MoE run: … — model error +11 % (…), held to the
// validation bounds": the run of the scenario's class (model/validation's
// distance) and the model's error on it, computed when the set is evaluated.
QString nearestRunText(const NearestPublishedRun& n)
{
    const QString error = PlannerView::tr("%1 — model error %2 % (measured %3, predicted %4 tokens/s per GPU)")
                              .arg(q(n.name).toHtmlEscaped())
                              .arg(QStringLiteral("%1%2").arg(n.relativeError >= 0 ? QStringLiteral("+") : QString()).arg(n.relativeError * 100, 0, 'f', 0))
                              .arg(q(groupedNumber(n.measuredTokensPerSPerGpu)), q(groupedNumber(n.predictedTokensPerSPerGpu)));
    QString run;
    if (!n.sameClass)
        run = PlannerView::tr("no published run of this class yet; nearest published run: %1").arg(error);
    else if (n.moe && n.longContext)
        run = PlannerView::tr("nearest published MoE long-context run: %1").arg(error);
    else if (n.moe)
        run = PlannerView::tr("nearest published MoE run: %1").arg(error);
    else if (n.longContext)
        run = PlannerView::tr("nearest published long-context run: %1").arg(error);
    else
        run = PlannerView::tr("nearest published run: %1").arg(error);
    run += n.heldToBounds
               ? PlannerView::tr(", held to the validation bounds")
               : PlannerView::tr(" (shown, not held to the validation bounds: its published setup is one the model does not describe)");
    return run;
}

} // namespace

// "Measured · Nearest published run: … — model error +11 % (…)": how the
// numbers were made and how far the model is from a real run near here.
QString plannerTrustText(const PlannerResult& r)
{
    QString mode = r.scenario.efficiency == EfficiencyMode::Measured
                       ? PlannerView::tr("<b>Measured</b>: calibrated kernel and NCCL efficiencies")
                       : PlannerView::tr("<b>Theoretical</b>: the pure roofline at dense peak and nominal bandwidths — real runs are slower");
    if (r.context && r.scenario.efficiency == EfficiencyMode::Measured) {
        const EvaluationContext& c = *r.context;
        mode += PlannerView::tr(" (calibrations: compute %1, network %2)")
                    .arg(c.compute.id.empty() ? PlannerView::tr("none") : q(c.compute.id).toHtmlEscaped(),
                         q(c.calibration.id).toHtmlEscaped());
        if (c.computeCarriedOver)
            mode += PlannerView::tr("; kernel curves carried over from %1").arg(q(c.compute.carriedFrom).toHtmlEscaped());
    }
    if (!r.nearestRun) return mode;
    return mode + QStringLiteral(" · ") + nearestRunText(*r.nearestRun);
}


PlannerView::PlannerView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_numbers(new FigureGridLayout), m_memory(new MemoryBar(this)),
      m_timeline(new TimelineView(this)), m_verdicts(new QListWidget(this)), m_pinnedTimeline(new TimelineView(this)),
      m_pinnedTitle(new QLabel(this)), m_trust(new QLabel(this)), m_prefillTitle(new QLabel(this)),
      m_decodeTitle(new QLabel(this)), m_decodeTimeline(new TimelineView(this)), m_servingChartSlot(new QWidget(this))
{
    m_decodeTimeline->setObjectName(QStringLiteral("decodeTimeline"));
    m_decodeTimeline->setPass(TimelinePass::Decode);
    m_servingChartSlot->setObjectName(QStringLiteral("servingChartSlot"));
    auto* chartSlotLayout = new QVBoxLayout(m_servingChartSlot);
    chartSlotLayout->setContentsMargins(0, 0, 0, 0);
    for (QLabel* l : {m_prefillTitle, m_decodeTitle}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::RichText);
    }
    m_prefillTitle->setObjectName(QStringLiteral("prefillTitle"));
    m_decodeTitle->setObjectName(QStringLiteral("decodeTitle"));
    m_trust->setObjectName(QStringLiteral("trustLine"));
    m_trust->setWordWrap(true);
    m_trust->setTextFormat(Qt::RichText);
    m_pinnedTimeline->setObjectName(QStringLiteral("pinnedTimeline"));
    m_pinnedTimeline->hide();
    m_pinnedTitle->hide();
    setObjectName(QStringLiteral("PlannerView"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_verdicts->setObjectName(QStringLiteral("verdicts"));
    m_verdicts->setWordWrap(true);
    m_verdicts->setMaximumHeight(110);
    m_verdicts->setMinimumHeight(kVerdictLinesAtLeast * fontMetrics().lineSpacing() + 2 * m_verdicts->frameWidth());
    m_numbers->setColumnSpacing(kFigureGap);
    m_numbers->setSpacing(kFigureGap / 2);
    m_pinnedTitle->setWordWrap(true);

    auto* top = new QVBoxLayout;
    top->addWidget(m_title);
    top->addWidget(m_trust);
    top->addLayout(m_numbers);
    top->addWidget(m_memory);
    // In a scroll area: on a short screen (1366 × 768 with A above B) the
    // figures, memory bar, timelines and verdicts scroll rather than overlap.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("plannerScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidgetResizable(true);
    auto* content = new AtLeastMinimumHeight(scroll);
    auto* layout = new QVBoxLayout(content);
    layout->addLayout(top);
    layout->addWidget(m_pinnedTitle);
    layout->addWidget(m_pinnedTimeline, 1);
    layout->addWidget(m_prefillTitle);
    layout->addWidget(m_timeline, 1);
    layout->addWidget(m_decodeTitle);
    layout->addWidget(m_decodeTimeline, 1);
    layout->addWidget(m_servingChartSlot);
    layout->addWidget(m_verdicts);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    // A and B share one time axis: zooming or panning either moves both.
    connect(m_timeline, &TimelineView::axisChanged, m_pinnedTimeline, &TimelineView::setAxis);
    connect(m_pinnedTimeline, &TimelineView::axisChanged, m_timeline, &TimelineView::setAxis);
    showServing(false);
    refresh();
}

void PlannerView::setResult(const PlannerResultPtr& result)
{
    m_result = result;
    const bool serving = result && result->serving();
    m_timeline->setPass(serving ? TimelinePass::Prefill : TimelinePass::Step);
    m_timeline->setResult(result);
    m_decodeTimeline->setResult(serving ? result : nullptr);
    showServing(serving);
    refresh();
}

void PlannerView::showServing(bool serving)
{
    for (QWidget* w : {static_cast<QWidget*>(m_prefillTitle), static_cast<QWidget*>(m_decodeTitle),
                       static_cast<QWidget*>(m_decodeTimeline), m_servingChartSlot})
        w->setVisible(serving);
}

void PlannerView::ensureFigureLabels(size_t figures)
{
    if (!m_numberLabels.empty()) return;
    // Created once; a refresh only changes their text (this runs on every slider step).
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.45);
    big.setBold(true);
    for (size_t i = 0; i < figures; ++i) { // one figure (name above value) per headline
        auto* figure = new QWidget(this);
        auto* stack = new QVBoxLayout(figure);
        stack->setContentsMargins(0, 0, 0, 0);
        stack->setSpacing(0);
        auto* name = new QLabel(figure);
        name->setForegroundRole(QPalette::PlaceholderText);
        auto* value = new QLabel(figure);
        value->setFont(big);
        stack->addWidget(name);
        stack->addWidget(value);
        m_numbers->addWidget(figure);
        m_numberLabels.push_back(name);
        m_numberLabels.push_back(value);
    }
}

void PlannerView::setPinned(const PlannerResultPtr& pinned)
{
    m_pinned = pinned;
    m_pinnedTimeline->setResult(pinned);
    m_pinnedTimeline->setVisible(pinned != nullptr);
    m_pinnedTitle->setVisible(pinned != nullptr);
    for (TimelineView* t : {m_timeline, m_pinnedTimeline})
        t->setMinimumHeight(pinned ? kComparedTimelineMinimumHeight : TimelineView::kMinimumHeight);
    refresh();
}

void PlannerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange) refresh();
    QWidget::changeEvent(event);
}

QString PlannerView::headlineText() const
{
    QStringList parts;
    for (QLabel* l : m_numberLabels) parts << l->text();
    return parts.join(QLatin1Char('\n'));
}

void PlannerView::refresh()
{
    // Labels are set, never cleared first: QLabel::setText of the same text is
    // free, and a clear() would re-lay out every label on every slider step.
    if (!m_result) {
        m_verdicts->clear();
        for (QLabel* l : m_numberLabels) l->clear();
        m_trust->clear();
        m_title->setText(tr("Evaluating…"));
        m_memory->clear();
        return;
    }
    const Scenario& s = m_result->scenario;
    const ParallelLayout& p = s.parallel;
    const bool serving = m_result->serving();
    QString layout = serving ? tr("TP %1 · PP %2 · DP %3 · EP %4").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.ep)
                             : tr("TP %1 · PP %2 · DP %3 · CP %4 · EP %5").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.cp).arg(p.ep);
    if (p.folded() && !serving) layout += tr(" · expert TP %1").arg(p.etp);
    if (p.vpp > 1 && !serving) layout += tr(" · VPP %1").arg(p.vpp);
    const QString system = m_result->context ? q(m_result->context->system.name) : q(s.system);
    const QString model = m_result->context ? q(m_result->context->model.name) : q(s.model);
    m_title->setText(serving ? tr("%1 served on %2 GPUs of %3 — %4").arg(model).arg(s.gpus).arg(system, layout)
                             : tr("%1 on %2 GPUs of %3 — %4").arg(model).arg(s.gpus).arg(system, layout));
    const double shared = m_pinned && m_pinned->ok() && m_result->ok()
                              ? std::max(m_pinned->timeline.end.si, m_result->timeline.end.si)
                              : 0.0;
    m_timeline->setFitDuration(shared);
    m_pinnedTimeline->setFitDuration(shared);
    if (m_pinned) {
        const ParallelLayout& a = m_pinned->scenario.parallel;
        m_pinnedTitle->setText(tr("A (pinned): TP %1 · PP %2 · DP %3 · CP %4 · EP %5 — %6; B (current) below")
                                   .arg(a.tp).arg(a.pp).arg(a.dp).arg(a.cp).arg(a.ep)
                                   .arg(m_pinned->ok() ? QString::fromStdString(format(m_pinned->evaluation.stepTime)) : QString()));
    }
    if (!m_result->ok()) {
        m_memory->clear();
        for (QLabel* l : m_numberLabels) l->clear();
        m_trust->clear();
        QStringList problems;
        for (const SpecError& e : m_result->errors) problems << q(e.path + ": " + e.message);
        if (!m_result->evaluationError().empty())
            problems << q(m_result->evaluationErrorPath() + ": " + m_result->evaluationError());
        const QColor colour = errorTextColour(palette());
        setLines(m_verdicts, problems, &colour);
        return;
    }
    if (serving) {
        refreshServing();
        return;
    }
    const auto rows = headlines();
    ensureFigureLabels(rows.size());
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const Headline& h = rows[static_cast<size_t>(i)];
        QString valueText = h.value(*m_result);
        if (m_pinned && m_pinned->ok())
            valueText = QStringLiteral("%1  <span style='font-size:small;font-weight:normal'>(A: %2)</span>")
                            .arg(valueText, h.value(*m_pinned));
        QLabel* name = m_numberLabels[static_cast<size_t>(2 * i)];
        QLabel* value = m_numberLabels[static_cast<size_t>(2 * i + 1)];
        name->setText(h.name);
        name->setToolTip(h.tip);
        value->setText(valueText);
        value->setToolTip(h.tip);
    }
    const Evaluation& ev = m_result->evaluation;
    // Which peak each utilisation is against, on the MFU figure itself.
    const QString peaks = tr("MFU against the BF16 dense peak: %1 %\nMFU against the %2 peak the run computes in: %3 %\n"
                             "HFU (hardware FLOPs, with recompute, against the BF16 peak): %4 %")
                              .arg(ev.mfu * 100, 0, 'f', 1)
                              .arg(QString::fromLatin1(precisionKey(s.training.precision)).toUpper())
                              .arg(ev.mfuAtPrecision * 100, 0, 'f', 1)
                              .arg(ev.hfu * 100, 0, 'f', 1);
    for (QLabel* l : {m_numberLabels[2], m_numberLabels[3]}) l->setToolTip(peaks);
    m_trust->setText(plannerTrustText(*m_result));
    m_trust->setToolTip(m_result->nearestRun ? q(m_result->nearestRun->citation) : QString());
    m_memory->setMemory(m_result->evaluation.memory, m_result->context->superchip.has_value());
    const Evaluation& e = m_result->evaluation;
    QStringList verdicts;
    for (int i = 0; i < e.warningCount; ++i) verdicts << QStringLiteral("⚠ ") + verdictText(e.warnings[static_cast<size_t>(i)]);
    if (e.warningCount == 0) verdicts << tr("✓ No warnings: the layout fits and no communication axis is exposed for more than 5 % of the step.");
    setLines(m_verdicts, verdicts);
}

void PlannerView::refreshServing()
{
    const InferenceEvaluation& e = m_result->inference;
    const auto rows = servingHeadlines();
    ensureFigureLabels(rows.size());
    for (size_t i = 0; i < rows.size() && 2 * i + 1 < m_numberLabels.size(); ++i) {
        m_numberLabels[2 * i]->setText(rows[i].name);
        m_numberLabels[2 * i]->setToolTip(rows[i].tip);
        m_numberLabels[2 * i + 1]->setText(rows[i].value(*m_result));
        m_numberLabels[2 * i + 1]->setToolTip(rows[i].tip);
    }
    const InferenceSettings& in = m_result->scenario.inference;
    const QString batch = in.batchMax ? tr("the largest batch that fits (%1)").arg(e.batch) : QString::number(e.batch);
    m_trust->setText(plannerTrustText(*m_result) + QStringLiteral(" · ") +
                     tr("a batch of %1 sequences on each of %2 replica(s), %3 prompt + %4 output tokens, weights in %5, KV cache in %6")
                         .arg(batch)
                         .arg(e.replicas)
                         .arg(QLocale().toString(in.promptTokens), QLocale().toString(in.outputTokens),
                              QString::fromLatin1(precisionKey(in.precision)).toUpper(),
                              QString::fromLatin1(precisionKey(in.kv())).toUpper()));
    if (e.prefillGpus > 0)
        m_trust->setText(m_trust->text() + QStringLiteral(" · ") +
                         tr("prefill on its own pool of %1 GPUs, the KV moved to the decode GPUs in %2")
                             .arg(e.prefillGpus)
                             .arg(q(format(e.kvTransfer))));
    if (e.acceptedPerStep > 1)
        m_trust->setText(m_trust->text() + QStringLiteral(" · ") +
                         tr("speculative decoding: %1 tokens per decode step").arg(e.acceptedPerStep, 0, 'f', 2));
    m_trust->setToolTip(m_result->nearestRun ? q(m_result->nearestRun->citation) : QString());
    m_prefillTitle->setText(tr("<b>Prefill</b> of one batch's prompts — %1 (TTFT %2): every stage's compute and its "
                               "communication, stage after stage")
                                .arg(q(format(e.prefillTime)), q(format(e.ttft))));
    m_decodeTitle->setText(tr("<b>Decode step</b> — %1 (TPOT %2): every sequence of the batch, at the mean KV length of "
                              "%3 tokens")
                               .arg(q(format(e.decodeStep)), q(format(e.tpot)), QLocale().toString(e.meanKvTokens, 'f', 0)));
    m_memory->setServingMemory(e.memory);
    QStringList verdicts;
    for (int i = 0; i < e.warningCount; ++i) {
        const auto k = static_cast<size_t>(i);
        verdicts << QStringLiteral("⚠ ") + verdictText(e.warnings[k], e.warningA[k], e.warningB[k]);
    }
    setLines(m_verdicts, verdicts);
}

} // namespace scalescope

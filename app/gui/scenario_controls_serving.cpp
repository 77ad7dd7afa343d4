// The scenario dock's Training | Inference switch and the rows of an
// inference scenario (batch, prompt and output tokens, weight and KV
// precision, the TPOT and TTFT limits the chart's layouts are held to). Switching mode is one undoable edit that keeps the other
// mode's settings: the scenario holds both blocks and saves both.

#include "scenario_controls.h"

#include "scenario_controller.h"
#include "scenario_edit_rules.h"

#include "model/spec/spec_catalog.h"
#include "views/widgets/bounded_combo_box.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>
#include <cmath>
#include <optional>

namespace scalescope {

namespace {

// The scenario parser's bound on batch and token counts (scenario.cpp kMaxInferenceTokens).
constexpr int kMaxServingCount = 1 << 24;

// Rows only a training scenario uses (keys of ScenarioControls::m_labels).
const char* const kTrainingRows[] = {"seq",     "batch",     "microbatch", "precision",       "fp8Params",
                                     "fp8Scaling", "zero",   "zero3Style", "recompute", "recomputeLayers",
                                     "attention", "loss",    "mtp",        "cp",        "vpp",
                                     "schedule"};
const char* const kServingRows[] = {"servingBatch",     "promptTokens", "outputTokens", "servingPrecision",
                                    "kvPrecision",      "tpotLimit",    "ttftLimit"};

// The limits' spin boxes: TPOT in milliseconds (decode steps take a few to a
// few hundred), TTFT in seconds; 0 is "none". The upper ends lie far beyond
// any interactive serving target.
constexpr double kMillisecondsPerSecond = 1e3;
constexpr double kMaxTpotLimitMs = 10'000;
constexpr double kMaxTtftLimitS = 3'600;

// A limit as its spin box shows it (0: none), and back.
double limitValue(const std::optional<Seconds>& limit, double perSecond) { return limit ? limit->si * perSecond : 0; }
std::optional<Seconds> limitOf(double shown, double perSecond)
{
    return shown > 0 ? std::optional<Seconds>(Seconds{shown / perSecond}) : std::nullopt;
}
// Whether `box` shows `limit` already (to its decimals): leaving the box
// unchanged edits nothing, even where the scenario holds more digits.
bool showsLimit(const QDoubleSpinBox* box, const std::optional<Seconds>& limit, double perSecond)
{
    const double scale = std::pow(10.0, box->decimals());
    return std::round(limitValue(limit, perSecond) * scale) / scale == box->value();
}

const Precision kServingPrecisions[] = {Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp4};

QString precisionText(Precision p) { return QString::fromUtf8(precisionKey(p).data()).toUpper(); }
QString precisionData(Precision p) { return QString::fromUtf8(precisionKey(p).data()); }

} // namespace

const std::vector<int>& ScenarioControls::servingBatches()
{
    static const std::vector<int> batches = [] {
        std::vector<int> b;
        for (int v = 1; v <= 4096; v *= 2) b.push_back(v);
        return b;
    }();
    return batches;
}

void ScenarioControls::buildServing()
{
    auto* modes = new QWidget(this);
    modes->setObjectName(QStringLiteral("modeSwitch"));
    auto* modeRow = new QHBoxLayout(modes);
    modeRow->setContentsMargins(0, 0, 0, 0);
    modeRow->setSpacing(0);
    m_trainingMode = new QPushButton(modes);
    m_trainingMode->setObjectName(QStringLiteral("trainingMode"));
    m_servingMode = new QPushButton(modes);
    m_servingMode->setObjectName(QStringLiteral("inferenceMode"));
    auto* group = new QButtonGroup(modes);
    for (QPushButton* b : {m_trainingMode, m_servingMode}) {
        b->setCheckable(true);
        group->addButton(b);
        modeRow->addWidget(b, 1);
    }
    group->setExclusive(true);
    auto* label = new QLabel(this);
    m_labels[QStringLiteral("scenarioMode")] = label;
    m_form->insertRow(0, label, modes);
    connect(m_trainingMode, &QPushButton::clicked, this, [this] { switchMode(Mode::Training); });
    connect(m_servingMode, &QPushButton::clicked, this, [this] { switchMode(Mode::Inference); });

    // Inference rows, after the model row (index 3: mode, system, GPUs, model).
    int at = 4;
    auto row = [&](const QString& key, QWidget* w) {
        auto* l = new QLabel(this);
        m_labels[key] = l;
        m_form->insertRow(at++, l, w);
    };
    auto* batchHolder = new QWidget(this);
    auto* batchRow = new QHBoxLayout(batchHolder);
    batchRow->setContentsMargins(0, 0, 0, 0);
    m_servingBatchSlider = new QSlider(Qt::Horizontal, batchHolder);
    m_servingBatchSlider->setObjectName(QStringLiteral("servingBatchSlider"));
    m_servingBatchSlider->setRange(0, static_cast<int>(servingBatches().size())); // the last position: "max"
    m_servingBatchSlider->setPageStep(1);
    m_servingBatch = new QSpinBox(batchHolder);
    m_servingBatch->setObjectName(QStringLiteral("servingBatch"));
    m_servingBatch->setRange(0, kMaxServingCount);
    batchRow->addWidget(m_servingBatchSlider, 1);
    batchRow->addWidget(m_servingBatch);
    row(QStringLiteral("servingBatch"), batchHolder);
    m_promptTokens = new QSpinBox(this);
    m_promptTokens->setObjectName(QStringLiteral("promptTokens"));
    m_promptTokens->setRange(1, kMaxServingCount);
    m_promptTokens->setGroupSeparatorShown(true);
    row(QStringLiteral("promptTokens"), m_promptTokens);
    m_outputTokens = new QSpinBox(this);
    m_outputTokens->setObjectName(QStringLiteral("outputTokens"));
    m_outputTokens->setRange(1, kMaxServingCount);
    m_outputTokens->setGroupSeparatorShown(true);
    row(QStringLiteral("outputTokens"), m_outputTokens);
    m_servingPrecision = new BoundedComboBox(this);
    m_servingPrecision->setObjectName(QStringLiteral("servingPrecision"));
    for (Precision p : kServingPrecisions) m_servingPrecision->addItem(precisionText(p), precisionData(p));
    row(QStringLiteral("servingPrecision"), m_servingPrecision);
    m_kvPrecision = new BoundedComboBox(this);
    m_kvPrecision->setObjectName(QStringLiteral("kvPrecision"));
    m_kvPrecision->addItem(QString(), QString());
    for (Precision p : {Precision::Bf16, Precision::Fp8, Precision::Fp4}) m_kvPrecision->addItem(precisionText(p), precisionData(p));
    row(QStringLiteral("kvPrecision"), m_kvPrecision);
    m_tpotLimit = new QDoubleSpinBox(this);
    m_tpotLimit->setObjectName(QStringLiteral("tpotLimit"));
    m_tpotLimit->setRange(0, kMaxTpotLimitMs);
    m_tpotLimit->setDecimals(1);
    m_tpotLimit->setSuffix(QStringLiteral(" ms"));
    row(QStringLiteral("tpotLimit"), m_tpotLimit);
    m_ttftLimit = new QDoubleSpinBox(this);
    m_ttftLimit->setObjectName(QStringLiteral("ttftLimit"));
    m_ttftLimit->setRange(0, kMaxTtftLimitS);
    m_ttftLimit->setDecimals(2);
    m_ttftLimit->setSingleStep(0.1);
    m_ttftLimit->setSuffix(QStringLiteral(" s"));
    row(QStringLiteral("ttftLimit"), m_ttftLimit);

    // Below the last row: the room a shorter form (serving hides the training rows) leaves, so that
    // the rows stay together at the top instead of spreading over the dock.
    auto* rest = new QWidget(this);
    rest->setObjectName(QStringLiteral("controlsRest"));
    rest->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    m_form->addRow(rest);

    connect(m_servingBatchSlider, &QSlider::sliderPressed, this, [this] { m_dragId = m_controller.beginDrag(); });
    connect(m_servingBatchSlider, &QSlider::sliderReleased, this, [this] { m_dragId = 0; });
    connect(m_servingBatchSlider, &QSlider::valueChanged, this, [this](int index) {
        if (m_syncing) return;
        const auto& batches = servingBatches();
        const bool max = index >= static_cast<int>(batches.size());
        const int batch = max ? 0 : batches[static_cast<size_t>(std::max(0, index))];
        m_servingBatch->setValue(batch); // the spin box follows at once; the sync confirms it
        editWith(max ? tr("Serve the largest batch that fits") : tr("Set batch to %1").arg(batch),
                 m_servingBatchSlider->isSliderDown() ? m_dragId : 0, [max, batch](Scenario& s) {
                     s.inference.batchMax = max;
                     if (!max) s.inference.batch = batch;
                 });
    });
    connect(m_servingBatch, &QSpinBox::editingFinished, this, [this] {
        const int b = m_servingBatch->value();
        const InferenceSettings& in = m_controller.scenario().inference;
        if ((b == 0 && in.batchMax) || (b > 0 && !in.batchMax && b == in.batch)) return;
        editWith(b == 0 ? tr("Serve the largest batch that fits") : tr("Set batch to %1").arg(b), 0, [b](Scenario& s) {
            s.inference.batchMax = b == 0;
            if (b > 0) s.inference.batch = b;
        });
    });
    connect(m_promptTokens, &QSpinBox::editingFinished, this, [this] {
        const int v = m_promptTokens->value();
        if (v != m_controller.scenario().inference.promptTokens)
            editWith(tr("Change prompt tokens"), 0, [v](Scenario& s) { s.inference.promptTokens = v; });
    });
    connect(m_outputTokens, &QSpinBox::editingFinished, this, [this] {
        const int v = m_outputTokens->value();
        if (v != m_controller.scenario().inference.outputTokens)
            editWith(tr("Change output tokens"), 0, [v](Scenario& s) { s.inference.outputTokens = v; });
    });
    connect(m_tpotLimit, &QDoubleSpinBox::editingFinished, this, [this] {
        if (showsLimit(m_tpotLimit, m_controller.scenario().inference.tpotMax, kMillisecondsPerSecond)) return;
        const auto limit = limitOf(m_tpotLimit->value(), kMillisecondsPerSecond);
        editWith(limit ? tr("Set TPOT limit") : tr("Remove TPOT limit"), 0,
                     [limit](Scenario& s) { s.inference.tpotMax = limit; });
    });
    connect(m_ttftLimit, &QDoubleSpinBox::editingFinished, this, [this] {
        if (showsLimit(m_ttftLimit, m_controller.scenario().inference.ttftMax, 1)) return;
        const auto limit = limitOf(m_ttftLimit->value(), 1);
        editWith(limit ? tr("Set TTFT limit") : tr("Remove TTFT limit"), 0,
                     [limit](Scenario& s) { s.inference.ttftMax = limit; });
    });
    connect(m_servingPrecision, &QComboBox::activated, this, [this](int) {
        const auto p = precisionFromKey(m_servingPrecision->currentData().toString().toStdString());
        if (p) editWith(tr("Change serving precision"), 0, [p](Scenario& s) { s.inference.precision = *p; });
    });
    connect(m_kvPrecision, &QComboBox::activated, this, [this](int) {
        const auto p = precisionFromKey(m_kvPrecision->currentData().toString().toStdString());
        editWith(tr("Change KV cache precision"), 0, [p](Scenario& s) { s.inference.kvPrecision = p; });
    });
}

void ScenarioControls::switchMode(Mode mode)
{
    if (m_syncing || mode == m_controller.scenario().mode) return;
    editWith(mode == Mode::Inference ? tr("Switch to inference") : tr("Switch to training"), 0, [&](Scenario& s) {
        s.mode = mode;
        if (mode != Mode::Inference) return;
        // Serving has no context parallelism: its GPUs go to data parallelism.
        s.parallel.cp = 1;
        // A scenario that never set its inference block serves at its training precision.
        const InferenceSettings defaults;
        const InferenceSettings& in = s.inference;
        if (in.batch == defaults.batch && in.batchMax == defaults.batchMax && in.promptTokens == defaults.promptTokens &&
            in.outputTokens == defaults.outputTokens && in.precision == defaults.precision && !in.kvPrecision &&
            in.kvBlockTokens == defaults.kvBlockTokens) {
            const GpuSpec* gpu = scenarioGpu(s, m_controller.catalog());
            if (!gpu || gpu->peak(s.training.precision)) s.inference.precision = s.training.precision;
        }
    });
}

void ScenarioControls::followPalette()
{
    // The chosen mode stands out in either theme: drawn in the palette's selection colours, in bold.
    // Only these roles and the weight are set: the rest follows the dock's palette and font.
    QPalette chosen;
    chosen.setColor(QPalette::Button, palette().color(QPalette::Highlight));
    chosen.setColor(QPalette::ButtonText, palette().color(QPalette::HighlightedText));
    for (QPushButton* b : {m_trainingMode, m_servingMode}) {
        b->setPalette(b->isChecked() ? chosen : QPalette());
        QFont weight;
        weight.setBold(b->isChecked());
        b->setFont(weight);
    }
}

void ScenarioControls::syncServing(const Scenario& s)
{
    const bool serving = s.mode == Mode::Inference;
    m_trainingMode->setChecked(!serving);
    m_servingMode->setChecked(serving);
    followPalette();
    for (const char* key : kTrainingRows) m_form->setRowVisible(m_labels.at(QString::fromLatin1(key)), !serving);
    for (const char* key : kServingRows) m_form->setRowVisible(m_labels.at(QString::fromLatin1(key)), serving);
    const InferenceSettings& in = s.inference;
    const auto& batches = servingBatches();
    if (!m_servingBatchSlider->isSliderDown()) {
        const auto it = std::lower_bound(batches.begin(), batches.end(), in.batch);
        m_servingBatchSlider->setValue(in.batchMax ? static_cast<int>(batches.size())
                                                   : static_cast<int>(std::min(it, batches.end() - 1) - batches.begin()));
    }
    m_servingBatch->setValue(in.batchMax ? 0 : in.batch);
    m_promptTokens->setValue(in.promptTokens);
    m_outputTokens->setValue(in.outputTokens);
    const GpuSpec* gpu = scenarioGpu(s, m_controller.catalog());
    auto* precisions = qobject_cast<QStandardItemModel*>(m_servingPrecision->model());
    for (int i = 0; precisions && i < m_servingPrecision->count(); ++i) {
        const auto p = precisionFromKey(m_servingPrecision->itemData(i).toString().toStdString());
        const bool supported = !gpu || (p && gpu->peak(*p));
        precisions->item(i)->setEnabled(supported);
        precisions->item(i)->setToolTip(supported || !gpu ? QString()
                                                          : tr("The %1 has no Tensor Cores for %2")
                                                                .arg(QString::fromStdString(gpu->name), precisionText(*p)));
    }
    m_servingPrecision->setCurrentIndex(std::max(0, m_servingPrecision->findData(precisionData(in.precision))));
    m_kvPrecision->setCurrentIndex(
        std::max(0, m_kvPrecision->findData(in.kvPrecision ? precisionData(*in.kvPrecision) : QString())));
    m_tpotLimit->setValue(limitValue(in.tpotMax, kMillisecondsPerSecond));
    m_ttftLimit->setValue(limitValue(in.ttftMax, 1));
}

void ScenarioControls::retranslateServing()
{
    const std::pair<const char*, QString> titles[] = {
        {"scenarioMode", tr("Mode")},           {"servingBatch", tr("Batch (sequences)")},
        {"promptTokens", tr("Prompt tokens")},  {"outputTokens", tr("Output tokens")},
        {"servingPrecision", tr("Weights")},    {"kvPrecision", tr("KV cache")},
        {"tpotLimit", tr("TPOT limit")},        {"ttftLimit", tr("TTFT limit")}};
    for (const auto& [key, title] : titles) m_labels[QString::fromLatin1(key)]->setText(title);
    m_trainingMode->setText(tr("Training"));
    m_servingMode->setText(tr("Inference"));
    m_trainingMode->setToolTip(tr("Plan a training step: step time, MFU, memory with optimizer state"));
    m_servingMode->setToolTip(tr("Plan serving: TTFT, TPOT, tokens per second, the KV cache. The training settings are "
                                 "kept and come back when you switch back"));
    m_servingBatch->setSpecialValueText(tr("max"));
    const QString batchTip = tr("Sequences each replica serves at once; “max” (the slider's last position, or 0): the "
                                "largest batch that fits in usable HBM");
    m_servingBatch->setToolTip(batchTip);
    m_servingBatchSlider->setToolTip(batchTip);
    m_promptTokens->setToolTip(tr("Tokens of each request's prompt (the prefill)"));
    m_outputTokens->setToolTip(tr("Tokens each request generates (the first from the prefill, the rest from decode steps)"));
    m_servingPrecision->setToolTip(tr("Precision of the weights and the GEMMs while serving"));
    m_kvPrecision->setItemText(0, tr("as the weights"));
    m_kvPrecision->setToolTip(tr("Precision of the KV cache (bytes per element of K and V)"));
    for (QDoubleSpinBox* limit : {m_tpotLimit, m_ttftLimit}) limit->setSpecialValueText(tr("none"));
    m_tpotLimit->setToolTip(tr("The most time per output token a layout may take: the chart compares the layouts with "
                               "the most tokens per second per GPU at the largest batch that meets it, and draws it "
                               "as a line; “none” (0): no limit"));
    m_ttftLimit->setToolTip(tr("The most time to the first token a layout may take: the chart compares the layouts "
                               "that meet it and draws the points that miss it hollow; “none” (0): no limit"));
}

} // namespace scalescope

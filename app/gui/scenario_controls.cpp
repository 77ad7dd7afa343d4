#include "scenario_controls.h"

#include "scenario_controller.h"
#include "scenario_edit_rules.h"

#include "model/spec/spec_catalog.h"
#include "model/training/layout_check.h"
#include "views/widgets/bounded_combo_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QCoreApplication>
#include <QTimer>

#include <optional>

namespace scalescope {

namespace {
// Characters the system and model boxes show ("NVIDIA DGX H100 Su…"); the popup lists whole names.
constexpr int kNameCharacters = 16;
} // namespace

ScenarioControls::ScenarioControls(ScenarioController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("ScenarioControls"));
    build();
    // Re-bounding the sliders waits until the change's result has been
    // published (its repaint is then queued ahead), so that a slider step
    // reaches the timeline first: that is the latency users feel. An
    // evaluation on the worker that takes longer than kSyncFallbackMs does
    // not hold the controls back any longer than that.
    m_syncFallback.setSingleShot(true);
    m_syncFallback.setInterval(kSyncFallbackMs);
    connect(&m_syncFallback, &QTimer::timeout, this, &ScenarioControls::queueSync);
    connect(&m_controller, &ScenarioController::scenarioChanged, this, [this] {
        rememberPreferredLayout();
        m_syncWanted = true;
        if (!m_syncFallback.isActive()) m_syncFallback.start();
    });
    // A new result matters only when it resolved a different model (heads, experts, layers bound the sliders).
    connect(&m_controller, &ScenarioController::resultReady, this, [this](const PlannerResultPtr& r) {
        const std::string model = r && r->context ? r->context->model.id : std::string();
        if (model != m_syncedModel) syncFromScenario();
        else if (m_syncWanted) queueSync();
    });
    m_preferred = m_controller.scenario().parallel;
    retranslate();
    syncFromScenario();
}

void ScenarioControls::queueSync()
{
    m_syncFallback.stop();
    if (m_syncQueued) return;
    m_syncQueued = true;
    // Below the low priority of the repaint Qt queues for a changed widget:
    // the new result is painted before the controls re-bound themselves.
    QCoreApplication::postEvent(this, new QEvent(kSyncEvent), Qt::LowEventPriority - 1);
}

void ScenarioControls::rememberPreferredLayout()
{
    const Scenario& s = m_controller.scenario();
    if (m_fitted && m_fitted->gpus == s.gpus && m_fitted->layout == s.parallel) return; // our own fit, not the user's choice
    m_preferred = s.parallel;
    m_fitted.reset();
}

QSlider* ScenarioControls::slider(const QString& axis) const
{
    auto it = m_axes.find(axis);
    return it == m_axes.end() ? nullptr : it->second.slider;
}

void ScenarioControls::build()
{
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    auto row = [&](const QString& key, QWidget* w) {
        auto* label = new QLabel(this);
        m_labels[key] = label;
        m_form->addRow(label, w);
    };
    const SpecCatalog& catalog = m_controller.catalog();
    m_system = new BoundedComboBox(this, kNameCharacters);
    m_system->setObjectName(QStringLiteral("system"));
    for (const auto& id : catalog.ids(SpecKind::System))
        m_system->addItem(QString::fromStdString(catalog.system(id)->name), QString::fromStdString(id));
    row(QStringLiteral("system"), m_system);
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("gpus"));
    m_gpus->setRange(1, 1 << 20);
    row(QStringLiteral("gpus"), m_gpus);
    m_model = new BoundedComboBox(this, kNameCharacters);
    m_model->setObjectName(QStringLiteral("model"));
    for (const auto& id : catalog.ids(SpecKind::Model))
        m_model->addItem(QString::fromStdString(catalog.model(id)->name), QString::fromStdString(id));
    row(QStringLiteral("model"), m_model);
    m_seqLen = new BoundedComboBox(this);
    for (int s = 1024; s <= 131072; s *= 2) m_seqLen->addItem(QString::number(s), s);
    row(QStringLiteral("seq"), m_seqLen);
    m_globalBatch = new QSpinBox(this);
    m_globalBatch->setRange(1, 1 << 24);
    row(QStringLiteral("batch"), m_globalBatch);
    m_microbatch = new BoundedComboBox(this);
    for (int m : {1, 2, 4, 8, 16}) m_microbatch->addItem(QString::number(m), m);
    row(QStringLiteral("microbatch"), m_microbatch);
    m_precision = new BoundedComboBox(this);
    m_precision->setObjectName(QStringLiteral("precision"));
    for (Precision p : {Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp4})
        m_precision->addItem(QString::fromUtf8(precisionKey(p).data()).toUpper(), QString::fromUtf8(precisionKey(p).data()));
    row(QStringLiteral("precision"), m_precision);
    m_fp8Params = new QCheckBox(this);
    m_fp8Params->setObjectName(QStringLiteral("fp8Params"));
    row(QStringLiteral("fp8Params"), m_fp8Params);
    m_fp8Scaling = new BoundedComboBox(this);
    m_fp8Scaling->setObjectName(QStringLiteral("fp8Scaling"));
    for (Fp8Scaling k : {Fp8Scaling::Delayed, Fp8Scaling::Tensorwise, Fp8Scaling::Blockwise})
        m_fp8Scaling->addItem(QString(), QString::fromUtf8(fp8ScalingKey(k).data()));
    row(QStringLiteral("fp8Scaling"), m_fp8Scaling);
    m_zero = new BoundedComboBox(this);
    for (int z = 0; z <= 3; ++z) m_zero->addItem(QString::number(z), z);
    row(QStringLiteral("zero"), m_zero);
    m_zero3Style = new BoundedComboBox(this);
    m_zero3Style->setObjectName(QStringLiteral("zero3Style"));
    for (Zero3Style z : {Zero3Style::DeepSpeed, Zero3Style::Fsdp})
        m_zero3Style->addItem(QString(), QString::fromUtf8(zero3StyleKey(z).data()));
    row(QStringLiteral("zero3Style"), m_zero3Style);
    m_recompute = new BoundedComboBox(this);
    m_recompute->setObjectName(QStringLiteral("recompute"));
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full, Recompute::PerOp})
        m_recompute->addItem(QString(), QString::fromUtf8(recomputeKey(r).data()));
    row(QStringLiteral("recompute"), m_recompute);
    m_recomputeLayers = new QSpinBox(this);
    m_recomputeLayers->setObjectName(QStringLiteral("recomputeLayers"));
    m_recomputeLayers->setRange(0, 4096);
    row(QStringLiteral("recomputeLayers"), m_recomputeLayers);
    m_attentionKernel = new BoundedComboBox(this);
    m_attentionKernel->setObjectName(QStringLiteral("attentionKernel"));
    row(QStringLiteral("attention"), m_attentionKernel);
    m_lossKernel = new BoundedComboBox(this);
    m_lossKernel->setObjectName(QStringLiteral("lossKernel"));
    for (CrossEntropyKernel k : {CrossEntropyKernel::Fused, CrossEntropyKernel::Eager})
        m_lossKernel->addItem(QString(), QString::fromUtf8(crossEntropyKey(k).data()));
    row(QStringLiteral("loss"), m_lossKernel);
    m_mtpLayers = new QSpinBox(this);
    m_mtpLayers->setObjectName(QStringLiteral("mtpLayers"));
    m_mtpLayers->setRange(0, kMaxMtpModules);
    row(QStringLiteral("mtp"), m_mtpLayers);
    m_moeDispatcher = new BoundedComboBox(this);
    m_moeDispatcher->setObjectName(QStringLiteral("moeDispatcher"));
    for (MoeDispatcher d : {MoeDispatcher::AllToAll, MoeDispatcher::DeepEp, MoeDispatcher::DeepEpFp8})
        m_moeDispatcher->addItem(QString(), QString::fromUtf8(moeDispatcherKey(d).data()));
    row(QStringLiteral("moeDispatcher"), m_moeDispatcher);
    m_moePermuteFusion = new QCheckBox(this);
    m_moePermuteFusion->setObjectName(QStringLiteral("moePermuteFusion"));
    row(QStringLiteral("moePermuteFusion"), m_moePermuteFusion);
    // Capacity factors step by a quarter (Switch Transformer's 1.0, 1.25,
    // 1.5, 2.0); the step below 1 is the dropless state.
    constexpr double kCapacityStep = 0.25, kCapacityMax = 16;
    m_moeCapacity = new QDoubleSpinBox(this);
    m_moeCapacity->setObjectName(QStringLiteral("moeCapacity"));
    m_moeCapacity->setDecimals(2);
    m_moeCapacity->setSingleStep(kCapacityStep);
    m_moeCapacity->setRange(1 - kCapacityStep, kCapacityMax);
    row(QStringLiteral("moeCapacity"), m_moeCapacity);
    m_cpComm = new BoundedComboBox(this);
    m_cpComm->setObjectName(QStringLiteral("cpComm"));
    for (CpComm c : {CpComm::P2p, CpComm::AllGather, CpComm::RingAllGather})
        m_cpComm->addItem(QString(), QString::fromUtf8(cpCommKey(c).data()));
    row(QStringLiteral("cpComm"), m_cpComm);

    for (const QString& axis : sliderAxes()) {
        AxisControl c;
        c.slider = new QSlider(Qt::Horizontal, this);
        c.slider->setObjectName(axis + QStringLiteral("Slider"));
        c.slider->setPageStep(1);
        c.value = new QLabel(this);
        c.value->setMinimumWidth(36);
        auto* holder = new QWidget(this);
        auto* h = new QHBoxLayout(holder);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(c.slider, 1);
        h->addWidget(c.value);
        row(axis, holder);
        connect(c.slider, &QSlider::sliderPressed, this, [this] { m_dragId = m_controller.beginDrag(); });
        connect(c.slider, &QSlider::sliderReleased, this, [this] { m_dragId = 0; });
        connect(c.slider, &QSlider::valueChanged, this, [this, axis](int index) { axisMoved(axis, index); });
        m_axes[axis] = c;
    }
    m_expertTp = new BoundedComboBox(this);
    m_expertTp->setObjectName(QStringLiteral("expertTp"));
    m_expertTp->addItem(QString(), 0);
    row(QStringLiteral("etp"), m_expertTp);
    m_dp = new QLabel(this);
    row(QStringLiteral("dp"), m_dp);
    m_schedule = new BoundedComboBox(this);
    m_schedule->setObjectName(QStringLiteral("schedule"));
    for (Schedule s : {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZeroBubble})
        m_schedule->addItem(QString::fromUtf8(scheduleKey(s).data()), QString::fromUtf8(scheduleKey(s).data()));
    row(QStringLiteral("schedule"), m_schedule);
    m_order = new QListWidget(this);
    m_order->setObjectName(QStringLiteral("axisOrder"));
    m_order->setDragDropMode(QAbstractItemView::InternalMove);
    m_order->setFlow(QListView::LeftToRight);
    m_order->setMaximumHeight(34);
    m_order->setSpacing(2);
    row(QStringLiteral("order"), m_order);
    m_sharp = new QCheckBox(this);
    row(QStringLiteral("sharp"), m_sharp);
    m_mode = new BoundedComboBox(this);
    m_mode->addItem(QString(), QStringLiteral("measured"));
    m_mode->addItem(QString(), QStringLiteral("theoretical"));
    row(QStringLiteral("mode"), m_mode);
    m_computeCalibration = new BoundedComboBox(this);
    m_computeCalibration->setObjectName(QStringLiteral("computeCalibration"));
    row(QStringLiteral("computeCalibration"), m_computeCalibration);
    m_networkCalibration = new BoundedComboBox(this);
    m_networkCalibration->setObjectName(QStringLiteral("networkCalibration"));
    row(QStringLiteral("networkCalibration"), m_networkCalibration);
    buildServing();

    auto comboEdit = [this](QComboBox* box, const char* what, auto apply) {
        connect(box, &QComboBox::activated, this, [this, box, what, apply](int) {
            editWith(tr(what), 0, [&](Scenario& s) { apply(s, box->currentData()); });
        });
    };
    connect(m_system, &QComboBox::activated, this, [this](int) {
        const std::string system = m_system->currentData().toString().toStdString();
        if (system != m_controller.scenario().system)
            editFittingSystem(tr("Change system"), [&](Scenario& s) {
                s.system = system;
                s.inlineSystem.reset();
                s.inlineSystemJson = nlohmann::json();
            });
    });
    comboEdit(m_model, QT_TR_NOOP("Change model"), [this](Scenario& s, const QVariant& v) {
        s.model = v.toString().toStdString();
        s.inlineModel.reset();
        s.inlineModelJson = nlohmann::json();
        fitToModel(s, m_controller.catalog());
    });
    comboEdit(m_seqLen, QT_TR_NOOP("Change sequence length"), [](Scenario& s, const QVariant& v) { s.training.seqLen = v.toInt(); });
    comboEdit(m_microbatch, QT_TR_NOOP("Change micro-batch size"), [](Scenario& s, const QVariant& v) { s.parallel.microbatchSize = v.toInt(); });
    comboEdit(m_precision, QT_TR_NOOP("Change precision"), [](Scenario& s, const QVariant& v) {
        s.training.precision = precisionFromKey(v.toString().toStdString()).value_or(Precision::Bf16);
        if (s.training.precision != Precision::Fp8) s.training.fp8Params = false; // FP8 weights need FP8 training
        if (s.training.precision != Precision::Fp8 && s.training.precision != Precision::Fp4)
            s.training.fp8Scaling = Fp8Scaling::Delayed; // the scaling recipe needs low-precision casts
    });
    comboEdit(m_fp8Scaling, QT_TR_NOOP("Change FP8 scaling"), [](Scenario& s, const QVariant& v) {
        s.training.fp8Scaling = fp8ScalingFromKey(v.toString().toStdString()).value_or(Fp8Scaling::Delayed);
    });
    connect(m_fp8Params, &QCheckBox::clicked, this,
            [this](bool on) { editWith(tr("Toggle FP8 weights"), 0, [on](Scenario& s) { s.training.fp8Params = on; }); });
    comboEdit(m_zero, QT_TR_NOOP("Change ZeRO stage"), [](Scenario& s, const QVariant& v) { s.training.zeroStage = v.toInt(); });
    comboEdit(m_zero3Style, QT_TR_NOOP("Change ZeRO-3 weights"), [](Scenario& s, const QVariant& v) {
        s.training.zero3Style = zero3StyleFromKey(v.toString().toStdString()).value_or(Zero3Style::DeepSpeed);
    });
    comboEdit(m_recompute, QT_TR_NOOP("Change recompute"), [](Scenario& s, const QVariant& v) {
        s.training.recompute = recomputeFromKey(v.toString().toStdString()).value_or(Recompute::Selective);
    });
    comboEdit(m_attentionKernel, QT_TR_NOOP("Change attention kernel"),
              [](Scenario& s, const QVariant& v) { s.training.attentionKernel = v.toString().toStdString(); });
    comboEdit(m_lossKernel, QT_TR_NOOP("Change loss kernel"), [](Scenario& s, const QVariant& v) {
        s.training.crossEntropy = crossEntropyFromKey(v.toString().toStdString()).value_or(CrossEntropyKernel::Fused);
    });
    comboEdit(m_moeDispatcher, QT_TR_NOOP("Change MoE dispatcher"), [](Scenario& s, const QVariant& v) {
        s.training.moeDispatcher = moeDispatcherFromKey(v.toString().toStdString()).value_or(MoeDispatcher::AllToAll);
        if (s.training.moeDispatcher != MoeDispatcher::AllToAll && s.training.moePadToCapacity.value_or(false))
            s.training.moePadToCapacity.reset(); // DeepEP's flex dispatcher does not pad to capacity
    });
    connect(m_moePermuteFusion, &QCheckBox::clicked, this, [this](bool on) {
        editWith(tr("Toggle fused MoE permutation"), 0, [on](Scenario& s) { s.training.moePermuteFusion = on; });
    });
    connect(m_moeCapacity, &QDoubleSpinBox::editingFinished, this, [this] {
        const double factor = m_moeCapacity->value() < 1 ? 0 : m_moeCapacity->value(); // below 1: dropless
        if (factor != m_controller.scenario().training.moeCapacityFactor)
            editWith(tr("Change expert capacity factor"), 0, [factor](Scenario& s) { s.training.moeCapacityFactor = factor; });
    });
    comboEdit(m_cpComm, QT_TR_NOOP("Change context-parallel exchange"), [](Scenario& s, const QVariant& v) {
        s.training.cpComm = cpCommFromKey(v.toString().toStdString()).value_or(CpComm::P2p);
    });
    connect(m_recomputeLayers, &QSpinBox::editingFinished, this, [this] {
        const int layers = m_recomputeLayers->value();
        if (layers != m_controller.scenario().training.recomputeLayers)
            editWith(tr("Change recomputed layers"), 0, [layers](Scenario& s) { s.training.recomputeLayers = layers; });
    });
    connect(m_mtpLayers, &QSpinBox::editingFinished, this, [this] {
        const int modules = m_mtpLayers->value();
        if (modules != m_controller.scenario().training.mtpLayers)
            editWith(tr("Change MTP modules"), 0, [modules](Scenario& s) { s.training.mtpLayers = modules; });
    });
    comboEdit(m_expertTp, QT_TR_NOOP("Change expert TP"), [](Scenario& s, const QVariant& v) { s.parallel.etp = v.toInt(); });
    comboEdit(m_schedule, QT_TR_NOOP("Change schedule"), [](Scenario& s, const QVariant& v) {
        s.parallel.schedule = scheduleFromKey(v.toString().toStdString()).value_or(Schedule::OneFOneB);
        if (s.parallel.schedule != Schedule::Interleaved) s.parallel.vpp = 1;
        else if (s.parallel.vpp == 1) s.parallel.vpp = 2;
    });
    comboEdit(m_computeCalibration, QT_TR_NOOP("Change compute calibration"),
              [](Scenario& s, const QVariant& v) { s.calibration.compute = v.toString().toStdString(); });
    comboEdit(m_networkCalibration, QT_TR_NOOP("Change network calibration"),
              [](Scenario& s, const QVariant& v) { s.calibration.network = v.toString().toStdString(); });
    comboEdit(m_mode, QT_TR_NOOP("Change efficiency mode"), [](Scenario& s, const QVariant& v) {
        s.efficiency = v.toString() == QLatin1String("measured") ? EfficiencyMode::Measured : EfficiencyMode::Theoretical;
    });
    connect(m_sharp, &QCheckBox::clicked, this, [this](bool on) { editWith(tr("Toggle SHARP"), 0, [on](Scenario& s) { s.network.sharp = on; }); });
    connect(m_gpus, &QSpinBox::editingFinished, this, [this] {
        const int gpus = m_gpus->value();
        if (gpus == m_controller.scenario().gpus) return;
        editFittingSystem(tr("Change GPU count"), [gpus](Scenario& s) { s.gpus = gpus; });
    });
    connect(m_globalBatch, &QSpinBox::editingFinished, this, [this] {
        const int b = m_globalBatch->value();
        if (b != m_controller.scenario().training.globalBatch)
            editWith(tr("Change global batch"), 0, [b](Scenario& s) { s.training.globalBatch = b; });
    });
    connect(m_order->model(), &QAbstractItemModel::rowsMoved, this, [this] {
        AxisOrder order{};
        for (int i = 0; i < m_order->count() && i < kAxisCount; ++i) order[static_cast<size_t>(i)] = static_cast<Axis>(m_order->item(i)->data(Qt::UserRole).toInt());
        editWith(tr("Reorder mesh axes"), 0, [order](Scenario& s) { s.parallel.order = order; });
    });
}

void ScenarioControls::editWith(const QString& what, int dragId, const std::function<void(Scenario&)>& change)
{
    if (m_syncing) return;
    Scenario next = m_controller.scenario();
    change(next);
    rebalance(next);
    m_controller.edit(next, what, dragId);
}

void ScenarioControls::editFittingSystem(const QString& what, const std::function<void(Scenario&)>& change)
{
    if (m_syncing) return;
    Scenario next = m_controller.scenario();
    change(next);
    fitToSystem(next, m_controller.catalog(), m_preferred);
    m_fitted = FittedLayout{next.gpus, next.parallel};
    m_controller.edit(next, what, 0);
}

void ScenarioControls::axisMoved(const QString& axis, int index)
{
    if (m_syncing) return;
    const auto& values = m_offered[axis];
    if (index < 0 || index >= static_cast<int>(values.size())) return;
    const int v = values[static_cast<size_t>(index)];
    m_axes[axis].value->setText(QString::number(v));
    editWith(tr("Set %1 to %2").arg(axis.toUpper()).arg(v), m_axes[axis].slider->isSliderDown() ? m_dragId : 0,
             [&](Scenario& s) {
                 axisField(s, axis) = v;
                 if (axis == QLatin1String("vpp")) s.parallel.schedule = v > 1 ? Schedule::Interleaved : Schedule::OneFOneB;
             });
}

} // namespace scalescope

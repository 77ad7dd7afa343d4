#include "scenario_controls.h"

#include "scenario_controller.h"
#include "scenario_edit_rules.h"

#include "model/spec/spec_catalog.h"
#include "model/training/layout_check.h"

#include <QCheckBox>
#include <QComboBox>
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
#include <QTimer>

#include <optional>

namespace scalescope {

namespace {

const QStringList kAxisKeys{QStringLiteral("tp"), QStringLiteral("pp"), QStringLiteral("cp"), QStringLiteral("ep"),
                            QStringLiteral("vpp")};

} // namespace

ScenarioControls::ScenarioControls(ScenarioController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("ScenarioControls"));
    build();
    // Re-bounding the sliders waits until the event loop is idle, so that a
    // slider step reaches the timeline first (the latency users feel).
    connect(&m_controller, &ScenarioController::scenarioChanged, this, [this] {
        rememberPreferredLayout();
        if (m_syncQueued) return;
        m_syncQueued = true;
        QTimer::singleShot(0, this, [this] {
            m_syncQueued = false;
            syncFromScenario();
        });
    });
    // A new result matters only when it resolved a different model (heads, experts, layers bound the sliders).
    connect(&m_controller, &ScenarioController::resultReady, this, [this](const PlannerResultPtr& r) {
        const std::string model = r && r->context ? r->context->model.id : std::string();
        if (model != m_syncedModel) syncFromScenario();
    });
    m_preferred = m_controller.scenario().parallel;
    retranslate();
    syncFromScenario();
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
    m_system = new QComboBox(this);
    m_system->setObjectName(QStringLiteral("system"));
    m_system->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_system->setMinimumContentsLength(16);
    for (const auto& id : catalog.ids(SpecKind::System))
        m_system->addItem(QString::fromStdString(catalog.system(id)->name), QString::fromStdString(id));
    row(QStringLiteral("system"), m_system);
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("gpus"));
    m_gpus->setRange(1, 1 << 20);
    row(QStringLiteral("gpus"), m_gpus);
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(16);
    for (const auto& id : catalog.ids(SpecKind::Model))
        m_model->addItem(QString::fromStdString(catalog.model(id)->name), QString::fromStdString(id));
    row(QStringLiteral("model"), m_model);
    m_seqLen = new QComboBox(this);
    for (int s = 1024; s <= 131072; s *= 2) m_seqLen->addItem(QString::number(s), s);
    row(QStringLiteral("seq"), m_seqLen);
    m_globalBatch = new QSpinBox(this);
    m_globalBatch->setRange(1, 1 << 24);
    row(QStringLiteral("batch"), m_globalBatch);
    m_microbatch = new QComboBox(this);
    for (int m : {1, 2, 4, 8, 16}) m_microbatch->addItem(QString::number(m), m);
    row(QStringLiteral("microbatch"), m_microbatch);
    m_precision = new QComboBox(this);
    m_precision->setObjectName(QStringLiteral("precision"));
    for (Precision p : {Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Fp4})
        m_precision->addItem(QString::fromUtf8(precisionKey(p).data()).toUpper(), QString::fromUtf8(precisionKey(p).data()));
    row(QStringLiteral("precision"), m_precision);
    m_zero = new QComboBox(this);
    for (int z = 0; z <= 3; ++z) m_zero->addItem(QString::number(z), z);
    row(QStringLiteral("zero"), m_zero);
    m_recompute = new QComboBox(this);
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full})
        m_recompute->addItem(QString(), QString::fromUtf8(recomputeKey(r).data()));
    row(QStringLiteral("recompute"), m_recompute);

    for (const QString& axis : kAxisKeys) {
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
    m_dp = new QLabel(this);
    row(QStringLiteral("dp"), m_dp);
    m_schedule = new QComboBox(this);
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
    m_mode = new QComboBox(this);
    m_mode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_mode->setMinimumContentsLength(12);
    m_mode->addItem(QString(), QStringLiteral("measured"));
    m_mode->addItem(QString(), QStringLiteral("theoretical"));
    row(QStringLiteral("mode"), m_mode);

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
    });
    comboEdit(m_zero, QT_TR_NOOP("Change ZeRO stage"), [](Scenario& s, const QVariant& v) { s.training.zeroStage = v.toInt(); });
    comboEdit(m_recompute, QT_TR_NOOP("Change recompute"), [](Scenario& s, const QVariant& v) {
        s.training.recompute = recomputeFromKey(v.toString().toStdString()).value_or(Recompute::Selective);
    });
    comboEdit(m_schedule, QT_TR_NOOP("Change schedule"), [](Scenario& s, const QVariant& v) {
        s.parallel.schedule = scheduleFromKey(v.toString().toStdString()).value_or(Schedule::OneFOneB);
        if (s.parallel.schedule != Schedule::Interleaved) s.parallel.vpp = 1;
        else if (s.parallel.vpp == 1) s.parallel.vpp = 2;
    });
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

std::vector<int> ScenarioControls::candidates(const QString& axis, const Scenario& s, QString* excluded) const
{
    std::vector<int> out;
    const PlannerResultPtr r = m_controller.result();
    const std::shared_ptr<const EvaluationContext> ctx = r ? r->context : nullptr;
    // One scratch copy of the context per axis; each candidate only swaps the scenario in it.
    std::optional<EvaluationContext> probe;
    if (ctx && ctx->model.id == s.model) probe.emplace(*ctx);
    const int limit = axis == QLatin1String("vpp") ? 16 : static_cast<int>(std::min<long long>(s.gpus, 256));
    for (int v = 1; v <= limit; ++v) {
        Scenario trial = s;
        axisField(trial, axis) = v;
        const long long mp = static_cast<long long>(trial.parallel.tp) * trial.parallel.pp * trial.parallel.cp;
        if (axis != QLatin1String("ep") && axis != QLatin1String("vpp") && s.gpus % mp != 0) continue; // not a divisor: not offered
        rebalance(trial);
        // ep and vpp are kept as asked, so that the layout check explains why a value is not offered.
        if (axis == QLatin1String("ep") || axis == QLatin1String("vpp")) axisField(trial, axis) = v;
        if (axis == QLatin1String("vpp") && v > 1) trial.parallel.schedule = Schedule::Interleaved;
        if (!probe) {
            out.push_back(v);
            continue;
        }
        probe->scenario = trial;
        if (!layoutIsValid(*probe, trial.parallel)) {
            const auto problem = layoutProblem(*probe, trial.parallel);
            if (excluded && problem && (axis != QLatin1String("ep") || v <= 64))
                *excluded += QStringLiteral("%1 = %2: %3\n").arg(axis.toUpper()).arg(v).arg(QString::fromStdString(problem->message));
            continue;
        }
        out.push_back(v);
    }
    if (out.empty()) out.push_back(axisValue(s, axis));
    return out;
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

void ScenarioControls::syncFromScenario()
{
    m_syncing = true;
    const PlannerResultPtr latest = m_controller.result();
    m_syncedModel = latest && latest->context ? latest->context->model.id : std::string();
    const Scenario& s = m_controller.scenario();
    auto select = [](QComboBox* box, const QVariant& v) {
        const int i = box->findData(v);
        if (i >= 0) box->setCurrentIndex(i);
    };
    select(m_system, QString::fromStdString(s.system));
    select(m_model, QString::fromStdString(s.model));
    syncSystemLimits(s);
    m_gpus->setValue(static_cast<int>(s.gpus));
    select(m_seqLen, s.training.seqLen);
    m_globalBatch->setValue(s.training.globalBatch);
    select(m_microbatch, s.parallel.microbatchSize);
    select(m_precision, QString::fromUtf8(precisionKey(s.training.precision).data()));
    select(m_zero, s.training.zeroStage);
    select(m_recompute, QString::fromUtf8(recomputeKey(s.training.recompute).data()));
    select(m_schedule, QString::fromUtf8(scheduleKey(s.parallel.schedule).data()));
    m_sharp->setChecked(s.network.sharp);
    select(m_mode, s.efficiency == EfficiencyMode::Measured ? QStringLiteral("measured") : QStringLiteral("theoretical"));
    for (const QString& axis : kAxisKeys) {
        QString excluded;
        m_offered[axis] = candidates(axis, s, &excluded);
        AxisControl& c = m_axes[axis];
        const auto& values = m_offered[axis];
        if (!c.slider->isSliderDown()) {
            c.slider->setRange(0, static_cast<int>(values.size()) - 1);
            const int current = axisValue(s, axis);
            const auto it = std::find(values.begin(), values.end(), current);
            c.slider->setValue(it == values.end() ? 0 : static_cast<int>(it - values.begin()));
        }
        c.value->setText(QString::number(axisValue(s, axis)));
        QString offeredText;
        for (int v : values) offeredText += (offeredText.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(v);
        c.slider->setToolTip(tr("Offered: %1").arg(offeredText) +
                             (excluded.isEmpty() ? QString() : QStringLiteral("\n") + tr("Not offered:") + QStringLiteral("\n") + excluded.trimmed()));
    }
    m_dp->setText(QString::number(s.parallel.dp));
    m_dp->setToolTip(tr("The GPUs left: GPUs / (TP·PP·CP)"));
    // Rebuilt only when the order changed: a list rebuild relayouts and repaints the dock on every slider step.
    bool sameOrder = m_order->count() == static_cast<int>(s.parallel.order.size());
    for (int i = 0; sameOrder && i < m_order->count(); ++i)
        sameOrder = m_order->item(i)->data(Qt::UserRole).toInt() == static_cast<int>(s.parallel.order[static_cast<size_t>(i)]);
    if (!sameOrder) {
        m_order->clear();
        for (Axis a : s.parallel.order) {
            auto* item = new QListWidgetItem(QString::fromUtf8(axisKey(a).data()).toUpper(), m_order);
            item->setData(Qt::UserRole, static_cast<int>(a));
        }
    }
    m_syncing = false;
}

void ScenarioControls::syncSystemLimits(const Scenario& s)
{
    const SpecCatalog& catalog = m_controller.catalog();
    const SystemSpec* system = scenarioSystem(s, catalog);
    const int maxGpus = system ? static_cast<int>(std::clamp<long long>(system->scaleOut.maxGpus.value, 1, 1 << 20)) : 1 << 20;
    m_gpus->setRange(1, maxGpus);
    m_gpus->setToolTip(system ? tr("At most %1 GPUs on %2").arg(QLocale().toString(maxGpus), QString::fromStdString(system->name))
                              : QString());
    const GpuSpec* gpu = scenarioGpu(s, catalog);
    auto* precisions = qobject_cast<QStandardItemModel*>(m_precision->model());
    for (int i = 0; precisions && i < m_precision->count(); ++i) {
        const auto p = precisionFromKey(m_precision->itemData(i).toString().toStdString());
        const bool supported = !gpu || (p && gpu->peak(*p));
        QStandardItem* item = precisions->item(i);
        item->setEnabled(supported);
        item->setToolTip(supported || !gpu ? QString()
                                           : tr("The %1 has no Tensor Cores for %2").arg(QString::fromStdString(gpu->name), item->text()));
    }
    auto* schedules = qobject_cast<QStandardItemModel*>(m_schedule->model());
    const int interleaved = m_schedule->findData(QString::fromUtf8(scheduleKey(Schedule::Interleaved).data()));
    if (schedules && interleaved >= 0) {
        QStandardItem* item = schedules->item(interleaved);
        item->setEnabled(s.parallel.pp > 1);
        item->setToolTip(s.parallel.pp > 1 ? QString() : tr("Interleaving needs a pipeline: PP > 1"));
    }
}

void ScenarioControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void ScenarioControls::retranslate()
{
    const std::pair<const char*, QString> titles[] = {
        {"system", tr("System")}, {"gpus", tr("GPUs")}, {"model", tr("Model")}, {"seq", tr("Sequence length")},
        {"batch", tr("Global batch (sequences)")}, {"microbatch", tr("Micro-batch size")}, {"precision", tr("Precision")},
        {"zero", tr("ZeRO stage")}, {"recompute", tr("Recompute")}, {"tp", tr("TP")},
        {"pp", tr("PP")}, {"cp", tr("CP")}, {"ep", tr("EP")},
        {"vpp", tr("VPP")}, {"dp", tr("DP")}, {"schedule", tr("Schedule")},
        {"order", tr("Axis order")}, {"sharp", tr("SHARP")}, {"mode", tr("Efficiency")}};
    for (const auto& [key, title] : titles) m_labels[QString::fromLatin1(key)]->setText(title);
    m_recompute->setItemText(0, tr("none"));
    m_recompute->setItemText(1, tr("selective"));
    m_recompute->setItemText(2, tr("full"));
    m_sharp->setText(tr("in-network reduction"));
    m_mode->setItemText(0, tr("measured (calibrated kernels, NCCL)"));
    m_mode->setItemText(1, tr("theoretical (roofline)"));
    m_order->setToolTip(tr("Drag to reorder, innermost first: the first axis gets the closest GPUs (same NVLink domain)."));
    const std::pair<const char*, QString> axisTips[] = {
        {"tp", tr("Tensor parallel: splits every layer's matrices")}, {"pp", tr("Pipeline parallel: splits the layers into stages")},
        {"cp", tr("Context parallel: splits the sequence")}, {"ep", tr("Expert parallel: splits the experts across data-parallel ranks")},
        {"vpp", tr("Virtual pipeline stages per GPU (interleaved 1F1B)")}};
    for (const auto& [key, tip] : axisTips) m_labels[QString::fromLatin1(key)]->setToolTip(tip);
}

} // namespace scalescope

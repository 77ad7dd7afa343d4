// The scenario dock showing the scenario: the controls follow each edit
// (values, the values each slider offers and why others are not, the limits
// of the system and GPU) and the language.

#include "scenario_controls.h"

#include "scenario_controller.h"
#include "scenario_edit_rules.h"

#include "model/core/resolved_system.h"
#include "model/inference/inference_step.h"
#include "model/spec/spec_catalog.h"
#include "model/training/layout_check.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>
#include <optional>

namespace scalescope {

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
        std::optional<std::string> problem;
        if (s.mode == Mode::Inference) {
            if (const auto p = servingLayoutProblem(*probe, trial.parallel)) problem = p->message;
        } else if (!layoutIsValid(*probe, trial.parallel)) {
            const auto p = layoutProblem(*probe, trial.parallel);
            problem = p ? p->message : std::string();
        }
        if (problem) {
            if (excluded && !problem->empty() && (axis != QLatin1String("ep") || v <= 64))
                *excluded += QStringLiteral("%1 = %2: %3\n").arg(axis.toUpper()).arg(v).arg(QString::fromStdString(*problem));
            continue;
        }
        out.push_back(v);
    }
    if (out.empty()) out.push_back(axisValue(s, axis));
    return out;
}

void ScenarioControls::syncFromScenario()
{
    m_syncing = true;
    m_syncWanted = false;
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
    m_zero3Style->setEnabled(s.training.zeroStage >= 3);
    select(m_zero3Style, QString::fromUtf8(zero3StyleKey(s.training.zero3Style).data()));
    select(m_recompute, QString::fromUtf8(recomputeKey(s.training.recompute).data()));
    select(m_lossKernel, QString::fromUtf8(crossEntropyKey(s.training.crossEntropy).data()));
    m_moeDispatcher->setEnabled(s.parallel.ep > 1);
    select(m_moeDispatcher, QString::fromUtf8(moeDispatcherKey(s.training.moeDispatcher).data()));
    const ModelSpec* model = s.inlineModel ? &*s.inlineModel : m_controller.catalog().model(s.model);
    m_moeCapacity->setEnabled(s.mode == Mode::Training && model && model->moe);
    m_moePermuteFusion->setEnabled(s.mode == Mode::Training && model && model->moe);
    m_moePermuteFusion->setChecked(s.training.moePermuteFusion);
    m_moeCapacity->setValue(s.training.moeCapacityFactor > 0 ? s.training.moeCapacityFactor : m_moeCapacity->minimum());
    m_cpComm->setEnabled(s.parallel.cp > 1);
    select(m_cpComm, QString::fromUtf8(cpCommKey(s.training.cpComm).data()));
    m_fp8Params->setEnabled(s.training.precision == Precision::Fp8);
    m_fp8Params->setChecked(s.training.fp8Params);
    m_fp8Scaling->setEnabled(s.training.precision == Precision::Fp8 || s.training.precision == Precision::Fp4);
    select(m_fp8Scaling, QString::fromUtf8(fp8ScalingKey(s.training.fp8Scaling).data()));
    m_recomputeLayers->setEnabled(s.training.recompute == Recompute::Full);
    m_recomputeLayers->setValue(s.training.recomputeLayers);
    m_mtpLayers->setValue(std::min(s.training.mtpLayers, kMaxMtpModules));
    syncAttentionKernels(s);
    syncCalibrations(s);
    select(m_schedule, QString::fromUtf8(scheduleKey(s.parallel.schedule).data()));
    m_sharp->setChecked(s.network.sharp);
    select(m_mode, s.efficiency == EfficiencyMode::Measured ? QStringLiteral("measured") : QStringLiteral("theoretical"));
    syncServing(s);
    for (const QString& axis : sliderAxes()) {
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
    syncExpertTp(s);
    m_dp->setText(QString::number(s.parallel.dp));
    m_dp->setToolTip(s.mode == Mode::Inference ? tr("Replicas: GPUs / (TP·PP)") : tr("The GPUs left: GPUs / (TP·PP·CP)"));
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

// The attention kernels the GPU family has measurements of, its default
// first; a kernel the scenario names without measurements is listed too
// (the planner then warns that the default runs).
void ScenarioControls::syncAttentionKernels(const Scenario& s)
{
    const SpecCatalog& catalog = m_controller.catalog();
    const GpuSpec* gpu = scenarioGpu(s, catalog);
    const ComputeCalibration* c = gpu ? chosenComputeCalibration(catalog, s.calibration.compute, gpu->architecture) : nullptr;
    QStringList ids;
    if (c)
        for (const AttentionKernel& k : c->attention) ids << QString::fromStdString(k.id);
    const QString chosen = QString::fromStdString(s.training.attentionKernel);
    const bool unmeasured = !chosen.isEmpty() && (!c || c->attentionKernel(s.training.attentionKernel) < 0);
    // Item data: "" (the default), then the other kernels, then an unmeasured choice.
    QStringList items{QString()};
    for (int i = 1; i < ids.size(); ++i) items << ids[i];
    if (unmeasured) items << chosen;
    QStringList shown;
    for (int i = 0; i < m_attentionKernel->count(); ++i) shown << m_attentionKernel->itemData(i).toString();
    if (ids != m_kernelIds || shown != items) {
        m_kernelIds = ids;
        m_attentionKernel->clear();
        m_attentionKernel->addItem(ids.isEmpty() ? tr("default") : tr("default (%1)").arg(ids.front()), QString());
        for (int i = 1; i < ids.size(); ++i) m_attentionKernel->addItem(ids[i], ids[i]);
        if (unmeasured) m_attentionKernel->addItem(tr("%1 (not measured on this GPU)").arg(chosen), chosen);
    }
    const int at = m_attentionKernel->findData(chosen.isEmpty() ? QString() : chosen, Qt::UserRole, Qt::MatchFixedString);
    m_attentionKernel->setCurrentIndex(at >= 0 ? at : 0);
    m_attentionKernel->setEnabled(c != nullptr);
}

// "Same as TP" (the key absent), then every etp that divides both the expert
// FFN width and a pipeline stage's tp·cp·dp ranks (layout_check's rules);
// a training MoE model only.
void ScenarioControls::syncExpertTp(const Scenario& s)
{
    const PlannerResultPtr r = m_controller.result();
    const ModelSpec* m = r && r->context && r->context->model.id == s.model ? &r->context->model : nullptr;
    if (!m) m = s.inlineModel ? &*s.inlineModel : m_controller.catalog().model(s.model);
    const ParallelLayout& p = s.parallel;
    const long long stageRanks = static_cast<long long>(p.tp) * p.cp * p.dp;
    std::vector<int> sizes{0};
    if (m && m->moe)
        for (int d = 1; d <= m->moe->expertFfn.value && d <= stageRanks; ++d)
            if (m->moe->expertFfn.value % d == 0 && stageRanks % d == 0) sizes.push_back(d);
    if (p.etp > 0 && std::find(sizes.begin(), sizes.end(), p.etp) == sizes.end()) sizes.push_back(p.etp); // the file's, shown as is
    bool same = m_expertTp->count() == static_cast<int>(sizes.size());
    for (size_t i = 0; same && i < sizes.size(); ++i) same = m_expertTp->itemData(static_cast<int>(i)).toInt() == sizes[i];
    if (!same) {
        while (m_expertTp->count() > 1) m_expertTp->removeItem(m_expertTp->count() - 1);
        for (size_t i = 1; i < sizes.size(); ++i) m_expertTp->addItem(QString::number(sizes[i]), sizes[i]);
    }
    m_expertTp->setItemText(0, tr("same as TP (%1)").arg(p.tp));
    const int at = m_expertTp->findData(p.etp);
    m_expertTp->setCurrentIndex(at >= 0 ? at : 0);
    m_expertTp->setEnabled(s.mode == Mode::Training && m && m->moe && sizes.size() > 1);
}

// The compute calibrations covering the GPU's architecture and the network
// calibrations, as `scalescope-cli calibration list` shows them; the first
// item (data "") is the shipped default, named.
void ScenarioControls::syncCalibrations(const Scenario& s)
{
    const SpecCatalog& catalog = m_controller.catalog();
    const GpuSpec* gpu = scenarioGpu(s, catalog);
    const ComputeCalibration* shipped = gpu ? catalog.computeCalibrationFor(gpu->architecture) : nullptr;
    const auto fill = [this](QComboBox* box, const std::string& defaultId, const std::vector<std::string>& ids,
                             const std::string& chosen) {
        QStringList items{QString()}, shown;
        for (const std::string& id : ids)
            if (id != defaultId) items << QString::fromStdString(id);
        for (int i = 0; i < box->count(); ++i) shown << box->itemData(i).toString();
        const QString first = defaultId.empty() ? tr("default") : tr("default (%1)").arg(QString::fromStdString(defaultId));
        if (shown != items || box->count() == 0 || box->itemText(0) != first) {
            box->clear();
            box->addItem(first, QString());
            for (int i = 1; i < items.size(); ++i) box->addItem(items[i], items[i]);
        }
        const int at = box->findData(QString::fromStdString(chosen));
        box->setCurrentIndex(at >= 0 ? at : 0);
        box->setEnabled(box->count() > 1);
    };
    fill(m_computeCalibration, shipped ? shipped->id : std::string(),
         gpu ? computeCalibrationIdsFor(catalog, gpu->architecture) : std::vector<std::string>{}, s.calibration.compute);
    fill(m_networkCalibration, kDefaultCalibration, networkCalibrationIds(catalog), s.calibration.network);
}

bool ScenarioControls::event(QEvent* event)
{
    if (event->type() == kSyncEvent) {
        m_syncQueued = false;
        if (m_syncWanted) syncFromScenario();
        return true;
    }
    const bool handled = QWidget::event(event);
    if (event->type() == QEvent::LayoutRequest) Q_EMIT layoutChanged();
    return handled;
}

void ScenarioControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    if (event->type() == QEvent::PaletteChange) followPalette();
    QWidget::changeEvent(event);
}

QString ScenarioControls::scheduleName(Schedule s)
{
    switch (s) {
    case Schedule::GPipe: return tr("GPipe");
    case Schedule::OneFOneB: return tr("1F1B");
    case Schedule::Interleaved: return tr("interleaved 1F1B");
    case Schedule::ZeroBubble: return tr("zero bubble");
    }
    return QString::fromUtf8(scheduleKey(s).data());
}

QString ScenarioControls::recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return tr("none");
    case Recompute::Selective: return tr("selective");
    case Recompute::Full: return tr("full");
    case Recompute::PerOp: return tr("per-op (every other matmul)");
    }
    return QString::fromUtf8(recomputeKey(r).data());
}

void ScenarioControls::retranslate()
{
    const std::pair<const char*, QString> titles[] = {
        {"system", tr("System")}, {"gpus", tr("GPUs")}, {"model", tr("Model")}, {"seq", tr("Sequence length")},
        {"batch", tr("Global batch (sequences)")}, {"microbatch", tr("Micro-batch size")}, {"precision", tr("Precision")}, {"fp8Params", tr("FP8 weights")},
        {"fp8Scaling", tr("FP8 scaling")},
        {"zero", tr("ZeRO stage")}, {"zero3Style", tr("ZeRO-3 weights")}, {"recompute", tr("Recompute")}, {"recomputeLayers", tr("Recomputed layers")},
        {"attention", tr("Attention kernel")}, {"loss", tr("Loss kernel")}, {"mtp", tr("MTP modules")}, {"moeDispatcher", tr("MoE dispatcher")},
        {"moePermuteFusion", tr("MoE permutation")},
        {"moeCapacity", tr("Expert capacity factor")},
        {"cpComm", tr("CP exchange")}, {"tp", tr("TP")},
        {"pp", tr("PP")}, {"cp", tr("CP")}, {"ep", tr("EP")},
        {"vpp", tr("VPP")}, {"etp", tr("Expert TP")}, {"dp", tr("DP")}, {"schedule", tr("Schedule")},
        {"order", tr("Axis order")}, {"sharp", tr("SHARP")}, {"mode", tr("Efficiency")},
        {"computeCalibration", tr("Kernel calibration")}, {"networkCalibration", tr("Network calibration")}};
    for (const auto& [key, title] : titles) m_labels[QString::fromLatin1(key)]->setText(title);
    retranslateServing();
    for (int i = 0; i < m_recompute->count(); ++i)
        if (const auto r = recomputeFromKey(m_recompute->itemData(i).toString().toStdString())) m_recompute->setItemText(i, recomputeName(*r));
    for (int i = 0; i < m_schedule->count(); ++i)
        if (const auto s = scheduleFromKey(m_schedule->itemData(i).toString().toStdString())) m_schedule->setItemText(i, scheduleName(*s));
    m_recomputeLayers->setSpecialValueText(tr("all"));
    m_recomputeLayers->setToolTip(tr("With full recompute: how many layers of each pipeline stage recompute, the others "
                                     "store their activations (Megatron-LM --recompute-num-layers)"));
    m_mtpLayers->setToolTip(tr("Multi-token prediction modules trained beside the model (DeepSeek-V3: 1; Megatron-Core "
                               "--mtp-num-layers): each one more transformer block, projection and output head on the "
                               "last pipeline stage"));
    m_attentionKernel->setToolTip(tr("The fused-attention kernel, as measured on this GPU family (cudnn, flash2 = "
                                     "FlashAttention-2, …)"));
    m_attentionKernel->clear(); // rebuilt below, with the default item in the new language
    syncAttentionKernels(m_controller.scenario());
    m_computeCalibration->setToolTip(tr("The kernel speeds the measured efficiencies rest on: the shipped calibration of "
                                        "this GPU family or one imported with scalescope-cli calibration import"));
    m_networkCalibration->setToolTip(tr("The collective efficiencies the measured numbers rest on: the shipped NCCL "
                                        "calibration or one imported from nccl-tests logs"));
    syncCalibrations(m_controller.scenario());
    m_sharp->setText(tr("in-network reduction"));
    m_fp8Params->setText(tr("kept and gathered in FP8"));
    m_fp8Params->setToolTip(tr("With FP8 precision: the weights are kept and all-gathered in 1 byte (Megatron-Core "
                               "--fp8-param-gather, torchtitan float8 all-gather); the optimizer keeps fp32 master weights"));
    m_fp8Scaling->setItemText(0, tr("delayed (amax of earlier steps)"));
    m_fp8Scaling->setItemText(1, tr("tensorwise (amax read first)"));
    m_fp8Scaling->setItemText(2, tr("blockwise (scales in the cast)"));
    m_fp8Scaling->setToolTip(tr("With FP8 or FP4 precision: how each cast finds its scale. Delayed scaling (Transformer "
                                "Engine's default) records the amax in the cast; tensorwise (current) scaling reads the "
                                "tensor once more for its amax first (NeMo, torchtitan Float8); blockwise scales per tile "
                                "inside the cast (DeepSeek-V3, MXFP8)"));
    m_moeDispatcher->setItemText(0, tr("all-to-all (NCCL)"));
    m_moeDispatcher->setItemText(1, tr("DeepEP"));
    m_moeDispatcher->setItemText(2, tr("DeepEP, FP8 dispatch"));
    m_moeDispatcher->setToolTip(tr("With expert parallelism: how tokens reach their experts' GPUs and come back. "
                                   "All-to-all: one NCCL all-to-all over the EP group (Megatron-Core's alltoall "
                                   "dispatcher). DeepEP: NVLink inside a node; across nodes each token crosses the "
                                   "network once per destination node and is forwarded over NVLink, at DeepEP's "
                                   "published kernel bandwidths. FP8 dispatch sends about half the bytes out "
                                   "(DeepSeek-V3); the combine stays BF16"));
    m_moePermuteFusion->setText(tr("fused kernels"));
    m_moePermuteFusion->setToolTip(tr("Fused permute and unpermute kernels (Megatron-Core --moe-permute-fusion, "
                                      "Transformer Engine): each routed token row read and written once, no atomic "
                                      "adds; costed at the device copy rate, an assumption. Off (Megatron-Core's "
                                      "default, torchtitan): a gather and an atomic scatter-add at their measured rates"));
    m_moeCapacity->setSpecialValueText(tr("dropless"));
    m_moeCapacity->setToolTip(tr("MoE: each expert takes at most this factor times the mean tokens per expert and drops "
                                 "the rest (Switch Transformer; Megatron-Core --moe-expert-capacity-factor). With the "
                                 "all-to-all dispatcher every expert's input is padded to capacity, so the experts and "
                                 "the all-to-all run the factor times the routed tokens; DeepEP drops without padding. "
                                 "Dropless: the busiest expert sets the time"));
    m_lossKernel->setItemText(0, tr("fused (one kernel)"));
    m_lossKernel->setItemText(1, tr("eager (fp32 chain, Megatron-LM's default)"));
    m_lossKernel->setToolTip(tr("How the cross-entropy over the vocabulary runs on the last stage: one fused kernel "
                                "(--cross-entropy-loss-fusion, torch.compile), or a chain of eager kernels on fp32 logits "
                                "(Megatron-LM's default vocab_parallel_cross_entropy), costed at its own measured speed "
                                "(the kernel calibration's cross_entropy_eager)"));
    m_cpComm->setItemText(0, tr("ring, point-to-point (Megatron-Core)"));
    m_cpComm->setItemText(1, tr("all-gather K/V (Llama 3)"));
    m_cpComm->setItemText(2, tr("ring over one all-gather (PyTorch, torchtitan)"));
    m_cpComm->setToolTip(tr("With context parallelism: how the GPUs of a sequence exchange K and V. Ring attention passes "
                            "K/V chunks to the next GPU, each send hidden behind the attention of the chunk in hand "
                            "(Megatron-Core, Transformer Engine); all-gather collects K/V first, exposed, then attends "
                            "once per local chunk (Llama 3); PyTorch's context_parallel gathers K/V once beside the first "
                            "chunk and merges the chunks' outputs in fp32 (torchtitan)"));
    m_zero3Style->setItemText(0, tr("DeepSpeed: 16-bit shard + fp32 master"));
    m_zero3Style->setItemText(1, tr("PyTorch FSDP: fp32 shard only"));
    m_zero3Style->setToolTip(tr("With ZeRO stage 3: how each GPU keeps its shard of the weights. DeepSpeed keeps a 16-bit "
                                "shard beside the optimizer's fp32 master (18 B per parameter with fp32 gradients); "
                                "PyTorch FSDP (llm-foundry, torchtitan) steps the fp32 shard itself (16 B). Memory only."));
    m_mode->setItemText(0, tr("measured (calibrated kernels, NCCL)"));
    m_mode->setItemText(1, tr("theoretical (roofline)"));
    m_expertTp->setToolTip(tr("Expert tensor parallel (Megatron-Core --expert-tensor-parallel-size): how many GPUs split "
                              "each expert. Same as TP: experts split over TP and sharded over DP. Set: MoE parallel "
                              "folding (Liu et al. 2025), the expert layers lay the TP·CP·DP GPUs of each stage out again as "
                              "expert TP × EP × expert DP, so EP may take GPUs from TP and CP too"));
    syncExpertTp(m_controller.scenario());
    m_order->setToolTip(tr("Drag to reorder, innermost first: the first axis gets the closest GPUs (same NVLink domain)."));
    const std::pair<const char*, QString> axisTips[] = {
        {"tp", tr("Tensor parallel: splits every layer's matrices")}, {"pp", tr("Pipeline parallel: splits the layers into stages")},
        {"cp", tr("Context parallel: splits the sequence")}, {"ep", tr("Expert parallel: splits the experts across data-parallel ranks")},
        {"vpp", tr("Virtual pipeline stages per GPU (interleaved 1F1B)")}};
    for (const auto& [key, tip] : axisTips) m_labels[QString::fromLatin1(key)]->setToolTip(tip);
}

} // namespace scalescope

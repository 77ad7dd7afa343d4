#pragma once
// The scenario dock (scenario_controls.cpp builds it and turns each control
// into an edit; scenario_controls_sync.cpp shows the scenario in it): system,
// GPUs, model, training settings, the parallel
// layout as sliders that offer only valid values (the excluded ones are
// explained in the tooltip), the mesh axis order and network options.
// A Training | Inference switch on top; inference shows its own rows
// (scenario_controls_serving.cpp: batch, prompt and output tokens, weight
// and KV precision, the TPOT and TTFT limits) in place of the training
// ones, which are kept.
// Every change is an undoable edit through the ScenarioController.

#include "model/spec/scenario.h"

#include <QEvent>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <optional>

#include <map>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;
class QDoubleSpinBox;

namespace scalescope {

class ScenarioController;

class ScenarioControls final : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioControls(ScenarioController& controller, QWidget* parent = nullptr);

    // The slider of an axis ("tp", "pp", "cp", "ep", "vpp"), for tests and benchmarks.
    [[nodiscard]] QSlider* slider(const QString& axis) const;
    // How the planner names a schedule and a recompute mode (translated; the
    // suggestions dialog shows the same words as these controls).
    [[nodiscard]] static QString scheduleName(Schedule s);
    [[nodiscard]] static QString recomputeName(Recompute r);
    // The batches the serving batch slider offers, in order; its last position is "max".
    [[nodiscard]] static const std::vector<int>& servingBatches();
    // Values the slider of `axis` offers for the current scenario.
    [[nodiscard]] std::vector<int> offered(const QString& axis) const { return m_offered.at(axis); }

Q_SIGNALS:
    // The controls' layout was recomputed (new rows, language, font): the
    // width they need may have changed.
    void layoutChanged();

protected:
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct AxisControl {
        QSlider* slider = nullptr;
        QLabel* value = nullptr;
        QLabel* title = nullptr;
    };
    void build();
    void retranslate();
    void syncFromScenario();
    void queueSync(); // syncFromScenario at the next idle turn of the event loop
    void editWith(const QString& what, int dragId, const std::function<void(Scenario&)>& change);
    // A change of system or GPU count: the layout is fitted from the one the user chose.
    void editFittingSystem(const QString& what, const std::function<void(Scenario&)>& change);
    void rememberPreferredLayout();
    void syncSystemLimits(const Scenario& s);
    void syncAttentionKernels(const Scenario& s);
    void syncCalibrations(const Scenario& s); // the calibrations that fit the GPU (calibration list)
    void syncExpertTp(const Scenario& s);     // the expert TP sizes the model and layout allow
    void axisMoved(const QString& axis, int index);
    // The mode switch and the inference rows (scenario_controls_serving.cpp).
    void buildServing();
    void syncServing(const Scenario& s);
    void retranslateServing();
    void switchMode(Mode mode);
    void followPalette(); // the mode switch's colours in a new theme
    [[nodiscard]] std::vector<int> candidates(const QString& axis, const Scenario& s, QString* excluded) const;

    struct FittedLayout {
        long long gpus = 0;
        ParallelLayout layout;
    };

    ScenarioController& m_controller;
    // The layout the user last chose, and the fit made from it for another GPU count.
    ParallelLayout m_preferred;
    std::optional<FittedLayout> m_fitted;
    bool m_syncing = false;
    bool m_syncQueued = false;
    bool m_syncWanted = false; // the scenario changed since the controls last synced
    static constexpr int kSyncFallbackMs = 50;
    static constexpr QEvent::Type kSyncEvent = static_cast<QEvent::Type>(QEvent::User + 1); // queueSync's event
    QTimer m_syncFallback; // syncs when a result is slow to come
    std::string m_syncedModel; // model of the result the sliders were last bounded by
    int m_dragId = 0;
    QFormLayout* m_form = nullptr;
    QComboBox* m_system = nullptr;
    QSpinBox* m_gpus = nullptr;
    QComboBox* m_model = nullptr;
    QComboBox* m_seqLen = nullptr;
    QSpinBox* m_globalBatch = nullptr;
    QComboBox* m_microbatch = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_zero = nullptr;
    QComboBox* m_recompute = nullptr;
    QSpinBox* m_recomputeLayers = nullptr;   // with full recompute: layers per stage (0: all)
    QComboBox* m_attentionKernel = nullptr;  // "": the GPU family's default
    QComboBox* m_lossKernel = nullptr;       // how the cross-entropy runs (cross_entropy): fused or eager
    QSpinBox* m_mtpLayers = nullptr;         // multi-token prediction modules (mtp_layers); 0: none
    QCheckBox* m_moePermuteFusion = nullptr; // fused permute / unpermute kernels (moe_permute_fusion); MoE models
    QComboBox* m_moeDispatcher = nullptr;    // how MoE tokens reach their experts (moe_dispatcher); MoE models with EP > 1
    QComboBox* m_cpComm = nullptr;           // how context parallelism exchanges K/V (cp_comm)
    QDoubleSpinBox* m_moeCapacity = nullptr; // expert capacity factor (moe_capacity_factor); its minimum reads "dropless"
    QComboBox* m_schedule = nullptr;
    QListWidget* m_order = nullptr;
    QCheckBox* m_sharp = nullptr;
    QCheckBox* m_fp8Params = nullptr; // FP8 weights (fp8_params), with FP8 precision only
    QComboBox* m_fp8Scaling = nullptr; // how casts find their scale (fp8_scaling), with FP8 or FP4 only
    QComboBox* m_zero3Style = nullptr; // how ZeRO-3 keeps the weight shard (zero3_style), with ZeRO stage 3 only
    QComboBox* m_mode = nullptr;
    QComboBox* m_computeCalibration = nullptr; // "": the GPU family's shipped one
    QComboBox* m_networkCalibration = nullptr; // "": nccl-measured
    QComboBox* m_expertTp = nullptr; // parallel.etp; item data 0 = the key absent (same as TP)
    QLabel* m_dp = nullptr;
    std::map<QString, AxisControl> m_axes;
    std::map<QString, std::vector<int>> m_offered;
    std::map<QString, QLabel*> m_labels;
    QStringList m_kernelIds; // the attention kernels m_attentionKernel lists
    // Inference.
    QPushButton* m_trainingMode = nullptr;  // the Training | Inference switch
    QPushButton* m_servingMode = nullptr;
    QSlider* m_servingBatchSlider = nullptr; // servingBatches(), then "max"
    QSpinBox* m_servingBatch = nullptr;      // 0 shows "max"
    QSpinBox* m_promptTokens = nullptr;
    QSpinBox* m_outputTokens = nullptr;
    QComboBox* m_servingPrecision = nullptr;
    QComboBox* m_kvPrecision = nullptr;      // "": the weights' precision
    QDoubleSpinBox* m_tpotLimit = nullptr;   // ms; 0 shows "none"
    QDoubleSpinBox* m_ttftLimit = nullptr;   // s; 0 shows "none"
};

} // namespace scalescope

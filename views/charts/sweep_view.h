#pragma once
// The sweep chart as a view that follows the planned scenario: an axis
// picker (TP, PP, CP, EP, micro-batch size, GPUs), the chart of that axis
// swept over the latest result's scenario (asked of the model on each new
// result or axis), and a click on a point offers that point's layout
// (pointChosen) for the owner to apply as one undoable edit. Lessons pick
// the axis by key: setAxis("tp").

#include "views/charts/sweep_scene.h"
#include "views/hardware/hardware_view.h"
#include "views/planner/planner_result.h"

class QComboBox;
class QLabel;
class QMouseEvent;

namespace scalescope {

class SweepView final : public HardwareView {
    Q_OBJECT
public:
    explicit SweepView(const SpecCatalog& catalog, QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    // "tp", "pp", "cp", "ep", "mbs" or "gpus"; false (nothing changes) for another key.
    bool setAxis(const QString& key);
    [[nodiscard]] QString axis() const;
    [[nodiscard]] const SweepChartData& data() const noexcept { return m_data; }
    [[nodiscard]] QComboBox* axisPicker() const noexcept { return m_axis; }

    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("sweep"); }

    // The index in data().sweep.points of the point drawn nearest `scenePos`
    // in any panel, within `radius` scene units; nullopt when none is.
    [[nodiscard]] std::optional<std::size_t> pointAt(const QPointF& scenePos, qreal radius) const;
    // The hover text of data().sweep.points[index]: its figures with units and the layout it ran.
    [[nodiscard]] QString pointTip(std::size_t index) const;

Q_SIGNALS:
    // A click on a point: run the scenario at data().sweep.points[index].
    void pointChosen(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void retranslateControls() override;

private:
    void recompute();
    void showPointTip(const QMouseEvent* mouse);

    const SpecCatalog& m_catalog;
    PlannerResultPtr m_result;
    SweepChartData m_data;
    QLabel* m_axisLabel = nullptr;
    QComboBox* m_axis = nullptr;
    QPointF m_pressAt;
};

} // namespace scalescope

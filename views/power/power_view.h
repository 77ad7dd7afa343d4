#pragma once
// The power and cooling view of the planned scenario: draws a PowerScene
// from the planner's PlannerResult, with a ΔT slider and a coolant choice.
// Those controls do not compute anything: they ask for a scenario edit
// (facilityEdited), which the planner makes undoable and evaluates, and the
// new result comes back through setResult.

#include "views/hardware/hardware_view.h"
#include "views/planner/planner_result.h"

class QComboBox;
class QLabel;
class QSlider;

namespace scalescope {

class PowerScene;

class PowerView final : public HardwareView {
    Q_OBJECT
public:
    explicit PowerView(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    [[nodiscard]] PlannerResultPtr result() const { return m_result; }
    [[nodiscard]] QSlider* deltaTSlider() const noexcept { return m_deltaT; }
    [[nodiscard]] QComboBox* coolantPicker() const noexcept { return m_coolant; }
    // Coolant flow of one rack at peak as drawn, in L/min (0 without a result).
    [[nodiscard]] double shownRackFlowLitresPerMinute() const;

    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("power"); }

    // Slider steps are half a kelvin.
    static constexpr double kDeltaTStep = 0.5, kDeltaTMin = 4, kDeltaTMax = 20;

Q_SIGNALS:
    // The user asks for these facility settings; `drag` is non-zero and the
    // same for every step of one slider drag.
    void facilityEdited(const scalescope::FacilitySettings& facility, const QString& description, int drag);

protected:
    void retranslateControls() override;

private:
    void emitEdit(int drag);

    PlannerResultPtr m_result;
    QLabel* m_deltaTLabel = nullptr;
    QSlider* m_deltaT = nullptr;
    QLabel* m_deltaTValue = nullptr;
    QLabel* m_coolantLabel = nullptr;
    QComboBox* m_coolant = nullptr;
    int m_dragSerial = 0;
};

} // namespace scalescope

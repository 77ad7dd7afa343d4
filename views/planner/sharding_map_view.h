#pragma once
// The sharding map: every GPU of the planned job laid out as the hardware,
// coloured by TP rank, PP stage, DP replica or EP rank (a combo box). A
// click on a GPU shows its mesh coordinates and what it holds, and outlines
// the other members of its group along the coloured axis. Driven by the
// planner's PlannerResult; it remaps when the axis order changes.

#include "planner_result.h"
#include "sharding_map_scene.h"

#include "views/hardware/hardware_view.h"

class QComboBox;
class QLabel;

namespace scalescope {

class ShardingMapView final : public HardwareView {
    Q_OBJECT
public:
    explicit ShardingMapView(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    void setColouring(ShardingColouring c);
    [[nodiscard]] ShardingColouring colouring() const;
    // Selects a GPU by rank (-1 clears): details and group outline.
    void selectRank(long long rank);
    [[nodiscard]] long long selectedRank() const noexcept { return m_selected; }
    [[nodiscard]] QString detailsText() const; // plain text of the details, for tests

    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("sharding"); }

protected:
    void retranslateControls() override;

private:
    void refresh();
    void showSelection();

    PlannerResultPtr m_result;
    long long m_selected = -1;
    QLabel* m_colourLabel = nullptr;
    QComboBox* m_colour = nullptr;
    QLabel* m_details = nullptr;
};

} // namespace scalescope

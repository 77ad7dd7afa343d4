#pragma once
// The sharding map: every GPU of the planned job laid out as the hardware,
// coloured by TP rank, PP stage, DP replica or EP rank (a combo box). A
// click on a GPU shows its mesh coordinates and what it holds, and outlines
// the other members of its group along the coloured axis. Driven by the
// planner's PlannerResult; it remaps when the axis order changes. A click
// selects the GPU in the shared GpuSelection (rank = cluster GPU number);
// a GPU selected elsewhere is selected here when it is one of the
// scenario's GPUs on the scenario's system.

#include "planner_result.h"
#include "sharding_map_scene.h"

#include "views/hardware/hardware_view.h"
#include "views/selection/gpu_selection.h"

#include <QPointer>

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
    // Follows and publishes the GPU selection shared with the other views (not owned).
    void setGpuSelection(GpuSelection* selection);

    [[nodiscard]] std::unique_ptr<HardwareScene> createScene(const HardwarePalette& palette) const override;
    [[nodiscard]] QString viewKey() const override { return QStringLiteral("sharding"); }

protected:
    void retranslateControls() override;
    void sceneRebuilt() override { showSelection(); }

private:
    void refresh();
    void showSelection();
    void pick(long long rank); // a click on a cell: publish, or select when nothing is shared
    void follow(const GpuRef& ref);
    [[nodiscard]] long long rankOf(const GpuRef& ref) const; // -1 when not one of the scenario's GPUs

    PlannerResultPtr m_result;
    long long m_selected = -1;
    QPointer<GpuSelection> m_selection; // not owned
    QLabel* m_colourLabel = nullptr;
    QComboBox* m_colour = nullptr;
    QLabel* m_details = nullptr;
};

} // namespace scalescope

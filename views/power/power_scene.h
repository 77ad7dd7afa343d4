#pragma once
// The power and cooling scene: the budget from components to a rack to the
// job at the facility meter (stacked bars), the rack's feeds with their load,
// the cooling path with its flow (a liquid-cooled system's water loop to the
// rack's cold plates, an air-cooled system's air path through the node fans
// and the room's air handlers), air versus liquid, and the energy
// and cost of the planned job. Every number is read from a FacilityReport
// (model/power/facility_report.h); the scene only lays it out.

#include "views/hardware/hardware_scene.h"
#include "views/planner/planner_result.h"

#include "model/power/facility_report.h"

#include <optional>

namespace scalescope {

class PowerScene final : public HardwareScene {
    Q_OBJECT
public:
    PowerScene(const PlannerResult& result, const HardwarePalette& palette, QObject* parent = nullptr);

    // The report drawn, when the scenario resolved.
    [[nodiscard]] const std::optional<FacilityReport>& report() const noexcept { return m_report; }

    // Translated name of a budget line ("gpu", "switch-trays", ...).
    [[nodiscard]] static QString itemName(const std::string& key);

private:
    void addPanelTitle(const QString& text, const QRectF& box);
    void addStackedBar(const QString& title, const std::vector<std::pair<QString, Watts>>& parts, Watts total,
                       const QRectF& bar, const QString& kind);
    void addFeeds(const EvaluationContext& ctx, const FacilityReport& r, const QRectF& box);
    void addCoolingLoop(const EvaluationContext& ctx, const FacilityReport& r, const QRectF& box);
    void addAirPath(const FacilityReport& r, const QRectF& box);
    // Boxes (kind `kind`) in a row, joined by a supply and a return line.
    void addCoolingChain(const std::vector<QString>& names, const QColor& fill, const QString& kind, qreal top,
                         const QRectF& box, const QColor& supply, const QColor& back);
    void addAirVersusLiquid(const FacilityReport& r, const QRectF& box);
    void addEnergy(const PlannerResult& result, const FacilityReport& r, const QRectF& box);

    std::optional<FacilityReport> m_report;
};

} // namespace scalescope

#pragma once
// The "Why this number" panel: where the step time goes (compute by kind,
// exposed communication by axis, bubble, optimizer — model/training/
// operation_breakdown.h) above the operation table it is summed from.

#include "planner_result.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace scalescope {

class OperationTableModel;

class BreakdownPanel final : public QWidget {
    Q_OBJECT
public:
    explicit BreakdownPanel(QWidget* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    [[nodiscard]] OperationTableModel* table() const noexcept { return m_model; }
    [[nodiscard]] QString summaryText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    [[nodiscard]] QString servingSummary() const; // refresh() of an evaluated inference scenario

    PlannerResultPtr m_result;
    QLabel* m_summary = nullptr;
    QTableView* m_view = nullptr;
    OperationTableModel* m_model = nullptr;
};

} // namespace scalescope

#pragma once
// "Why this number" as a table: the rows of the model's per-operation cost
// table (model/core/operation_table.h) for one planner result, per step on
// the bottleneck stage's GPU, largest exposed time first. It reads the table;
// it derives nothing.

#include "planner_result.h"

#include <QAbstractTableModel>

#include <vector>

namespace scalescope {

class OperationTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Operation, PhaseColumn, Stream, PerStep, StepTime, Hidden, Share, Efficiency, FlopsColumn, BytesColumn, Source, ColumnCount };

    explicit OperationTableModel(QObject* parent = nullptr);

    void setResult(const PlannerResultPtr& result);
    [[nodiscard]] const PlannerResultPtr& result() const noexcept { return m_result; }
    // Seconds per step of row `row` (all its instances), exposed part only.
    [[nodiscard]] double exposedSeconds(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    PlannerResultPtr m_result;
    std::vector<int> m_order; // indices into the evaluation's rows, largest exposed step time first
};

// The operation's name as a reader says it ("QKV projection", "TP AllGather / ReduceScatter").
[[nodiscard]] QString operationName(OpKind kind);
[[nodiscard]] QString phaseName(Phase phase);
[[nodiscard]] QString streamName(OpStream stream);

} // namespace scalescope

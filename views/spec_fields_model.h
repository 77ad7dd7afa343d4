#pragma once
// Table model of one spec's fields: path, value with unit, source citation.

#include "model/spec/spec_fields.h"

#include <QAbstractTableModel>

#include <vector>

namespace scalescope {

class SpecFieldsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FieldColumn, ValueColumn, SourceColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setFields(std::vector<SpecField> fields);
    [[nodiscard]] const SpecField* field(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<SpecField> m_fields;
};

} // namespace scalescope

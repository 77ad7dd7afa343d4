#include "spec_fields_model.h"

#include <QColor>
#include <QFont>
#include <QPalette>

namespace scalescope {

void SpecFieldsModel::setFields(std::vector<SpecField> fields)
{
    beginResetModel();
    m_fields = std::move(fields);
    endResetModel();
}

const SpecField* SpecFieldsModel::field(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_fields.size())) return nullptr;
    return &m_fields[static_cast<size_t>(row)];
}

int SpecFieldsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_fields.size());
}

int SpecFieldsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SpecFieldsModel::data(const QModelIndex& index, int role) const
{
    const SpecField* f = field(index.row());
    if (!f || index.column() < 0 || index.column() >= ColumnCount) return {};
    const auto q = [](const std::string& s) { return QString::fromStdString(s); };
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case FieldColumn: return q(f->path.substr(1));
        case ValueColumn: return f->readable.empty() ? tr("— (not applicable or not published)") : q(f->readable);
        case SourceColumn: return f->sourceKey.empty() ? QString() : q(f->citation);
        }
    }
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("<b>%1</b><br>%2").arg(q(f->path).toHtmlEscaped(), q(f->value).toHtmlEscaped());
        if (!f->citation.empty()) tip += QStringLiteral("<br>") + tr("Source: %1").arg(q(f->citation).toHtmlEscaped());
        if (!f->note.empty()) tip += QStringLiteral("<br>") + tr("Note: %1").arg(q(f->note).toHtmlEscaped());
        if (!f->alternatives.empty())
            tip += QStringLiteral("<br>") + tr("Other published values: %1").arg(q(f->alternatives).toHtmlEscaped());
        return tip;
    }
    if (role == Qt::FontRole && index.column() == ValueColumn && !f->alternatives.empty()) {
        QFont font;
        font.setItalic(true); // a value chosen among disagreeing sources
        return font;
    }
    return {};
}

QVariant SpecFieldsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case FieldColumn: return tr("Field");
    case ValueColumn: return tr("Value");
    case SourceColumn: return tr("Source");
    }
    return {};
}

} // namespace scalescope

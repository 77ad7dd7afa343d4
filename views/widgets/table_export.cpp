#include "table_export.h"

#include "model/report/csv_table.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTableView>

#include <set>

namespace scalescope {

namespace {

QString trTable(const char* text)
{
    return QCoreApplication::translate("TableExport", text);
}

bool columnShown(const QAbstractItemView& view, int column)
{
    const auto* table = qobject_cast<const QTableView*>(&view);
    return !table || !table->isColumnHidden(column);
}

// Gives the actions their text, again on a language change.
class TableExportTexts final : public QObject {
public:
    TableExportTexts(QAction* copy, QAction* save, QObject* parent) : QObject(parent), m_copy(copy), m_save(save)
    {
        retranslate();
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange) retranslate();
        return QObject::eventFilter(watched, event);
    }

private:
    void retranslate()
    {
        m_copy->setText(trTable(QT_TRANSLATE_NOOP("TableExport", "Copy")));
        m_save->setText(trTable(QT_TRANSLATE_NOOP("TableExport", "Save as CSV…")));
    }

    QAction* m_copy;
    QAction* m_save;
};

} // namespace

CsvTable tableCells(const QAbstractItemView& view, bool selectedOnly)
{
    CsvTable table;
    const QAbstractItemModel* model = view.model();
    if (!model) return table;
    std::vector<int> columns;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (!columnShown(view, c)) continue;
        columns.push_back(c);
        table.header.push_back(model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().toStdString());
    }
    std::set<int> rows;
    if (selectedOnly && view.selectionModel())
        for (const QModelIndex& index : view.selectionModel()->selectedIndexes())
            rows.insert(index.row());
    if (rows.empty())
        for (int r = 0; r < model->rowCount(); ++r)
            rows.insert(r);
    for (int r : rows) {
        std::vector<std::string> row;
        for (int c : columns)
            row.push_back(model->index(r, c).data(Qt::DisplayRole).toString().toStdString());
        table.rows.push_back(std::move(row));
    }
    return table;
}

void copyTableRows(const QAbstractItemView& view)
{
    QApplication::clipboard()->setText(QString::fromStdString(csvText(tableCells(view, true), '\t')));
}

bool saveTableCsv(const QAbstractItemView& view, const QString& file, QString* error)
{
    const std::string text = csvText(tableCells(view, false));
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0 || !out.commit()) {
        if (error) *error = trTable(QT_TRANSLATE_NOOP("TableExport", "Cannot write %1: %2")).arg(QDir::toNativeSeparators(file), out.errorString());
        return false;
    }
    return true;
}

void addTableExportActions(QAbstractItemView* view, const QString& suggestedName)
{
    auto* copy = new QAction(view);
    copy->setObjectName(QStringLiteral("copyTableRows"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(copy, &QAction::triggered, view, [view] { copyTableRows(*view); });
    auto* save = new QAction(view);
    save->setObjectName(QStringLiteral("saveTableCsv"));
    QObject::connect(save, &QAction::triggered, view, [view, suggestedName] {
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString file = QFileDialog::getSaveFileName(view, trTable(QT_TRANSLATE_NOOP("TableExport", "Save as CSV")),
                                                          QDir(folder).filePath(suggestedName),
                                                          trTable(QT_TRANSLATE_NOOP("TableExport", "CSV files (*.csv)")));
        if (file.isEmpty()) return;
        QString error;
        if (!saveTableCsv(*view, file, &error))
            QMessageBox::warning(view, trTable(QT_TRANSLATE_NOOP("TableExport", "Save as CSV")), error);
    });
    view->installEventFilter(new TableExportTexts(copy, save, view));
    view->addAction(copy);
    view->addAction(save);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

} // namespace scalescope
